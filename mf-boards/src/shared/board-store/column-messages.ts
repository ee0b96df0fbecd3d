import { WIP_LIMIT_MAX } from '@trackboard/contracts';
import { serverText } from '@trackboard/web-kit';
import { boardText as t } from '../../ui-messages';

/** ", over the limit" or ", at the limit" after a count, or nothing. */
const limitState = (count: number, limit: number) =>
  count > limit ? t('overTheLimit') : count === limit ? t('atTheLimit') : '';

// What the board says about arranging its columns: the column menu, its forms, the
// WIP limit on the count, and the live region's notices, read from the board's catalogue as they
// are shown. The server's refusals come from its catalogue (contracts' messages) and are shown
// as it words them.
export const columnMessages = {
  // The column menu
  columnActions: (column: string) => t('columnActions', { column }),
  get rename() {
    return t('rename');
  },
  get setWipLimit() {
    return t('setWipLimit');
  },
  get moveLeft() {
    return t('moveLeft');
  },
  get moveRight() {
    return t('moveRight');
  },
  get deleteColumn() {
    return t('deleteColumn');
  },

  // The forms: a field's name, as its errors say it ("Column name can be at most 100 characters.")
  get columnNameField() {
    return t('columnNameField');
  },
  get wipLimitField() {
    return t('wipLimitField');
  },
  get wipLimitHint() {
    return t('wipLimitHint', { max: WIP_LIMIT_MAX });
  },
  get wipLimitWhole() {
    return t('wipLimitWhole');
  },
  get wipLimitAtLeast() {
    return t('wipLimitAtLeast');
  },
  get wipLimitAtMost() {
    return t('wipLimitAtMost', { max: WIP_LIMIT_MAX });
  },
  renameForm: (column: string) => t('renameForm', { name: column }),
  wipLimitForm: (column: string) => t('wipLimitForm', { column }),
  get save() {
    return t('save');
  },
  get cancel() {
    return t('cancel');
  },
  get addColumn() {
    return t('addColumn');
  },
  get addColumnForm() {
    return t('addColumnForm');
  },
  get newColumnPlaceholder() {
    return t('columnNameField');
  },

  // Deleting
  deleteForm: (column: string) => t('deleteForm', { name: column }),
  confirmDelete: (column: string) => t('confirmDeleteColumn', { column }),
  moveIssuesTo: (n: number) => t.plural('moveIssuesTo', n),
  get delete() {
    return t('delete');
  },
  get lastColumn() {
    return serverText('lastColumn');
  },

  // The count in a column's header: "4 / 3" (count over limit), its name for a screen reader
  wipCount: (count: number, limit: number) => `${count} / ${limit}`,
  /** While a filter shows some of the column's cards: "2/5 · WIP 3". */
  filteredWipCount: (shown: number, total: number, limit: number) => t('filteredWipCount', { shown, total, limit }),
  wipCountLabel: (count: number, limit: number) =>
    t.plural('wipCountLabel', count, { limit }) + limitState(count, limit),
  filteredWipCountLabel: (shown: number, total: number, limit: number) =>
    t.plural('filteredWipCountLabel', total, { shown, limit }) + limitState(total, limit),

  // The polite live region
  overWipLimit: (column: string, count: number, limit: number) => t('overWipLimit', { column, n: count, limit }),
  columnMoved: (column: string, n: number, m: number) => t('columnMoved', { column, n, m }),
  columnDeleted: (column: string) => t('columnDeletedNotice', { column }),
  columnAdded: (column: string) => t('columnAdded', { column }),

  // When a call fails and the server says nothing
  get addColumnFailed() {
    return t('addColumnFailed');
  },
  get updateColumnFailed() {
    return t('updateColumnFailed');
  },
  get moveColumnFailed() {
    return t('moveColumnFailed');
  },
  get deleteColumnFailed() {
    return t('deleteColumnFailed');
  },
};
