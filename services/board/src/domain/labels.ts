import { and, asc, eq, sql } from 'drizzle-orm';
import { messages, type LabelColor, type LabelDto, type LabelUsageDto } from '@trackboard/contracts';
import {
  Conflict,
  Forbidden,
  Invalid,
  NotFound,
  isUniqueViolation,
  queryRows,
  type AuthUser,
  type Clock,
  type Db,
} from '@trackboard/server-kit';
import { activity, issues, labels } from '../db/schema';
import { editable, type Access } from './access';
import type { BoardWrites } from './board-writes';
import { labelNames } from './history';
import { issueDtoFields, onBoard, positionBelow } from './issue-dto';
import { canArrangeBoard } from './permissions';

type LabelRow = typeof labels.$inferSelect;
const toDto = (l: LabelRow): LabelDto => ({
  id: String(l.id),
  boardId: String(l.boardId),
  name: l.name,
  color: l.color as LabelColor,
});

/** A board's labels in the board's label order: by name, case aside. */
export async function boardLabels(db: Db, boardId: number): Promise<LabelDto[]> {
  const rows = await db
    .select()
    .from(labels)
    .where(eq(labels.boardId, boardId))
    .orderBy(sql`lower(${labels.name})`, asc(labels.id));
  return rows.map(toDto);
}

/**
 * How many of the board's issues carry each label, by label id (labels no issue carries are
 * absent): one pass over the board's issues. Only issues in a column count: a deleted issue has
 * left its column, as it leaves every position and count.
 */
async function issueCountsByLabel(db: Db, boardId: number): Promise<Map<string, number>> {
  const rows = await queryRows<{ id: string; n: number }>(
    db,
    sql`select carried.id::text as id, count(*)::int as n
      from ${issues} cross join lateral unnest(${issues.labelIds}) as carried(id)
      where ${issues.boardId} = ${boardId} and ${issues.columnId} is not null
      group by carried.id`,
  );
  return new Map(rows.map((row) => [row.id, Number(row.n)]));
}

/** `ids` as an issue keeps them: this board's labels only (else 400), once each, in the board's order. */
export async function orderedLabelIds(tx: Db, boardId: number, ids: number[]): Promise<number[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const rows = await tx
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.boardId, boardId), sql`${labels.id} = any(${sql.param(wanted)}::bigint[])`))
    .orderBy(sql`lower(${labels.name})`, asc(labels.id));
  if (rows.length !== wanted.length) throw new Invalid(messages.labelNotOnBoard);
  return rows.map((r) => r.id);
}

/**
 * Labels per board: anyone who sees the board adds one; the lead or an admin
 * renames, recolours or deletes it. Each change is a board write whose board_updated carries
 * all the board's labels and the issues it changed.
 */
export function createLabels(db: Db, access: Access, { withBoardWrite }: BoardWrites, clock: Clock) {
  const answerFields = issueDtoFields(issues, positionBelow());
  const holding = (label: LabelRow) =>
    and(eq(issues.boardId, label.boardId), sql`${issues.labelIds} @> array[${label.id}]::bigint[]`);

  /** A name another label of the board has (case aside) is a 409, wherever the race is decided. */
  async function uniquely<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict(messages.labelNameTaken);
      throw error;
    }
  }

  async function arrangeableLabel(user: AuthUser, id: number) {
    const scope = await access.label(user, id);
    if (!canArrangeBoard(user, scope.membership)) throw new Forbidden(messages.labelEditForbidden);
    return scope;
  }

  return {
    /** The board's labels, each with how many of its issues carry it (what deleting one would take off). */
    async list(user: AuthUser, boardId: number): Promise<LabelUsageDto[]> {
      const { board } = await access.board(user, boardId);
      const [list, counts] = await Promise.all([boardLabels(db, board.id), issueCountsByLabel(db, board.id)]);
      return list.map((label) => ({ ...label, issueCount: counts.get(label.id) ?? 0 }));
    },

    async create(
      user: AuthUser,
      boardId: number,
      input: { name: string; color: LabelColor },
      originId?: string,
    ): Promise<LabelDto> {
      const { board } = editable(user, await access.board(user, boardId));
      const { result } = await uniquely(() =>
        withBoardWrite(board, originId, async (tx) => {
          const [row] = await tx
            .insert(labels)
            .values({ boardId: board.id, ...input })
            .returning();
          return { result: toDto(row!), labels: await boardLabels(tx, board.id) };
        }),
      );
      return result;
    },

    /** A new name re-sorts the label ids of the issues that carry it (they keep the board's order). */
    async update(
      user: AuthUser,
      id: number,
      input: { name?: string; color?: LabelColor },
      originId?: string,
    ): Promise<LabelDto> {
      const { board, label } = await arrangeableLabel(user, id);
      const written = await uniquely(() =>
        withBoardWrite(board, originId, async (tx) => {
          const [row] = await tx.update(labels).set(input).where(eq(labels.id, label.id)).returning();
          if (!row) return null;
          const changed =
            input.name === undefined
              ? []
              : await tx
                  .update(issues)
                  .set({
                    labelIds: sql`(select array_agg(l.id order by lower(l.name), l.id) from ${labels} l
                      where l.id = any(${issues.labelIds}))`,
                  })
                  .where(holding(label))
                  .returning(answerFields);
          return { result: toDto(row), changed: onBoard(changed), labels: await boardLabels(tx, board.id) };
        }),
      );
      if (!written) throw new NotFound(messages.labelNotFound); // deleted meanwhile
      return written.result;
    },

    /** The label leaves every issue that carried it (each a change in that issue's history). */
    async remove(user: AuthUser, id: number, originId?: string): Promise<void> {
      const { board, label } = await arrangeableLabel(user, id);
      await withBoardWrite(board, originId, async (tx) => {
        const without = sql`array_remove(${issues.labelIds}, ${label.id}::bigint)`;
        await tx.execute(sql`insert into ${activity}
            (project_id, board_id, actor_id, description, issue_id, kind, field, from_value, to_value)
          select ${issues.projectId}, ${issues.boardId}, ${Number(user.id)}, '', ${issues.id}, 'updated', 'labels',
            ${labelNames(issues.labelIds)}, ${labelNames(without)}
          from ${issues} where ${holding(label)}`);
        const changed = await tx
          .update(issues)
          .set({
            labelIds: without,
            version: sql`${issues.version} + 1`,
            updatedAt: clock.now(),
          })
          .where(holding(label))
          .returning(answerFields);
        await tx.delete(labels).where(eq(labels.id, label.id));
        return { result: undefined, changed: onBoard(changed), labels: await boardLabels(tx, board.id) };
      });
    },
  };
}
export type Labels = ReturnType<typeof createLabels>;
