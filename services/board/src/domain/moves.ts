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
import {
  gapAt,
  gapOf,
  gapQuery,
  gapWindow,
  lockBoard,
  createPlacer,
  rankFor,
  rebalanceColumn,
  type Gap,
  type GapRow,
  type Placed,
  type Placement,
} from './placement';

/**
 * Tries at placing without the lock before taking it first: a lost race means another change
 * landed in the same gap (or moved a neighbour) meanwhile, which is rare unless many people
 * drop into one slot — then the lock orders them and each still finishes.
 */
const OPTIMISTIC_ATTEMPTS = 3;

/**
 * Spec §7.4 PUT /issues/:id/position. The board lock is held for one statement: the gap's
 * neighbours are read and the rank computed without it, and `board.place_issue` writes the
 * issue (and, to another column, its `issue.moved` event) only if that gap is unchanged under
 * the lock: holding it across round trips made moves queue on it. The server's copy decides where the issue comes from, so
 * concurrent moves never fail each other.
 */
export function createMoves(db: Db, access: Access, writes: BoardWrites, clock: Clock) {
  const { announce, relayEvents } = writes;
  const dependents = createDependents(db, writes);
  const placeIssue = createPlacer(db);

  /**
   * The issue with its board and the caller's membership, the destination column, the
   * caller's name (for the activity line) and the gap at the index: one statement, prepared
   * once (each statement costs a round trip, and building this one cost more than running it).
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
    gap: sql<GapRow[]>`(select coalesce(json_agg(g), '[]'::json) from (${gapQuery(db, columnId, sql.placeholder('id'), {
      offset: sql.placeholder('offset'),
      limit: sql.placeholder('limit'),
    })}) g)`,
  });

  async function contextOf(user: AuthUser, id: number, input: MoveIssueRequest) {
    const { issue, board, extra } = editable(
      user,
      await moveContext(user, id, { columnId: input.destinationColumnId, ...gapWindow(input.position) }),
    );
    if (board.id !== input.boardId) throw new NotFound(messages.issueNotFound);
    if (extra.destinationName === null) throw new NotFound(messages.columnNotFound);
    if (Number(extra.destinationBoardId) !== board.id) throw new Invalid(messages.columnOnOtherBoard);
    return {
      issue,
      board,
      column: extra.destinationName,
      actor: extra.actor,
      gap: gapOf(extra.gap, input.position),
      hasDependents: issue.parentId !== null || extra.blocksOthers,
    };
  }

  /** The board lock first, then the gap (and the column rebalanced if its keys leave no room). */
  const placeLocked = (base: Omit<Placement, 'gap' | 'rank'>, index: number) =>
    db.transaction(async (tx) => {
      await lockBoard(tx, base.boardId);
      let gap = await gapAt(tx, base.columnId, base.issueId, index);
      let rank = rankFor(gap);
      let rekeyed: number[] = [];
      if (!rank) ({ gap, rank, rebalanced: rekeyed } = await rebalanceColumn(tx, base.columnId, base.issueId, index));
      const placed = await placeIssue({ ...base, gap, rank }, tx);
      return { placed, rebalanced: await columnIssueDtos(tx, base.columnId, rekeyed) };
    });

  async function place(base: Omit<Placement, 'gap' | 'rank'>, index: number, firstGap: Gap) {
    let gap = firstGap;
    for (let attempt = 1; ; attempt++) {
      const rank = rankFor(gap);
      if (!rank) break;
      const placed = await placeIssue({ ...base, gap, rank });
      if (placed.outcome !== 'gap_taken') return { placed, rebalanced: [] as IssueDto[] };
      if (attempt === OPTIMISTIC_ATTEMPTS) break;
      gap = await gapAt(db, base.columnId, base.issueId, index);
    }
    return placeLocked(base, index);
  }

  return async function move(
    user: AuthUser,
    id: number,
    input: MoveIssueRequest,
    originId?: string,
  ): Promise<MoveResult> {
    const { issue, board, column, actor, gap, hasDependents } = await contextOf(user, id, input);
    const { placed, rebalanced } = await place(
      {
        boardId: board.id,
        issueId: issue.id,
        columnId: input.destinationColumnId,
        status: statusInColumn(column, issue.status as IssueStatus),
        actorId: Number(user.id),
        activity: `${actor ?? 'Someone'} moved "${issue.title}" to ${column}`,
        now: clock.now(),
      },
      input.position,
      gap,
    );
    const { version, issue: moved, eventRecorded } = settled(placed);
    // To another column, place_issue recorded `issue.moved` in the move's own statement.
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
  // Under the lock the gap cannot be taken; an issue that is gone answers like a missing one.
  throw new NotFound(messages.issueNotFound);
}
