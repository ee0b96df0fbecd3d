import { messages, WIP_LIMIT_MAX } from '@trackboard/contracts';

const issues = (n: number) => `${n} ${n === 1 ? 'issue' : 'issues'}`;

// What the board says about arranging its columns: the column menu, its forms, the
// WIP limit on the count, and the live region's notices. The server's refusals come from its
// catalogue (contracts' messages) and are shown as it words them.
export const columnMessages = {
  // The column menu
  columnActions: (column: string) => `Column actions for ${column}`,
  rename: 'Rename',
  setWipLimit: 'Set WIP limit',
  moveLeft: 'Move left',
  moveRight: 'Move right',
  deleteColumn: 'Delete column',

  // The forms: a field's name, as its errors say it ("Column name can be at most 100 characters.")
  columnNameField: 'Column name',
  wipLimitField: 'WIP limit',
  wipLimitHint: `A whole number from 1 to ${WIP_LIMIT_MAX}. Leave empty for no limit.`,
  wipLimitWhole: 'WIP limit must be a whole number.',
  wipLimitAtLeast: 'WIP limit must be at least 1.',
  wipLimitAtMost: `WIP limit must be at most ${WIP_LIMIT_MAX}.`,
  renameForm: (column: string) => `Rename ${column}`,
  wipLimitForm: (column: string) => `WIP limit of ${column}`,
  save: 'Save',
  cancel: 'Cancel',
  addColumn: '+ Add column',
  addColumnForm: 'New column',
  newColumnPlaceholder: 'Column name',

  // Deleting
  deleteForm: (column: string) => `Delete ${column}`,
  confirmDelete: (column: string) => `Delete the column ${column}?`,
  moveIssuesTo: (n: number) => `Move its ${issues(n)} to`,
  delete: 'Delete',
  lastColumn: messages.lastColumn,

  // The count in a column's header: "4 / 3" (count over limit), its name for a screen reader
  wipCount: (count: number, limit: number) => `${count} / ${limit}`,
  /** While a filter shows some of the column's cards: "2/5 · WIP 3". */
  filteredWipCount: (shown: number, total: number, limit: number) => `${shown}/${total} · WIP ${limit}`,
  wipCountLabel: (count: number, limit: number) =>
    `${issues(count)}, WIP limit ${limit}${count > limit ? ', over the limit' : count === limit ? ', at the limit' : ''}`,
  filteredWipCountLabel: (shown: number, total: number, limit: number) =>
    `${shown} of ${issues(total)} shown, WIP limit ${limit}${total > limit ? ', over the limit' : total === limit ? ', at the limit' : ''}`,

  // The polite live region
  overWipLimit: (column: string, count: number, limit: number) =>
    `${column} is over its WIP limit (${count} / ${limit}).`,
  columnMoved: (column: string, n: number, m: number) => `Moved ${column} to position ${n} of ${m}.`,
  columnDeleted: (column: string) => `Deleted the column ${column}.`,
  columnAdded: (column: string) => `Added the column ${column}.`,

  // When a call fails and the server says nothing
  addColumnFailed: 'Failed to add column',
  updateColumnFailed: 'Failed to update column',
  moveColumnFailed: 'Failed to move column',
  deleteColumnFailed: 'Failed to delete column',
} as const;
