import type { BoardUpdatedEvent, IssueDto, LabelDto } from '@trackboard/contracts';
import { ApiError, errorReason, socketManager } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { boardApi } from './api';
import {
  applyBoardUpdate,
  applyChangeAnswer,
  issuesOfBoard,
  renumber,
  sortColumnMeta,
  sortLabels,
  type DeltaOutcome,
} from './board-model';
import { noColumnNotices } from './column-slice';
import { noSelection, withIssues } from './issue-list';
import { latestOnly } from './latest-only';
import { noAnswer } from './network';
import { noProject } from './project-slice';
import type { BoardData, BoardMeta, BoardSlice, BoardSliceCreator } from './types';

const noBoard: BoardData = {
  board: null,
  version: 0,
  columnMeta: [],
  columns: [],
  issues: [],
  users: [],
  labels: [],
  loading: false,
  loadedBoardId: null,
  error: null,
};

/** The whole store as it is on no board. */
const nothingLoaded = { ...noBoard, ...noSelection, ...noColumnNotices };

export const createBoardSlice: BoardSliceCreator<BoardSlice> = (set, get) => {
  const boardFetches = latestOnly();
  const settle = (outcome: DeltaOutcome) => {
    if (outcome.kind === 'refetch') get().refreshBoard();
    else if (outcome.kind === 'apply') set({ version: outcome.version, ...withIssues(get(), outcome.issues) });
  };
  return {
    ...noBoard,

    async fetchBoard(boardId, { keepError = false } = {}) {
      const request = boardFetches.start();
      const switching = get().board?.id !== boardId;
      set({
        loading: true,
        ...(keepError ? {} : { error: null }),
        ...(switching ? { ...nothingLoaded, loading: true } : {}),
      });
      try {
        const data = await boardApi.fetchBoard(boardId);
        if (!boardFetches.isLatest(request)) return;
        get().answered();
        const state = get();
        // Realtime events applied while this was under way can be newer than the answer.
        if (state.board?.id === data.id && data.version < state.version) {
          set({ loading: false });
          return;
        }
        const columnMeta = sortColumnMeta(data.columns);
        const issues = renumber(issuesOfBoard(data));
        const board: BoardMeta = {
          id: data.id,
          name: data.name,
          projectId: data.projectId,
          projectKey: data.projectKey,
          leadId: data.leadId,
          // Nobody is a viewer, and viewers comment, on a server that predates viewers.
          viewerIds: data.viewerIds ?? [],
          viewersMayComment: data.viewersMayComment ?? true,
          // 'none' from a server that predates estimates: the board shows none.
          estimateScale: data.estimateScale ?? 'none',
        };
        set({
          board,
          loadedBoardId: boardId,
          version: data.version,
          columnMeta,
          users: data.users,
          labels: sortLabels(data.labels ?? []),
          loading: false,
          ...withIssues({ ...state, columnMeta }, issues),
        });
      } catch (error) {
        if (!boardFetches.isLatest(request)) return;
        if (noAnswer(error)) get().wentOffline();
        // A board that does not exist (or is not shared with this user) is "Board Not Found".
        const notFound = error instanceof ApiError && error.status === 404;
        // A refetch that failed while the board is shown: the board stays. No answer
        // puts it under the offline banner until the connection is back; a server error shows
        // in the error box above it (a wiped board would hide everything until a reload).
        if (!notFound && get().board?.id === boardId) {
          set({
            loading: false,
            ...(noAnswer(error) ? {} : { error: errorReason(error, uiMessages.fetchBoardFailed) }),
          });
          return;
        }
        set({
          ...nothingLoaded,
          loadedBoardId: boardId,
          error: notFound ? null : errorReason(error, uiMessages.fetchBoardFailed),
        });
      }
    },

    refreshBoard() {
      const board = get().board;
      if (board) void get().fetchBoard(board.id, { keepError: true });
    },

    reset() {
      boardFetches.overtake();
      get().dropMovesUnderWay();
      // The next board view asks the browser again (navigator.onLine) when it opens, and reads its project anew.
      set({ ...nothingLoaded, ...noProject });
      get().dropQueuedMoves();
      get().forgetConnection();
    },

    receiveBoardUpdate(event) {
      const state = get();
      if (event.boardId !== state.board?.id) return;
      // A label list comes whole, from anyone (our own included): it replaces ours.
      if (event.labels) set({ labels: sortLabels(event.labels as LabelDto[]) });
      if (event.originId && event.originId === socketManager.originId) {
        // Our own change: already on screen. Only its version counts, unless one was missed before it.
        if (event.version > state.version + 1) state.refreshBoard();
        else if (event.version > state.version) set({ version: event.version });
        return;
      }
      state.noteOthersChange(event);
      settle(applyBoardUpdate(state.issues, state.version, event as BoardUpdatedEvent<IssueDto>));
    },
    applyOwnChange(answer) {
      const state = get();
      settle(applyChangeAnswer(state.issues, state.version, answer));
    },

    async createLabel(name, color) {
      const board = get().board;
      if (!board) return { error: uiMessages.createLabelFailed };
      try {
        const label = await boardApi.createLabel(board.id, { name, color });
        if (get().board?.id === board.id)
          set({ labels: sortLabels([...get().labels.filter((known) => known.id !== label.id), label]) });
        return label;
      } catch (error) {
        if (noAnswer(error)) get().wentOffline();
        return { error: errorReason(error, uiMessages.createLabelFailed) };
      }
    },

    dismissError() {
      set({ error: null });
    },
  };
};
