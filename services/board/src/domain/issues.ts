import { and, eq, sql } from 'drizzle-orm';
import {
  messages,
  statusForColumn,
  type CreateIssueRequest,
  type IssueDto,
  type IssueWriteResult,
  type UpdateIssueRequest,
} from '@trackboard/contracts';
import { Conflict, Forbidden, Invalid, NotFound, type AuthUser, type Clock, type Db } from '@trackboard/server-kit';
import { columns, issues } from '../db/schema';
import type { Access } from './access';
import { recordActivity, type BoardWrites } from './board-writes';
import { columnIssueDtos, issueDto, issueDtoFields, positionBelow } from './issue-dto';
import { createMoves } from './moves';
import { canDeleteIssue } from './permissions';
import { gapAt, rankFor, rebalanceColumn } from './placement';

/** PATCH /issues/:id without `status`: the status follows the column (spec §4.6). */
export type IssueChanges = Omit<UpdateIssueRequest, 'status'>;

export function createIssues(db: Db, access: Access, writes: BoardWrites, clock: Clock) {
  const { withBoardWrite } = writes;

  /** The issue's answer fields, for a RETURNING clause (its position counted there too). */
  const answerFields = issueDtoFields(issues, positionBelow());

  /**
   * A rank that puts the issue at `index` of the column (inside the board's transaction).
   * When the keys have grown too long the column is given fresh keys; the other issues that
   * changed come back so their new order can be sent out.
   */
  async function placeAt(tx: Db, columnId: number, issueId: number | null, index: number | undefined) {
    const rank = rankFor(await gapAt(tx, columnId, issueId, index));
    if (rank) return { rank, rebalanced: [] };
    return rebalanceColumn(tx, columnId, issueId, index);
  }

  async function destinationOn(boardId: number, columnId: number) {
    const [column] = await db.select().from(columns).where(eq(columns.id, columnId));
    if (!column) throw new NotFound(messages.columnNotFound);
    if (column.boardId !== boardId) throw new Invalid(messages.columnOnOtherBoard);
    return column;
  }

  return {
    async get(user: AuthUser, id: number): Promise<IssueDto> {
      const { issue } = await access.issue(user, id);
      const dto = await issueDto(db, issue.id);
      if (!dto) throw new NotFound(messages.issueNotFound);
      return dto;
    },

    /** Spec §7.4 POST /issues: the status follows the column, the reporter is the caller. */
    async create(user: AuthUser, input: CreateIssueRequest, originId?: string): Promise<IssueWriteResult> {
      const { board, column } = await access.column(user, input.columnId);
      if (board.projectId !== input.projectId) throw new Invalid(messages.projectMismatch);
      const actor = await access.nameOf(user);
      const { result, version } = await withBoardWrite(board, originId, async (tx) => {
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
          .returning(answerFields);
        await recordActivity(tx, board, user.id, `${actor} created "${input.title}"`);
        const others = await columnIssueDtos(tx, column.id, rebalanced);
        return { result: { created: row!, rebalanced: others }, changed: [row!, ...others] };
      });
      return { ...result.created, boardVersion: version, rebalanced: result.rebalanced };
    },

    /**
     * Spec §7.4 PATCH /issues/:id. With `version`, an edit based on an older copy gets 409 and
     * the current issue. A new column moves the issue to its end and maps its status (§4.6).
     */
    async update(user: AuthUser, id: number, changes: IssueChanges, originId?: string): Promise<IssueWriteResult> {
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
          .returning(answerFields);
        if (!row) return null; // based on an older copy: nothing is written
        if (destination)
          await recordActivity(tx, board, user.id, `${actor} moved "${row.title}" to ${destination.name}`);
        const others = destination && placed ? await columnIssueDtos(tx, destination.id, placed.rebalanced) : [];
        return { result: { updated: row, rebalanced: others }, changed: [row, ...others] };
      });
      if (!written) {
        throw new Conflict(messages.staleIssue, { issue: (await issueDto(db, issue.id)) ?? null });
      }
      return { ...written.result.updated, boardVersion: written.version, rebalanced: written.result.rebalanced };
    },

    async remove(user: AuthUser, id: number, originId?: string): Promise<void> {
      const { issue, board, membership } = await access.issue(user, id);
      if (!canDeleteIssue(user, membership)) throw new Forbidden(messages.deleteIssueForbidden);
      await withBoardWrite(board, originId, async (tx) => {
        await tx.delete(issues).where(eq(issues.id, issue.id));
        return { result: undefined, removedIssueIds: [issue.id] };
      });
    },

    move: createMoves(db, access, writes, clock),
  };
}
export type Issues = ReturnType<typeof createIssues>;
