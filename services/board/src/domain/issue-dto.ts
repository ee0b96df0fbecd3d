import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CommentDto, IssueDto } from '@trackboard/contracts';
import { queryRows, userDirectory, type Db } from '@trackboard/server-kit';
import { issues } from '../db/schema';

// The one place an issue's answer shape (IssueDto) is made: as SQL, so PostgreSQL hands back
// rows that are already DTOs (ids as text, times as ISO-8601 UTC like Date.toJSON). A board
// of 5,000 issues then costs no per-row mapping in Node (ORM row mapping, dates and garbage
// collection led the fetch's profile).

/** The issues table, or an alias of it (the row `board.place_issue` returns). */
export type IssueColumns = { [K in keyof typeof issues.$inferSelect]: AnyPgColumn };

const iso = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The DTO's fields over `t`, with `position` worked out as the query needs. */
export const issueDtoFields = (t: IssueColumns, position: SQL<number>) => ({
  id: sql<string>`${t.id}::text`,
  boardId: sql<string>`${t.boardId}::text`,
  projectId: sql<string>`${t.projectId}::text`,
  number: sql<number>`${t.number}`,
  key: sql<string>`${t.key}`,
  columnId: sql<string | null>`${t.columnId}::text`,
  title: sql<string>`${t.title}`,
  description: sql<string>`${t.description}`,
  status: sql<IssueDto['status']>`${t.status}`,
  position,
  rank: sql<string>`${t.rank}`,
  type: sql<IssueDto['type']>`${t.type}`,
  priority: sql<IssueDto['priority']>`${t.priority}`,
  reporterId: sql<string>`${t.reporterId}::text`,
  assigneeId: sql<string | null>`${t.assigneeId}::text`,
  // The assignee's name as it is now (a rename shows at once); a scalar subquery on the
  // directory's primary key, so it also works in a RETURNING clause and over place_issue's row.
  owner: sql<string>`coalesce((select ${userDirectory.name} from ${userDirectory} where ${userDirectory.id} = ${t.assigneeId}), '')`,
  labelIds: sql<string[]>`${t.labelIds}::text[]`,
  dueDate: sql<string | null>`to_char(${t.dueDate}, 'YYYY-MM-DD')`,
  commentCount: sql<number>`${t.commentCount}`,
  attachmentCount: sql<number>`${t.attachmentCount}`,
  coverAttachmentId: sql<string | null>`${t.coverAttachmentId}::text`,
  relatedCode: sql<string>`${t.relatedCode}`,
  links: sql<string[]>`${t.links}`,
  instructions: sql<string>`${t.instructions}`,
  version: sql<number>`${t.version}`,
  createdAt: iso(t.createdAt),
  updatedAt: iso(t.updatedAt),
  comments: sql<CommentDto[]>`'[]'::json`,
});

/** `fields` as a select list for a raw query (`key` names each column). */
export const selectList = (fields: Record<string, SQL>) =>
  sql.join(
    Object.entries(fields).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
    sql`, `,
  );

/**
 * Index within the column: how many issues sort before it by (rank, id) (an index-only
 * count). Written with the table's bare name, which a RETURNING clause also understands
 * (drizzle leaves its columns unqualified there, and the subquery would take them as its own).
 */
export const positionBelow = () => {
  const own = (column: AnyPgColumn) => sql`${sql.identifier(getTableName(issues))}.${sql.identifier(column.name)}`;
  return sql<number>`(select count(*)::int from ${issues} as below where below.column_id = ${own(issues.columnId)}
    and below.id <> ${own(issues.id)} and (below.rank, below.id) < (${own(issues.rank)}, ${own(issues.id)}))`;
};

/** Index within the column for rows read in (column, rank, id) order, in the same pass. */
export const positionInColumn = (t: IssueColumns) =>
  sql<number>`(row_number() over (partition by ${t.columnId} order by ${t.rank}, ${t.id}) - 1)::int`;

/** One issue as the API answers it, or undefined. */
export async function issueDto(db: Db, id: number): Promise<IssueDto | undefined> {
  const [row] = await queryRows<IssueDto>(
    db,
    sql`select ${selectList(issueDtoFields(issues, positionBelow()))} from ${issues} where ${issues.id} = ${id}`,
  );
  return row;
}

/** Every issue on a board (deleted ones are not) in (column, rank, id) order, each with its position: one query. */
export const boardIssueDtos = (db: Db, boardId: number) =>
  queryRows<IssueDto>(
    db,
    sql`select ${selectList(issueDtoFields(issues, positionInColumn(issues)))} from ${issues}
      where ${issues.boardId} = ${boardId} and ${issues.deletedAt} is null
      order by ${issues.columnId}, ${issues.rank}, ${issues.id}`,
  );

/**
 * The issues of `rows` that are on their board: a deleted issue has left its column (issues.ts),
 * so a change that also reached it (a label renamed or deleted) tells the board room nothing of it.
 */
export const onBoard = (rows: IssueDto[]) => rows.filter((row) => row.columnId !== null);

/** The issues of one column with their positions (after a rebalance re-keyed it). */
export async function columnIssueDtos(db: Db, columnId: number, ids: number[]): Promise<IssueDto[]> {
  if (ids.length === 0) return [];
  const wanted = new Set(ids.map(String));
  const rows = await queryRows<IssueDto>(
    db,
    sql`select ${selectList(issueDtoFields(issues, positionInColumn(issues)))} from ${issues}
      where ${issues.columnId} = ${columnId} order by ${issues.rank}, ${issues.id}`,
  );
  return rows.filter((row) => wanted.has(row.id));
}
