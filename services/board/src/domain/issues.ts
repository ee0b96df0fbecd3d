import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  messages,
  statusForColumn,
  type CreateIssueRequest,
  type IssueDto,
  type MoveIssueRequest,
  type MoveResult,
  type UpdateIssueRequest,
} from '@trackboard/contracts';
import { Conflict, Forbidden, Invalid, NotFound, type AuthUser, type Clock, type Db } from '@trackboard/server-kit';
import { columns, issues } from '../db/schema';
import type { Access } from './access';
import { recordActivity, type BoardWrites } from './board-writes';
import { toIssueDto, withPositions } from './dto';
import { clampIndex, evenRanks, needsRebalance, rankAt } from './ordering';
import { canDeleteIssue } from './permissions';

type IssueRow = typeof issues.$inferSelect;

/** PATCH /issues/:id without `status`: the status follows the column (spec §4.6). */
export type IssueChanges = Omit<UpdateIssueRequest, 'status'>;

export function createIssues(db: Db, access: Access, { withBoardWrite }: BoardWrites, clock: Clock) {
  /** Index of an issue within its column: how many sort before it by (rank, id). */
  async function positionOf(row: IssueRow): Promise<number> {
    if (row.columnId === null) return 0;
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(issues)
      .where(and(eq(issues.columnId, row.columnId), sql`(${issues.rank}, ${issues.id}) < (${row.rank}, ${row.id})`));
    return r!.n;
  }
  const dtoOf = async (row: IssueRow) => toIssueDto(row, await positionOf(row));

  async function boardIssues(boardId: number): Promise<IssueDto[]> {
    return withPositions(
      await db
        .select()
        .from(issues)
        .where(eq(issues.boardId, boardId))
        .orderBy(asc(issues.columnId), asc(issues.rank), asc(issues.id)),
    );
  }

  /**
   * A rank that puts the issue at `index` of the column (inside the board's transaction).
   * When the keys have grown too long the whole column is given fresh keys; the other rows
   * that changed are returned so their new order can be sent out.
   */
  async function placeAt(
    tx: Db,
    columnId: number,
    issueId: number | null,
    index: number | undefined,
  ): Promise<{ rank: string; rebalanced: number[] }> {
    const inColumn =
      issueId === null ? eq(issues.columnId, columnId) : and(eq(issues.columnId, columnId), ne(issues.id, issueId));
    // Only the two neighbours of the gap are read (the (column, rank, id) index serves it),
    // so the time the board stays locked does not grow with the column.
    const [{ n: length }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(issues)
      .where(inColumn)) as [{ n: number }];
    const at = clampIndex(index, length);
    const neighbours = await tx
      .select({ rank: issues.rank })
      .from(issues)
      .where(inColumn)
      .orderBy(asc(issues.rank), asc(issues.id))
      .offset(Math.max(at - 1, 0))
      .limit(at === 0 ? 1 : 2);
    const before = at === 0 ? [] : [neighbours[0]!.rank];
    const after = neighbours.slice(at === 0 ? 0 : 1).map((r) => r.rank);
    const rank = rankAt([...before, ...after], before.length);
    if (!needsRebalance(rank)) return { rank, rebalanced: [] };
    const others = await tx
      .select({ id: issues.id })
      .from(issues)
      .where(inColumn)
      .orderBy(asc(issues.rank), asc(issues.id));
    const keys = evenRanks(others.length + 1);
    const order = [...others.slice(0, at), null, ...others.slice(at)];
    const rebalanced: number[] = [];
    for (const [i, other] of order.entries()) {
      if (other === null) continue;
      await tx.update(issues).set({ rank: keys[i]! }).where(eq(issues.id, other.id));
      rebalanced.push(other.id);
    }
    return { rank: keys[at]!, rebalanced };
  }

  async function destinationOn(boardId: number, columnId: number) {
    const [column] = await db.select().from(columns).where(eq(columns.id, columnId));
    if (!column) throw new NotFound(messages.columnNotFound);
    if (column.boardId !== boardId) throw new Invalid(messages.columnOnOtherBoard);
    return column;
  }

  return {
    boardIssues,

    async get(user: AuthUser, id: number): Promise<IssueDto> {
      return dtoOf((await access.issue(user, id)).issue);
    },

    /** Spec §7.4 POST /issues: the status follows the column, the reporter is the caller. */
    async create(user: AuthUser, input: CreateIssueRequest, originId?: string): Promise<IssueDto> {
      const { board, column } = await access.column(user, input.columnId);
      if (board.projectId !== input.projectId) throw new Invalid(messages.projectMismatch);
      const actor = await access.nameOf(user);
      const { result: row, issues: changed } = await withBoardWrite(board, originId, async (tx) => {
        const { rank, rebalanced } = await placeAt(tx, column.id, null, input.position);
        const [row] = await tx
          .insert(issues)
          .values({
            boardId: board.id,
            projectId: board.projectId,
            columnId: column.id,
            title: input.title,
            description: input.description ?? '',
            status: statusForColumn(column.name),
            rank,
            type: input.type ?? 'TASK',
            priority: input.priority ?? 'MEDIUM',
            reporterId: Number(user.id),
            owner: input.owner ?? '',
          })
          .returning();
        await recordActivity(tx, board, user.id, `${actor} created "${input.title}"`);
        return { result: row!, issueIds: [row!.id, ...rebalanced] };
      });
      return changed.find((i) => i.id === String(row.id)) ?? dtoOf(row);
    },

    /**
     * Spec §7.4 PATCH /issues/:id. With `version`, an edit based on an older copy gets 409 and
     * the current issue. A new column moves the issue to its end and maps its status (§4.6).
     */
    async update(user: AuthUser, id: number, changes: IssueChanges, originId?: string): Promise<IssueDto> {
      const { issue, board } = await access.issue(user, id);
      const destination =
        changes.columnId !== undefined && changes.columnId !== issue.columnId
          ? await destinationOn(board.id, changes.columnId)
          : null;
      const actor = destination ? await access.nameOf(user) : '';
      const { version: expectedVersion, columnId: _columnId, ...fields } = changes;
      const written = await withBoardWrite(board, originId, async (tx) => {
        const placed = destination ? await placeAt(tx, destination.id, issue.id, undefined) : null;
        const [row] = await tx
          .update(issues)
          .set({
            ...fields,
            ...(destination &&
              placed && { columnId: destination.id, rank: placed.rank, status: statusForColumn(destination.name) }),
            version: sql`${issues.version} + 1`,
            updatedAt: clock.now(),
          })
          .where(
            and(
              eq(issues.id, issue.id),
              expectedVersion === undefined ? undefined : eq(issues.version, expectedVersion),
            ),
          )
          .returning();
        if (!row) return null; // based on an older copy: nothing is written
        if (destination)
          await recordActivity(tx, board, user.id, `${actor} moved "${row.title}" to ${destination.name}`);
        return { result: row, issueIds: [row.id, ...(placed?.rebalanced ?? [])] };
      });
      if (!written) {
        const [current] = await db.select().from(issues).where(eq(issues.id, issue.id));
        throw new Conflict(messages.staleIssue, { issue: current ? await dtoOf(current) : null });
      }
      return written.issues.find((i) => i.id === String(issue.id)) ?? dtoOf(written.result);
    },

    async remove(user: AuthUser, id: number, originId?: string): Promise<void> {
      const { issue, board, membership } = await access.issue(user, id);
      if (!canDeleteIssue(user, membership)) throw new Forbidden(messages.deleteIssueForbidden);
      await withBoardWrite(board, originId, async (tx) => {
        await tx.delete(issues).where(eq(issues.id, issue.id));
        return { result: undefined, removedIssueIds: [issue.id] };
      });
    },

    /**
     * Spec §7.4 PUT /issues/:id/position: the issue goes to `position` in the destination
     * column. The server's copy decides where it comes from, so concurrent moves never fail
     * each other; the board lock orders them and each writes one row (plus a rare rebalance).
     */
    async move(user: AuthUser, id: number, input: MoveIssueRequest, originId?: string): Promise<MoveResult> {
      const { issue, board } = await access.issue(user, id);
      if (board.id !== input.boardId) throw new NotFound(messages.issueNotFound);
      const destination = await destinationOn(board.id, input.destinationColumnId);
      const actor = await access.nameOf(user);
      const { version } = await withBoardWrite(board, originId, async (tx) => {
        const [current] = await tx.select().from(issues).where(eq(issues.id, issue.id));
        if (!current) throw new NotFound(messages.issueNotFound);
        const placed = await placeAt(tx, destination.id, issue.id, input.position);
        await tx
          .update(issues)
          .set({
            columnId: destination.id,
            rank: placed.rank,
            status: statusForColumn(destination.name),
            version: sql`${issues.version} + 1`,
            updatedAt: clock.now(),
          })
          .where(eq(issues.id, issue.id));
        if (current.columnId !== destination.id)
          await recordActivity(tx, board, user.id, `${actor} moved "${current.title}" to ${destination.name}`);
        return { result: undefined, issueIds: [issue.id, ...placed.rebalanced] };
      });
      return { issues: await boardIssues(board.id), version };
    },
  };
}
export type Issues = ReturnType<typeof createIssues>;
