import { errorReason } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { boardApi, type ColumnUpdate } from './api';
import { columnMessages } from './column-messages';
import { moveColumnLocally } from './column-model';
import { withIssues } from './issue-list';
import { noAnswer } from './network';
import type { BoardSliceCreator } from './types';

/** Something the board says politely (the live region under the columns); `seq` tells a repeat from the last one. */
export interface ColumnNotice {
  text: string;
  seq: number;
}

/**
 * Arranging the board's columns: add, rename, set a WIP limit, move, delete. The lead
 * or an admin only (the server checks; the controls are not drawn for others). A change that the
 * server took is followed by a fetch of the board: a rename or a delete changes issues' statuses
 * and columns, and the board room's echo of one's own change carries no columns. Others' column
 * changes reach this page as `columnsChanged`, which refetches too (board-model's applyBoardUpdate).
 *
 * The actions answer null once done, or the reason they were refused (the server's words: a 400
 * names its field, "name: is too long", for the form to show at the field).
 */
export interface ColumnSlice {
  /** The latest notice for the polite live region: a column moved or deleted, a column over its WIP limit. */
  columnNotice: ColumnNotice | null;
  /** The column to flash: a card was moved into it past its WIP limit (`seq` restarts the flash). */
  wipFlash: { columnId: string; seq: number } | null;
  addColumn(name: string): Promise<string | null>;
  /** A rename and/or a new WIP limit (null: none). */
  updateColumn(columnId: string, changes: Pick<ColumnUpdate, 'name' | 'wipLimit'>): Promise<string | null>;
  /** To `position` among the board's columns (from 0): shown at once, put back if the server refuses. */
  moveColumn(columnId: string, position: number): Promise<void>;
  /** Its issues go to `targetColumnId` (needed when it has any). */
  deleteColumn(columnId: string, targetColumnId?: string): Promise<string | null>;
  /**
   * A card from `fromColumnId` went into `columnId`: past the column's WIP limit, warn. `arriving`
   * counts cards not yet drawn there (0 once the move is on screen).
   */
  warnIfOverLimit(columnId: string, fromColumnId: string | null, arriving?: number): void;
  announce(text: string): void;
}

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
