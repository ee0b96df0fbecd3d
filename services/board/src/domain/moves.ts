import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  messages,
  statusInColumn,
  type IssueDto,
  type IssueStatus,
  type MoveIssueRequest,
  type MoveResult,
} from '@trackboard/contracts';
import { Invalid, NotFound, userDirectory, type AuthUser, type Clock, type Db } from '@trackboard/server-kit';
import { columns, issueRelations } from '../db/schema';
import { editable, type Access } from './access';
import type { BoardWrites } from './board-writes';
import { createDependents, isFinished } from './dependents';
import { columnIssueDtos } from './issue-dto';
import { lockBoard, createPlacer, rebalanceColumn, type Placed, type Placement } from './placement';

/**
 * Spec §7.4 PUT /issues/:id/position. The board lock is held for one statement,
 * `board.place_issue_at`: it reads the gap at the index, makes its key and writes the issue (and,
 * to another column, its `issue.moved` event), so moves into one slot queue on the lock and each
 * lands where it asked, and none goes back to the replica to try again. Holding the lock across
 * round trips made moves queue on it. The server's copy decides where the issue comes from, so
 * concurrent moves never fail each other.
 */
export function createMoves(db: Db, access: Access, writes: BoardWrites, clock: Clock) {
  const { announce, relayEvents } = writes;
  const dependents = createDependents(db, writes);
  const placeIssue = createPlacer(db);

  /**
   * The issue with its board and the caller's membership, the destination column and the
   * caller's name (for the activity line): one statement, prepared once (each statement costs a
   * round trip, and building this one cost more than running it).
   */
  const columnId = sql.placeholder('columnId');
  const destination = (field: AnyPgColumn) =>
    sql`(${db.select({ field }).from(columns).where(eq(columns.id, columnId))})`;
  const moveContext = access.issueWith('board_move_context', {
    destinationBoardId: sql<string | number | null>`${destination(columns.boardId)}`,
    destinationName: sql<string | null>`${destination(columns.name)}`,
    actor: sql<string | null>`(${db
      .select({ name: userDirectory.name })
      .from(userDirectory)
      .where(eq(userDirectory.id, sql.placeholder('userId')))})`,
    // Whether it blocks another issue: finished or open again, that issue's mark changes with it.
    blocksOthers: sql<boolean>`exists (${db
      .select({ one: sql`1` })
      .from(issueRelations)
      .where(and(eq(issueRelations.issueId, sql.placeholder('id')), eq(issueRelations.type, 'blocks')))})`,
  });

  async function contextOf(user: AuthUser, id: number, input: MoveIssueRequest) {
    const { issue, board, extra } = editable(
      user,
      await moveContext(user, id, { columnId: input.destinationColumnId }),
    );
    if (board.id !== input.boardId) throw new NotFound(messages.issueNotFound);
    if (extra.destinationName === null) throw new NotFound(messages.columnNotFound);
    if (Number(extra.destinationBoardId) !== board.id) throw new Invalid(messages.columnOnOtherBoard);
    return {
      issue,
      board,
      column: extra.destinationName,
      actor: extra.actor,
      hasDependents: issue.parentId !== null || extra.blocksOthers,
    };
  }

  /**
   * Placed in one statement; when the column's keys leave no room at the index, the column is
   * given fresh keys under the board lock and the issue placed in the same transaction.
   */
  async function place(placement: Placement) {
    const placed = await placeIssue(placement);
    if (placed.outcome !== 'rebalance') return { placed, rebalanced: [] as IssueDto[] };
    return db.transaction(async (tx) => {
      await lockBoard(tx, placement.boardId);
      const { columnId, issueId, index } = placement;
      const { rebalanced } = await rebalanceColumn(tx, columnId, issueId, index);
      return {
        placed: await placeIssue(placement, tx),
        rebalanced: await columnIssueDtos(tx, columnId, rebalanced),
      };
    });
  }

  return async function move(
    user: AuthUser,
    id: number,
    input: MoveIssueRequest,
    originId?: string,
  ): Promise<MoveResult> {
    const { issue, board, column, actor, hasDependents } = await contextOf(user, id, input);
    const { placed, rebalanced } = await place({
      boardId: board.id,
      issueId: issue.id,
      columnId: input.destinationColumnId,
      status: statusInColumn(column, issue.status as IssueStatus),
      index: input.position,
      actorId: Number(user.id),
      activity: `${actor ?? 'Someone'} moved "${issue.title}" to ${column}`,
      now: clock.now(),
    });
    const { version, issue: moved, eventRecorded } = settled(placed);
    // To another column, place_issue_at recorded `issue.moved` in the move's own statement.
    if (eventRecorded) relayEvents();
    // Finished or open again: its parent's progress and the mark of what it blocks change with it.
    const affected =
      hasDependents && isFinished(moved.status) !== isFinished(issue.status)
        ? await dependents.of(db, board.id, moved)
        : null;
    const changed = [moved, ...rebalanced, ...(affected?.here ?? [])];
    announce(board.id, version, originId, changed);
    await affected?.later();
    return { issues: changed, version };
  };
}

/** A placement that did not happen: the issue or the column went away meanwhile. */
function settled(placed: Placed): Extract<Placed, { outcome: 'placed' }> {
  if (placed.outcome === 'placed') return placed;
  if (placed.outcome === 'column_gone') throw new NotFound(messages.columnNotFound);
  // Placed again after a rebalance, under the lock, a key fits; an issue that is gone answers like a missing one.
  throw new NotFound(messages.issueNotFound);
}
