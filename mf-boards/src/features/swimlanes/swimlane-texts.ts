import { boardText as t, uiMessages, wordsOf } from '../../ui-messages';
import type { LaneField } from './group-by-param';

/** What the lanes say (the grouping control's words are in group-by-texts). */
export const swimlaneTexts = {
  get unassigned() {
    return t('unassigned');
  },
  get noLabel() {
    return t('noLabel');
  },
  /** An assignee no longer on the board, whose issue kept no name. */
  get formerMember() {
    return t('formerMember');
  },
  lanesOf: wordsOf<LaneField>({
    assignee: 'lanesByAssignee',
    priority: 'lanesByPriority',
    label: 'lanesByLabel',
  }),
  laneCount: (n: number) => uiMessages.issuesShown(n),
  /** An issue with several labels shows in each of its labels' lanes: said once, above the lanes. */
  get severalLabels() {
    return t('severalLabels');
  },
  get noIssues() {
    return t('noIssuesToShow');
  },
  get instructions() {
    return t('laneInstructions');
  },
  get instructionsReadOnly() {
    return t('laneInstructionsReadOnly');
  },
  get laneChangeFailed() {
    return t('laneChangeFailed');
  },
  /** The Undo toast of a card dropped in another lane (as a card moved to another column says it). */
  movedToLane: (title: string, lane: string) => uiMessages.cardMoved(title, lane),
};
