import type { LaneField } from './group-by-param';

/** What the lanes say: their own chunk's words (the grouping control's are in group-by-texts). */
export const swimlaneTexts = {
  unassigned: 'Unassigned',
  noLabel: 'No label',
  /** An assignee no longer on the board, whose issue kept no name. */
  formerMember: 'Former member',
  lanesOf: {
    assignee: 'Lanes by assignee',
    priority: 'Lanes by priority',
    label: 'Lanes by label',
  } satisfies Record<LaneField, string>,
  laneCount: (n: number) => (n === 1 ? '1 issue' : `${n.toLocaleString('en')} issues`),
  /** An issue with several labels shows in each of its labels' lanes: said once, above the lanes. */
  severalLabels: 'An issue with several labels shows in each of its labels’ lanes.',
  noIssues: 'No issues to show.',
  instructions:
    'Press Enter to open the issue. J and K move to the next and previous issue, Up and Down move between the issues of a column in a lane. Press Space to pick it up, the arrow keys to move it within its lane, Space or Enter to drop it and Escape to cancel. Drag a card to another lane to change its field.',
  instructionsReadOnly:
    'Press Enter to open the issue. J and K move to the next and previous issue, Up and Down move between the issues of a column in a lane.',
  laneChangeFailed: 'The card could not be moved to that lane.',
  /** The Undo toast of a card dropped in another lane (as a card moved to another column says it). */
  movedToLane: (title: string, lane: string) => `Moved ${title} to ${lane}.`,
};
