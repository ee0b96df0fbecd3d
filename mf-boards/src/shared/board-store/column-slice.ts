import { errorReason } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { boardApi } from './api';
import { columnMessages } from './column-messages';
import { moveColumnLocally } from './column-model';
import { withIssues } from './issue-list';
import { noAnswer } from './network';
import type { BoardSliceCreator, ColumnSlice } from './types';

/** No notice and no flash: a board as it opens. */
export const noColumnNotices = { columnNotice: null, wipFlash: null } satisfies Partial<ColumnSlice>;

export const createColumnSlice: BoardSliceCreator<ColumnSlice> = (set, get) => {
  let seq = 0;

  /** The call's refusal, with the offline banner raised when it got no answer at all. */
  const refused = (error: unknown, fallback: string) => {
    if (noAnswer(error)) {
      get().wentOffline();
      return uiMessages.offlineBanner;
    }
    return errorReason(error, fallback);
  };
  /** The board again once a change of ours went through (or failed after showing it). */
  const refetch = () => get().refreshBoard();
  /** Columns as they now are on screen, the issues regrouped under them. */
  const showColumns = (columnMeta: ReturnType<typeof get>['columnMeta']) =>
    set({ columnMeta, ...withIssues({ ...get(), columnMeta }, get().issues) });

  return {
    ...noColumnNotices,

    announce(text) {
      set({ columnNotice: { text, seq: ++seq } });
    },

    async addColumn(name) {
      const board = get().board;
      if (!board) return columnMessages.addColumnFailed;
      try {
        const column = await boardApi.createColumn(board.id, name.trim());
        if (get().board?.id !== board.id) return null;
        get().answered();
        get().announce(columnMessages.columnAdded(column.name));
        refetch();
        return null;
      } catch (error) {
        return refused(error, columnMessages.addColumnFailed);
      }
    },

    async updateColumn(columnId, changes) {
      const board = get().board;
      if (!board) return columnMessages.updateColumnFailed;
      try {
        const column = await boardApi.updateColumn(columnId, changes);
        if (get().board?.id !== board.id) return null;
        get().answered();
        // Shown at once; the fetch brings the statuses a rename re-mapped.
        showColumns(
          get().columnMeta.map((known) =>
            known.id === columnId
              ? { ...known, name: column.name ?? known.name, wipLimit: column.wipLimit ?? null }
              : known,
          ),
        );
        refetch();
        return null;
      } catch (error) {
        return refused(error, columnMessages.updateColumnFailed);
      }
    },

    async moveColumn(columnId, position) {
      const { board, columnMeta } = get();
      const moving = columnMeta.find((column) => column.id === columnId);
      if (!board || !moving) return;
      const moved = moveColumnLocally(columnMeta, columnId, position);
      const at = moved.findIndex((column) => column.id === columnId);
      if (at === columnMeta.findIndex((column) => column.id === columnId)) return;
      showColumns(moved);
      get().announce(columnMessages.columnMoved(moving.name, at + 1, moved.length));
      try {
        await boardApi.updateColumn(columnId, { position: at });
        if (get().board?.id !== board.id) return;
        get().answered();
      } catch (error) {
        if (get().board?.id !== board.id) return;
        const reason = refused(error, columnMessages.moveColumnFailed);
        // Put back as the server has it; offline, the banner says why.
        showColumns(columnMeta);
        if (!noAnswer(error)) set({ error: reason });
      }
      refetch();
    },

    async deleteColumn(columnId, targetColumnId) {
      const board = get().board;
      const column = get().columnMeta.find((known) => known.id === columnId);
      if (!board || !column) return columnMessages.deleteColumnFailed;
      try {
        await boardApi.deleteColumn(columnId, targetColumnId);
        if (get().board?.id !== board.id) return null;
        get().answered();
        get().announce(columnMessages.columnDeleted(column.name));
        refetch();
        return null;
      } catch (error) {
        return refused(error, columnMessages.deleteColumnFailed);
      }
    },

    warnIfOverLimit(columnId, fromColumnId, arriving = 0) {
      if (columnId === fromColumnId) return;
      const column = get().columns.find((known) => known.id === columnId);
      if (!column || column.wipLimit === null) return;
      const count = column.issues.length + arriving;
      if (count <= column.wipLimit) return;
      set({
        wipFlash: { columnId, seq: ++seq },
        columnNotice: { text: columnMessages.overWipLimit(column.name, count, column.wipLimit), seq },
      });
    },
  };
};
