import type { SortField } from './list-params';

/**
 * What the list says: its own chunk's words, so a board drawn as columns loads without them (the
 * cold board's JavaScript is at its budget). The view switch's words are in ui-messages.
 */
export const listTexts = {
  grid: 'Issues',
  columns: {
    key: 'Key',
    title: 'Title',
    status: 'Status',
    assignee: 'Assignee',
    labels: 'Labels',
    priority: 'Priority',
    type: 'Type',
    estimate: 'Estimate',
    due: 'Due date',
    updated: 'Updated',
  } satisfies Record<SortField, string>,
  groupBy: 'Group by',
  noGrouping: 'None',
  groupNames: {
    status: 'Status',
    assignee: 'Assignee',
    priority: 'Priority',
    label: 'Label',
    parent: 'Parent',
  },
  unassigned: 'Unassigned',
  noLabel: 'No label',
  noParent: 'No parent',
  /** A parent that is not on this board (another board of the project). */
  otherParent: (parentId: string) => `Issue ${parentId}`,
  groupCount: (n: number) => (n === 1 ? '1 issue' : `${n.toLocaleString('en')} issues`),
  /** The name of a row's control: which field, of which issue. */
  fieldOf: (field: string, key: string) => `${field} of ${key}`,
  noIssues: 'No issues to show.',
  pick: (key: string) => `Select ${key}`,
  pickAll: 'Select all issues shown',
  instructions:
    'J or Down and K or Up move between the rows, Home and End to the first and last. Enter opens the issue, X selects it for a bulk edit; Tab reaches the fields of the current row.',
};
