import { statusForColumn } from '@trackboard/contracts';
import { errorReason, useSession } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { boardApi } from './api';
import { moveIssueLocally, renumber, upsertIssue } from './board-model';
import { withIssues } from './issue-list';
import { moveLog } from './latest-only';
import { noAnswer } from './network';
import { createMoveQueue } from './offline-writes';
import type { BoardSliceCreator, CardSlice, QueuedMove } from './types';

export const createCardSlice: BoardSliceCreator<CardSlice> = (set, get, store) => {
  const moves = moveLog();
  return {
    ...createMoveQueue(set, get, store),

    dropMovesUnderWay() {
      moves.overtake();
    },

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
      // Into a column at its WIP limit: allowed, but said.
      get().warnIfOverLimit(move.destinationColumnId, moving.columnId);
      const from = moving.columnId ? { columnId: moving.columnId, position: moving.position } : undefined;
      const to = { columnId: move.destinationColumnId, position: move.newPosition };
      const kept: QueuedMove = {
        boardId: board.id,
        issueId: move.issueId,
        title: moving.title,
        sourceColumnId: move.sourceColumnId,
        to,
        from,
      };
      // Out of reach, or behind moves still waiting (the server must see them in order): kept.
      if (get().offline || get().queuedMoves.length > 0) {
        get().queueMove(kept);
        if (!get().offline) void get().sendQueuedMoves();
        return;
      }
      const request = moves.start(move.issueId, from);
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
        // The answer holds what the move changed (spec §4.7's authoritative list, as a delta).
        const changed = result.issues.filter((issue) => !moves.movedSince(request, issue.id));
        get().applyOwnChange({ issues: changed, version: result.version });
      } catch (error) {
        if (get().board?.id !== board.id || !moves.counts(request)) return;
        moves.ended(request, move.issueId);
        if (noAnswer(error)) {
          // No answer: the card stays where it was dropped, under the banner, and the
          // move is sent again once the server answers.
          get().wentOffline();
          get().queueMove(kept);
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
        else set(withIssues(get(), renumber(upsertIssue(get().issues, issue))));
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
  };
};
