import { boardText as t, wordsOf } from '../../ui-messages';
import type { LaneField } from './group-by-param';

/** The grouping control's words (the lanes' are in swimlane-texts). */
export const groupByTexts = {
  get group() {
    return t('groupLanes');
  },
  get none() {
    return t('noneChoice');
  },
  fields: wordsOf<LaneField>({ assignee: 'fieldAssignee', priority: 'fieldPriority', label: 'fieldLabel' }),
  get loadingLanes() {
    return t('loadingLanes');
  },
};
