import {
  statusForColumn,
  type BoardDto,
  type BoardUpdatedEvent,
  type BoardUser,
  type CommentDto,
  type IssueDto,
  type ReactionType,
} from '@trackboard/contracts';
import { ApiError, errorReason, socketManager, useSession } from '@trackboard/web-kit';
import { create } from 'zustand';
import { boardApi, conflictIssue, type IssueChanges } from './api';
import {
  applyBoardUpdate,
  buildColumns,
  moveIssueLocally,
  normaliseIssue,
  renumber,
  sortColumnMeta,
  upsertIssue,
  type BoardColumn,
  type ColumnMeta,
  type MoveRequest,
} from './board-model';
import { addToTree, removeFromTree, setReactionsInTree, updateInTree } from './comment-tree';

// The board state (spec §3 "Board state", §4.5–§4.9, §5, §8.4): one zustand store inside
// mf-boards (blueprint §5). Components read it; only these actions talk to the server.

export type BoardMeta = Pick<BoardDto, 'id' | 'name' | 'projectId' | 'projectKey' | 'leadId'>;

/** What an issue edit came to: saved, refused because someone else changed it first (409), or failed. */
export type UpdateOutcome = 'saved' | 'conflict' | 'failed';

export interface NewIssue {
  columnId: string;
  title: string;
  description?: string;
}

export interface BoardData {
  board: BoardMeta | null;
  /** The board version the local issues reflect (blueprint §3): realtime deltas must follow it. */
  version: number;
  columnMeta: ColumnMeta[];
  columns: BoardColumn[];
  issues: IssueDto[];
  users: BoardUser[];
  loading: boolean;
  /** The board id the last finished fetch was for (before that, the view shows it loading). */
  loadedBoardId: string | null;
  /** A string normally; the view has a fallback for anything else (spec §2.11). */
  error: unknown;
  selectedIssueId: string | null;
  selectedIssue: IssueDto | null;
  /** The selected issue's comment tree, kept across board updates (spec §4.5). */
  comments: CommentDto[];
  loadingSelectedIssue: boolean;
  loadingComments: boolean;
  issueUpdateError: string | null;
  /** The 409 message, shown with the fresh values. */
  issueConflict: string | null;
  commentError: string | null;
}

export interface BoardActions {
  fetchBoard(boardId: string, options?: { keepError?: boolean }): Promise<void>;
  /** Leaving the board view: forget the board. */
  reset(): void;
  receiveBoardUpdate(event: BoardUpdatedEvent): void;
  moveIssue(move: MoveRequest): Promise<void>;
  addIssue(issue: NewIssue): Promise<boolean>;
  selectIssue(issueId: string): Promise<void>;
  clearSelection(): void;
  updateIssue(issueId: string, changes: IssueChanges): Promise<UpdateOutcome>;
  deleteIssue(issueId: string): Promise<void>;
  fetchComments(issueId: string): Promise<void>;
  addComment(issueId: string, text: string, parentCommentId?: string | null): Promise<boolean>;
  updateComment(issueId: string, commentId: string, text: string): Promise<boolean>;
  deleteComment(issueId: string, commentId: string): Promise<void>;
  toggleReaction(issueId: string, commentId: string, type: ReactionType): Promise<void>;
  dismissError(): void;
}

export type BoardState = BoardData & BoardActions;

const noSelection = {
  selectedIssueId: null,
  selectedIssue: null,
  comments: [],
  loadingSelectedIssue: false,
  loadingComments: false,
  issueUpdateError: null,
  issueConflict: null,
  commentError: null,
} satisfies Partial<BoardData>;

const initialData: BoardData = {
  board: null,
  version: 0,
  columnMeta: [],
  columns: [],
  issues: [],
  users: [],
  loading: false,
  loadedBoardId: null,
  error: null,
  ...noSelection,
};

/** Later answers win: an older fetch or move answering late must not undo a newer one. */
let fetchSeq = 0;
let moveSeq = 0;

const currentUserId = (): string | null => {
  const id = useSession.getState().user?.id;
  return id === undefined || id === null || id === '' ? null : String(id);
};

