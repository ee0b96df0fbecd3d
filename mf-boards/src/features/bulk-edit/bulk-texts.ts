import type { IssueDto } from '@trackboard/contracts';
import { boardText as t, uiMessages, wordsOf } from '../../ui-messages';

/** What the bulk edit bar says, read from the board's catalogue as it is shown. */
export const bulkTexts = {
  get region() {
    return t('bulkRegion');
  },
  selected: (n: number) => t.plural('bulkSelected', n),
  tooMany: (max: number) => t('bulkTooMany', { max }),
  get status() {
    return uiMessages.fields.status;
  },
  get moveTo() {
    return t('moveToChoice');
  },
  get assignee() {
    return uiMessages.fields.assignee;
  },
  get assignTo() {
    return t('assignToChoice');
  },
  get unassigned() {
    return t('unassigned');
  },
  get priority() {
    return uiMessages.fields.priority;
  },
  get setPriority() {
    return t('setPriorityChoice');
  },
  get type() {
    return uiMessages.fields.type;
  },
  get setType() {
    return t('setTypeChoice');
  },
  /** The bar's choices of priority and type, as it has always spelt them in English ("HIGH"). */
  priorities: wordsOf<IssueDto['priority']>({
    LOW: 'bulkPriorityLow',
    MEDIUM: 'bulkPriorityMedium',
    HIGH: 'bulkPriorityHigh',
    CRITICAL: 'bulkPriorityCritical',
  }),
  types: wordsOf<IssueDto['type']>({
    TASK: 'bulkTypeTask',
    BUG: 'bulkTypeBug',
    STORY: 'bulkTypeStory',
    EPIC: 'bulkTypeEpic',
  }),
  get addLabel() {
    return t('addLabel');
  },
  get addLabelChoice() {
    return t('addLabelChoice');
  },
  get removeLabel() {
    return t('removeLabel');
  },
  get removeLabelChoice() {
    return t('removeLabelChoice');
  },
  get cycle() {
    return uiMessages.fields.cycle;
  },
  get setCycle() {
    return t('setCycleChoice');
  },
  get dueDate() {
    return uiMessages.fields.dueDate;
  },
  get clearDueDate() {
    return t('clearDueDate');
  },
  get delete() {
    return t('delete');
  },
  get clear() {
    return t('clearSelection');
  },
  changed: (n: number) => t.plural('bulkChanged', n),
  deleted: (n: number) => t.plural('bulkDeleted', n),
  get failed() {
    return t('bulkFailed');
  },
};
