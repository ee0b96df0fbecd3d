import { boardText as t, uiMessages, wordsOf } from '../../ui-messages';
import type { SortField } from './list-params';

/**
 * What the list says, read from the board's catalogue as it is shown. The view switch's words are
 * in ui-messages.
 */
export const listTexts = {
  get grid() {
    return t('listGrid');
  },
  columns: wordsOf<SortField>({
    key: 'fieldKey',
    title: 'issueTitleField',
    status: 'fieldStatus',
    assignee: 'fieldAssignee',
    labels: 'fieldLabels',
    priority: 'fieldPriority',
    type: 'fieldType',
    estimate: 'fieldEstimate',
    due: 'fieldDueDate',
    updated: 'fieldUpdated',
  }),
  get groupBy() {
    return t('groupBy');
  },
  get noGrouping() {
    return t('noneChoice');
  },
  groupNames: wordsOf({
    status: 'fieldStatus',
    assignee: 'fieldAssignee',
    priority: 'fieldPriority',
    label: 'fieldLabel',
    parent: 'fieldParent',
  }),
  get unassigned() {
    return t('unassigned');
  },
  get noLabel() {
    return t('noLabel');
  },
  get noParent() {
    return t('noParent');
  },
  /** A parent that is not on this board (another board of the project). */
  otherParent: (parentId: string) => t('otherParent', { issueId: parentId }),
  groupCount: (n: number) => uiMessages.issuesShown(n),
  /** The name of a row's control: which field, of which issue. */
  fieldOf: (field: string, key: string) => t('fieldOf', { field, issueKey: key }),
  get noIssues() {
    return t('noIssuesToShow');
  },
  pick: (key: string) => t('pickIssue', { issueKey: key }),
  get pickAll() {
    return t('pickAll');
  },
  get instructions() {
    return t('listInstructions');
  },
};