export const useBoardStore = create<BoardState>()((set, get) => {
  /** A new issue list: columns rebuilt, the selected issue kept in step (and dropped when gone). */
  const withIssues = (issues: IssueDto[], state: BoardData = get()): Partial<BoardData> => {
    const next: Partial<BoardData> = { issues, columns: buildColumns(state.columnMeta, issues) };
    if (state.selectedIssueId) {
      const fresh = issues.find((issue) => issue.id === state.selectedIssueId);
      if (!fresh) Object.assign(next, noSelection);
      // An older copy (a board fetched before the edit landed) must not undo the dialog's fresher one.
      else if (state.selectedIssue && !(fresh.version < state.selectedIssue.version)) next.selectedIssue = { ...fresh, comments: state.selectedIssue.comments };
    }
    return next;
  };

  const refetch = (options = { keepError: true }) => {
    const board = get().board;
    if (board) void get().fetchBoard(board.id, options);
  };

  const isSelected = (issueId: string) => get().selectedIssueId === issueId;

  return {
    ...initialData,

    async fetchBoard(boardId, { keepError = false } = {}) {
      if (!boardId) {
        console.error('fetchBoard: no board id');
        return;
      }
      const seq = ++fetchSeq;
      const switching = get().board?.id !== boardId;
      set({ loading: true, ...(keepError ? {} : { error: null }), ...(switching ? { ...initialData, loading: true } : {}) });
      try {
        const data = await boardApi.fetchBoard(boardId);
        if (seq !== fetchSeq) return;
        if (!data || typeof data !== 'object' || !data.id) {
          set({ ...initialData, loadedBoardId: boardId });
          return;
        }
        const state = get();
        // Realtime events applied while this was under way can be newer than the answer.
        if (state.board?.id === String(data.id) && data.version < state.version) {
          set({ loading: false });
          return;
        }
        const columnMeta = sortColumnMeta(data.columns ?? []);
        const issues = renumber((data.issues ?? (data.columns ?? []).flatMap((column) => column.issues ?? [])).map(normaliseIssue));
        const board: BoardMeta = { id: String(data.id), name: data.name, projectId: String(data.projectId), projectKey: data.projectKey, leadId: String(data.leadId) };
        set({ board, loadedBoardId: boardId, version: data.version ?? 0, columnMeta, users: data.users ?? [], loading: false, ...withIssues(issues, { ...state, columnMeta }) });
      } catch (error) {
        if (seq !== fetchSeq) return;
        // A board that does not exist (or is not shared with this user) is "Board Not Found".
        if (error instanceof ApiError && error.status === 404) {
          set({ ...initialData, loadedBoardId: boardId });
          return;
        }
        set({ ...initialData, loadedBoardId: boardId, error: errorReason(error, 'Failed to fetch board') });
      }
    },

    reset() {
      fetchSeq++;
      moveSeq++;
      set({ ...initialData });
    },

    receiveBoardUpdate(event) {
      const state = get();
      if (!state.board || String(event.boardId) !== state.board.id) return;
      if (event.originId && event.originId === socketManager.originId) {
        // Our own change: already on screen. Only its version counts, unless one was missed before it.
        if (event.version > state.version + 1) refetch();
        else if (event.version > state.version) set({ version: event.version });
        return;
      }
      const outcome = applyBoardUpdate(state.issues, state.version, event as BoardUpdatedEvent<IssueDto>);
      if (outcome.kind === 'refetch') refetch();
      else if (outcome.kind === 'apply') set({ version: outcome.version, ...withIssues(outcome.issues) });
    },

    async moveIssue(move) {
      if (typeof move.issueId !== 'string' || !move.issueId) {
        set({ error: `Invalid issueId: ${String(move.issueId)}` });
        return;
      }
      const { board, issues, columnMeta } = get();
      if (!board) {
        set({ error: 'Board ID is missing for moveIssue operation.' });
        return;
      }
      const moving = issues.find((issue) => issue.id === move.issueId);
      if (!moving || !move.destinationColumnId || !Number.isInteger(move.newPosition)) return;
      if (moving.columnId === move.destinationColumnId && moving.position === move.newPosition) return;
      set(withIssues(moveIssueLocally(issues, columnMeta, move)));
      const seq = ++moveSeq;
      try {
        const result = await boardApi.moveIssue(move.issueId, {
          sourceColumnId: move.sourceColumnId,
          destinationColumnId: move.destinationColumnId,
          position: move.newPosition,
          boardId: board.id,
        });
        if (get().board?.id !== board.id) return;
        if (!result || !Array.isArray(result.issues)) {
          refetch();
          return;
        }
        // A later move (or a newer realtime event) already stands for a newer board.
        if (seq !== moveSeq || (typeof result.version === 'number' && result.version < get().version)) return;
        set({ version: typeof result.version === 'number' ? result.version : get().version, ...withIssues(renumber(result.issues.map(normaliseIssue))) });
      } catch (error) {
        if (get().board?.id !== board.id) return;
        set({ error: errorReason(error, 'Failed to move issue') });
        refetch();
      }
    },

    async addIssue({ columnId, title, description }) {
      const text = (title ?? '').trim();
      if (!columnId || !text) return false;
      const { board, columnMeta, columns } = get();
      if (!board?.projectId) {
        set({ error: 'Cannot add issue: Project ID not found in state.' });
        return false;
      }
      const userId = currentUserId();
      if (!userId) {
        set({ error: 'Cannot add issue: Current user not found or missing ID.' });
        return false;
      }
      if (!Array.isArray(columnMeta) || columnMeta.length === 0) {
        set({ error: 'Cannot add issue: Columns list is not available in state.' });
        return false;
      }
      const column = columnMeta.find((c) => c.id === columnId);
      if (!column) {
        set({ error: `Cannot add issue: Target column with ID ${columnId} not found.` });
        return false;
      }
      try {
        const created = await boardApi.createIssue({
          projectId: board.projectId,
          columnId,
          title: text,
          description: (description ?? '').trim(),
          reporterId: userId,
          status: statusForColumn(column.name),
          position: columns.find((c) => c.id === columnId)?.issues.length ?? 0,
          type: 'TASK',
          priority: 'MEDIUM',
          owner: { connect: { id: userId } },
        });
        if (get().board?.id !== board.id) return false;
        if (!created || typeof created !== 'object') {
          set({ error: 'Invalid data structure from createIssue service response.' });
          return false;
        }
        if (!created.id || !created.columnId) {
          set({ error: 'Issue added but response from server was incomplete.' });
          return false;
        }
        set(withIssues(renumber(upsertIssue(get().issues, normaliseIssue(created)))));
        return true;
      } catch (error) {
        set({ error: errorReason(error, 'Failed to add issue due to an unknown or unspecified error.') });
        return false;
      }
    },

    async selectIssue(issueId) {
      set({ ...noSelection, selectedIssueId: issueId, loadingSelectedIssue: true, loadingComments: true });
      void get().fetchComments(issueId);
      try {
        const issue = await boardApi.fetchIssue(issueId);
        if (!isSelected(issueId)) return;
        if (!issue || String(issue.id) !== issueId) {
          set({ ...noSelection, error: 'Fetched issue details mismatch.' });
          return;
        }
        // GET /issues/:id leaves comments to their own call; any it does carry are taken as they are.
        const included = Array.isArray(issue.comments) && issue.comments.length > 0;
        set({
          selectedIssue: normaliseIssue(issue),
          loadingSelectedIssue: false,
          ...(included ? { comments: issue.comments, loadingComments: false } : {}),
        });
      } catch (error) {
        if (!isSelected(issueId)) return;
        set({ ...noSelection, error: errorReason(error, 'Failed to fetch issue details') });
      }
    },

    clearSelection() {
      set({ ...noSelection });
    },

    async updateIssue(issueId, changes) {
      if (!issueId) {
        set({ issueUpdateError: 'Cannot update issue: Issue ID is missing.' });
        return 'failed';
      }
      if (!changes || Object.keys(changes).length === 0) {
        set({ issueUpdateError: 'No changes provided for update.' });
        return 'failed';
      }
      const state = get();
      const known = (state.selectedIssue?.id === issueId ? state.selectedIssue : null) ?? state.issues.find((issue) => issue.id === issueId);
      const body: IssueChanges & { version?: number } = { ...changes };
      const columnChanged = changes.columnId !== undefined && changes.columnId !== known?.columnId;
      if (columnChanged) body.status = statusForColumn(state.columnMeta.find((c) => c.id === changes.columnId)?.name);
      if (known) body.version = known.version;
      set({ issueUpdateError: null, issueConflict: null });
      try {
        const updated = await boardApi.updateIssue(issueId, body);
        if (!updated || !updated.id) {
          set({ issueUpdateError: 'Issue updated but response was incomplete.' });
          return 'failed';
        }
        const fresh = normaliseIssue(updated);
        const selected = isSelected(issueId) ? { selectedIssue: { ...fresh, comments: get().selectedIssue?.comments ?? [] } } : {};
        if (columnChanged) {
          set(selected);
          refetch({ keepError: true });
        } else {
          set({ ...withIssues(renumber(upsertIssue(get().issues, fresh))), ...selected });
        }
        return 'saved';
      } catch (error) {
        const latest = conflictIssue(error);
        if (latest) {
          const fresh = normaliseIssue(latest);
          set({
            issueConflict: errorReason(error, 'This issue was changed by someone else. The latest version is shown.'),
            ...withIssues(renumber(upsertIssue(get().issues, fresh))),
            ...(isSelected(issueId) ? { selectedIssue: { ...fresh, comments: get().selectedIssue?.comments ?? [] } } : {}),
          });
        } else {
          set({ issueUpdateError: errorReason(error, 'Failed to update issue') });
        }
        refetch({ keepError: true });
        return latest ? 'conflict' : 'failed';
      }
    },

    async deleteIssue(issueId) {
      if (isSelected(issueId)) set({ ...noSelection });
      try {
        await boardApi.deleteIssue(issueId);
        set(withIssues(renumber(get().issues.filter((issue) => issue.id !== issueId))));
      } catch (error) {
        set({ error: errorReason(error, 'Failed to delete issue') });
      }
    },

    async fetchComments(issueId) {
      if (!issueId) {
        set({ commentError: 'issueId is required to fetch comments.' });
        return;
      }
      if (isSelected(issueId)) set({ loadingComments: true });
      try {
        const comments = await boardApi.fetchComments(issueId);
        if (isSelected(issueId)) set({ comments: Array.isArray(comments) ? comments : [], loadingComments: false });
      } catch (error) {
        if (isSelected(issueId)) set({ comments: [], loadingComments: false, commentError: errorReason(error, 'Failed to fetch comments') });
      }
    },

    async addComment(issueId, text, parentCommentId = null) {
      const body = (text ?? '').trim();
      if (!issueId || !body) {
        set({ commentError: 'Missing issueId or text for adding comment.' });
        return false;
      }
      set({ commentError: null });
      try {
        const comment = await boardApi.addComment(issueId, body, parentCommentId);
        if (!comment || !comment.issueId) {
          set({ commentError: 'Comment added but response was incomplete or missing issueId.' });
          return false;
        }
        if (isSelected(String(comment.issueId))) set({ comments: addToTree(get().comments, comment) });
        return true;
      } catch (error) {
        set({ commentError: errorReason(error, 'Failed to add comment') });
        return false;
      }
    },

    async updateComment(issueId, commentId, text) {
      if (!commentId) {
        set({ commentError: 'commentId is required to update a comment.' });
        return false;
      }
      if (typeof text !== 'string') {
        set({ commentError: 'Comment text (string) is required for update.' });
        return false;
      }
      set({ commentError: null });
      try {
        const comment = await boardApi.updateComment(commentId, text.trim());
        if (isSelected(issueId) && comment) set({ comments: updateInTree(get().comments, { ...comment, id: commentId }) });
        return true;
      } catch (error) {
        set({ commentError: errorReason(error, 'Failed to update comment') });
        return false;
      }
    },

    async deleteComment(issueId, commentId) {
      if (!commentId) {
        set({ commentError: 'commentId is required to delete a comment.' });
        return;
      }
      set({ commentError: null });
      try {
        await boardApi.deleteComment(commentId);
        if (isSelected(issueId)) set({ comments: removeFromTree(get().comments, commentId) });
      } catch (error) {
        set({ commentError: errorReason(error, 'Failed to delete comment') });
      }
    },

    async toggleReaction(issueId, commentId, type) {
      if (!commentId) {
        set({ commentError: 'commentId is required to toggle a reaction.' });
        return;
      }
      if (!type) {
        set({ commentError: 'Reaction type is required.' });
        return;
      }
      set({ commentError: null });
      try {
        const reactions = await boardApi.toggleReaction(commentId, type);
        if (isSelected(issueId) && reactions) set({ comments: setReactionsInTree(get().comments, commentId, reactions) });
      } catch (error) {
        set({ commentError: errorReason(error, 'Failed to toggle reaction') });
      }
    },

    dismissError() {
      set({ error: null });
    },
  };
});
