import { statusForColumn } from '@trackboard/contracts';
import { errorReason, useSession } from '@trackboard/web-kit';
import { uiMessages } from '../../../ui-messages';
import { boardApi } from '../api';
import { moveIssueLocally, normaliseIssue, renumber, upsertIssue, type MoveRequest } from '../board-model';
import { withIssues } from './issue-list';
import { moves, type Place } from './latest-only';
import { noAnswer } from './network';
import type { BoardSliceCreator, BoardState } from './types';

export interface NewIssue {
  columnId: string;
  title: string;
  description?: string;
}

/** Cards on the board: moved at once, then settled by the server (spec §4.7); added to a column (spec §4.8, §5). */
export interface CardSlice {
  moveIssue(move: MoveRequest): Promise<void>;
  /** Resolves true once the issue exists. */
  addIssue(issue: NewIssue): Promise<boolean>;
}

export const createCardSlice: BoardSliceCreator<CardSlice> = (set, get) => ({
  async moveIssue(move) {
    if (!move.issueId) {
      set({ error: uiMessages.invalidIssueId(move.issueId) });
      return;
    }
    const { board, issues, columnMeta } = get();
    if (!board) {
      set({ error: uiMessages.noBoardToMove });
      return;
    }
    const moving = issues.find((issue) => issue.id === move.issueId);
    if (!moving || !move.destinationColumnId || !Number.isInteger(move.newPosition)) return;
    if (moving.columnId === move.destinationColumnId && moving.position === move.newPosition) return;
    set(withIssues(get(), moveIssueLocally(issues, columnMeta, move)));
    // Into a column at its WIP limit: allowed, but said (issue 15).
    get().warnIfOverLimit(move.destinationColumnId, moving.columnId);
    const from = moving.columnId ? { columnId: moving.columnId, position: moving.position } : undefined;
    const request = moves.start(move.issueId, from);
    const to = { columnId: move.destinationColumnId, position: move.newPosition };
    try {
      const result = await boardApi.moveIssue(move.issueId, {
        sourceColumnId: move.sourceColumnId,
        destinationColumnId: move.destinationColumnId,
        position: move.newPosition,
        boardId: board.id,
      });
      if (get().board?.id !== board.id || !moves.counts(request)) return;
      moves.ended(request, move.issueId, to);
      get().answered();
      if (!Array.isArray(result?.issues) || typeof result.version !== 'number') {
        get().refreshBoard();
        return;
      }
      // The answer holds what the move changed (spec §4.7's authoritative list, as a delta).
      const changed = result.issues.filter((issue) => !moves.movedSince(request, String(issue.id)));
      get().applyOwnChange({ issues: changed, version: result.version });
    } catch (error) {
      if (get().board?.id !== board.id || !moves.counts(request)) return;
      const saved = moves.ended(request, move.issueId);
      if (noAnswer(error)) {
        // Offline (issue 16): the server's board is out of reach, so put the card back where the
        // server last had it, and say why under the banner rather than in the error box.
        get().wentOffline();
        if (saved) set(withIssues(get(), putBack(get(), move.issueId, saved)));
        return;
      }
      set({ error: errorReason(error, uiMessages.moveFailed) });
      get().refreshBoard();
    }
  },

  async addIssue({ columnId, title, description = '' }) {
    const text = title.trim();
    if (!columnId || !text) return false;
    const refuse = (error: string) => {
      set({ error });
      return false;
    };
    const { board, columnMeta, columns } = get();
    if (!board?.projectId) return refuse(uiMessages.addNeedsProject);
    const userId = useSession.getState().user?.id;
    if (!userId) return refuse(uiMessages.addNeedsUser);
    if (columnMeta.length === 0) return refuse(uiMessages.addNeedsColumns);
    const column = columnMeta.find((c) => c.id === columnId);
    if (!column) return refuse(uiMessages.addUnknownColumn(columnId));
    try {
      const created = await boardApi.createIssue({
        projectId: board.projectId,
        columnId,
        title: text,
        description: description.trim(),
        reporterId: userId,
        status: statusForColumn(column.name),
        position: columns.find((c) => c.id === columnId)?.issues.length ?? 0,
        type: 'TASK',
        priority: 'MEDIUM',
        owner: { connect: { id: userId } },
      });
      if (get().board?.id !== board.id) return false;
      get().answered();
      if (!created.id || !created.columnId) return refuse(uiMessages.addAnswerIncomplete);
      const { boardVersion, rebalanced, ...issue } = created;
      if (typeof boardVersion === 'number')
        get().applyOwnChange({ issues: [issue, ...(rebalanced ?? [])], version: boardVersion });
      else set(withIssues(get(), renumber(upsertIssue(get().issues, normaliseIssue(issue)))));
      return true;
    } catch (error) {
      // No answer: the banner says why, and the form keeps what was typed for another try.
      if (noAnswer(error)) {
        get().wentOffline();
        return false;
      }
      return refuse(errorReason(error, uiMessages.addIssueFailed));
    }
  },
});

/** The issues with `issueId` back at `place` (a move that got no answer, undone on screen). */
function putBack(state: BoardState, issueId: string, place: Place) {
  const here = state.issues.find((issue) => issue.id === issueId);
  if (!here?.columnId) return state.issues;
  return moveIssueLocally(state.issues, state.columnMeta, {
    issueId,
    sourceColumnId: here.columnId,
    destinationColumnId: place.columnId,
    newPosition: place.position,
  });
}
