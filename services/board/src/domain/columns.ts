import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { mappedStatus, messages, statusInColumn, type ColumnDto, type IssueStatus } from '@trackboard/contracts';
import { Conflict, Forbidden, Invalid, type AuthUser, type Db } from '@trackboard/server-kit';
import { activity, columns, issues } from '../db/schema';
import type { Access } from './access';
import type { BoardWrites } from './board-writes';
import { clampIndex, ranksAfter } from './ordering';
import { canArrangeBoard } from './permissions';

type ColumnRow = typeof columns.$inferSelect;

/**
 * Columns are arranged by the project lead or an admin; every change bumps the board version and
 * tells the board room `columnsChanged` (its clients fetch the board again).
 *
 * An issue's status follows its column's name, and a name that maps to no status
 * keeps the status the issue has, its last mapped one: renaming "In Progress" to
 * "Doing" leaves its issues IN_PROGRESS, renaming it to "Done" makes them DONE, and issues sent
 * to a "QA" column by a delete keep theirs (contracts' statusInColumn).
 */
export function createColumns(access: Access, { withBoardWrite }: BoardWrites) {
  const toDto = (c: ColumnRow): ColumnDto => ({
    id: String(c.id),
    name: c.name,
    position: c.position,
    wipLimit: c.wipLimit,
    issues: [],
  });

  /** Writes 0..n-1 positions in the given order. */
  async function renumber(tx: Db, ordered: ColumnRow[]) {
    for (const [position, column] of ordered.entries()) {
      if (column.position !== position) await tx.update(columns).set({ position }).where(eq(columns.id, column.id));
    }
  }
  const boardColumns = (tx: Db, boardId: number, except?: number) =>
    tx
      .select()
      .from(columns)
      .where(except ? and(eq(columns.boardId, boardId), ne(columns.id, except)) : eq(columns.boardId, boardId))
      .orderBy(asc(columns.position), asc(columns.id));

  async function arrangeable(user: AuthUser, scope: Awaited<ReturnType<Access['board']>>) {
    if (!canArrangeBoard(user, scope.membership)) throw new Forbidden(messages.arrangeForbidden);
    return scope;
  }

  return {
    async create(
      user: AuthUser,
      boardId: number,
      input: { name: string; position?: number; wipLimit?: number | null },
      originId?: string,
    ): Promise<ColumnDto> {
      const { board } = await arrangeable(user, await access.board(user, boardId));
      const { result: column } = await withBoardWrite(board, originId, async (tx) => {
        const existing = await boardColumns(tx, board.id);
        const at = clampIndex(input.position, existing.length);
        const [column] = await tx
          .insert(columns)
          .values({ boardId: board.id, name: input.name, position: at, wipLimit: input.wipLimit ?? null })
          .returning();
        await renumber(tx, [...existing.slice(0, at), column!, ...existing.slice(at)]);
        return { result: { ...column!, position: at }, columnsChanged: true };
      });
      return toDto(column);
    },

    /**
     * Rename, move and/or set the WIP limit (null: none). A rename to a name that maps to a
     * status gives the column's issues that status; to one that maps to none, they keep theirs.
     */
    async update(
      user: AuthUser,
      columnId: number,
      input: { name?: string; position?: number; wipLimit?: number | null },
      originId?: string,
    ): Promise<ColumnDto> {
      const { board, column, membership } = await access.column(user, columnId);
      if (!canArrangeBoard(user, membership)) throw new Forbidden(messages.arrangeForbidden);
      const { result: updated } = await withBoardWrite(board, originId, async (tx) => {
        const [updated] = await tx
          .update(columns)
          .set({
            name: input.name ?? column.name,
            ...(input.wipLimit !== undefined && { wipLimit: input.wipLimit }),
          })
          .where(eq(columns.id, column.id))
          .returning();
        const status = input.name === undefined ? null : mappedStatus(input.name);
        if (status) await tx.update(issues).set({ status }).where(eq(issues.columnId, column.id));
        if (input.position !== undefined) {
          const others = await boardColumns(tx, board.id, column.id);
          const at = clampIndex(input.position, others.length);
          await renumber(tx, [...others.slice(0, at), updated!, ...others.slice(at)]);
          updated!.position = at;
        }
        return { result: updated!, columnsChanged: true };
      });
      return toDto(updated);
    },

    /**
     * A column with issues goes only with a target column for them (appended there, in order,
     * each with the status the target's name gives it, or its own). A board's last column stays:
     * checked under the board's lock, so two deletes at once cannot leave a board without one.
     */
    async remove(user: AuthUser, columnId: number, targetId: number | undefined, originId?: string): Promise<void> {
      const { board, column, membership } = await access.column(user, columnId);
      if (!canArrangeBoard(user, membership)) throw new Forbidden(messages.arrangeForbidden);
      if (targetId === column.id) throw new Invalid(messages.targetColumnNotOther);
      await withBoardWrite(board, originId, async (tx) => {
        const others = await boardColumns(tx, board.id, column.id);
        if (others.length === 0) throw new Invalid(messages.lastColumn);
        const moving = await tx
          .select()
          .from(issues)
          .where(eq(issues.columnId, column.id))
          .orderBy(asc(issues.rank), asc(issues.id));
        if (moving.length > 0) {
          const [target] = targetId
            ? await tx
                .select()
                .from(columns)
                .where(and(eq(columns.id, targetId), eq(columns.boardId, board.id)))
            : [];
          if (!target)
            throw targetId ? new Invalid(messages.columnOnOtherBoard) : new Conflict(messages.columnNotEmpty);
          const [last] = await tx
            .select({ rank: issues.rank })
            .from(issues)
            .where(eq(issues.columnId, target.id))
            .orderBy(desc(issues.rank), desc(issues.id))
            .limit(1);
          const keys = ranksAfter(last?.rank ?? null, moving.length);
          for (const [i, issue] of moving.entries()) {
            await tx
              .update(issues)
              .set({
                columnId: target.id,
                rank: keys[i]!,
                status: statusInColumn(target.name, issue.status as IssueStatus),
              })
              .where(eq(issues.id, issue.id));
          }
          // Each issue's history: moved to the target (no dashboard line: nobody moved it by hand).
          await tx.insert(activity).values(
            moving.map((issue) => ({
              projectId: board.projectId,
              boardId: board.id,
              actorId: Number(user.id),
              description: '',
              issueId: issue.id,
              kind: 'moved' as const,
              field: 'status',
              fromValue: column.name,
              toValue: target.name,
            })),
          );
        }
        await tx.delete(columns).where(eq(columns.id, column.id));
        await renumber(tx, others);
        return { result: undefined, columnsChanged: true };
      });
    },
  };
}
export type Columns = ReturnType<typeof createColumns>;
