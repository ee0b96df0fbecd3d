import { errorReason } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { boardApi } from './api';
import { moveIssueLocally } from './board-model';
import { withIssues } from './issue-list';
import type { Place } from './latest-only';
import { noAnswer } from './network';
import type { BoardSliceCreator, BoardState, MoveQueue, QueuedMove } from './types';

export const createMoveQueue: BoardSliceCreator<MoveQueue> = (set, get) => {
  let sending: Promise<boolean> | null = null;

  async function sendAll(): Promise<boolean> {
    const boardId = get().board?.id;
    let answered = false;
    const refused: string[] = [];
    for (let next = get().queuedMoves[0]; next; next = get().queuedMoves[0]) {
      if (next.boardId !== boardId || get().board?.id !== boardId) {
        get().dropQueuedMoves();
        return answered;
      }
      try {
        await boardApi.moveIssue(next.issueId, {
          sourceColumnId: next.sourceColumnId,
          destinationColumnId: next.to.columnId,
          position: next.to.position,
          boardId: next.boardId,
        });
      } catch (error) {
        if (get().board?.id !== boardId) return answered;
        // Still out of reach: this one and the rest wait for the next answer.
        if (noAnswer(error)) {
          get().wentOffline();
          return answered;
        }
        refused.push(uiMessages.queuedMoveRefused(next.title, errorReason(error, uiMessages.moveFailed)));
        set({ error: refused.join(' ') });
        dequeue(next);
        // Undone, unless the card was moved again later: that move decides where it ends up.
        if (next.from && !get().queuedMoves.some((move) => move.issueId === next.issueId))
          set(withIssues(get(), putBack(get(), next.issueId, next.from)));
        answered = true;
        continue;
      }
      if (get().board?.id !== boardId) return answered;
      dequeue(next);
      answered = true;
      get().answered();
    }
    // The server's board, with every move settled (ranks and versions the answers carried).
    if (answered && boardId) await get().fetchBoard(boardId, { keepError: true });
    return answered;
  }

  const dequeue = (move: QueuedMove) => set({ queuedMoves: get().queuedMoves.filter((kept) => kept !== move) });

  return {
    queuedMoves: [],

    queueMove(move) {
      set({ queuedMoves: [...get().queuedMoves, move] });
    },

    sendQueuedMoves() {
      if (get().queuedMoves.length === 0) return sending ?? Promise.resolve(false);
      sending ??= sendAll().finally(() => {
        sending = null;
      });
      return sending;
    },

    dropQueuedMoves() {
      if (get().queuedMoves.length > 0) set({ queuedMoves: [] });
    },
  };
};

/** The issues with `issueId` back at `place` (a move undone on screen). */
export function putBack(state: BoardState, issueId: string, place: Place) {
  const here = state.issues.find((issue) => issue.id === issueId);
  if (!here?.columnId) return state.issues;
  return moveIssueLocally(state.issues, state.columnMeta, {
    issueId,
    sourceColumnId: here.columnId,
    destinationColumnId: place.columnId,
    newPosition: place.position,
  });
}
