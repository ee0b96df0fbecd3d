import { errorReason } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { boardApi } from './api';
import { moveIssueLocally } from './board-model';
import { withIssues } from './issue-list';
import type { Place } from './latest-only';
import { noAnswer } from './network';
import type { BoardSliceCreator, BoardState } from './types';

/** A card move that could not reach the server: kept, in order, until it answers again. */
export interface QueuedMove {
  boardId: string;
  issueId: string;
  /** The card's title when it was moved, for the message should the server refuse the move. */
  title: string;
  sourceColumnId: string;
  to: Place;
  /** Where the card stood before this move: where it goes back should the server refuse it. */
  from?: Place;
}

/**
 * Card moves made offline (or that got no answer): the card stays where it was dropped, and the
 * move is kept instead of refused. Once the server answers again they are sent in the order
 * they were made, one at a time, and the board is fetched again; one the server refuses is
 * undone on screen, with its reason in the error box. Other changes are not kept: they need
 * their answer at once (a new issue's key, an edit's version).
 */
export interface MoveQueue {
  /** Oldest first. */
  queuedMoves: QueuedMove[];
  /** Keeps `move` behind the ones already kept. */
  queueMove(move: QueuedMove): void;
  /**
   * Sends the kept moves in order; one call at a time however often it is asked. Stops, keeping
   * the rest, at one that gets no answer again. Resolves true when the server answered any (the
   * board has then been fetched again).
   */
  sendQueuedMoves(): Promise<boolean>;
  /** Leaving the board: its kept moves go with it. */
  dropQueuedMoves(): void;
}

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
