import { eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { messages, type CommentDto, type IssueDto, type IssueWriteResult } from '@trackboard/contracts';
import { NotFound, queryRows, userDirectory, type Db } from '@trackboard/server-kit';
import { finishedStatuses } from '@trackboard/contracts';
import { boards, issueRelations, issues } from '../db/schema';

// The one place an issue's answer shape (IssueDto) is made: as SQL, so PostgreSQL hands back
// rows that are already DTOs (ids as text, times as ISO-8601 UTC like Date.toJSON). A board
// of 5,000 issues then costs no per-row mapping in Node (ORM row mapping, dates and garbage
// collection led the fetch's profile).

/** The issues table, or an alias of it (the row `board.place_issue` returns). */
export type IssueColumns = { [K in keyof typeof issues.$inferSelect]: AnyPgColumn };

const iso = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * `t`'s id for a subquery: an alias's column names its alias; the table's is written with the
 * table's bare name, which a RETURNING clause also understands (drizzle leaves columns unqualified
 * there, and the subquery would take them for its own).
 */
const outerId = (t: IssueColumns) =>
  (t as unknown) === issues ? sql`${sql.identifier(getTableName(issues))}.${sql.identifier('id')}` : sql`${t.id}`;
const finished = sql.raw(finishedStatuses.map((s) => `'${s}'`).join(', '));

/** Its sub-issues, and of them the finished ones: one probe of the partial parent index. */
const subIssueCounts = (t: IssueColumns) =>
  sql`(select count(*)::int from ${issues} as sub where sub.parent_id = ${outerId(t)} and sub.deleted_at is null)`;
const subIssuesDone = (t: IssueColumns) =>
  sql`(select count(*)::int from ${issues} as sub where sub.parent_id = ${outerId(t)} and sub.deleted_at is null
    and sub.status in (${finished}))`;
/** Blocked: some issue that blocks it is neither finished nor deleted. */
const blockedBy = (t: IssueColumns) =>
  sql`exists (select 1 from ${issueRelations} as link join ${issues} as blocker on blocker.id = link.issue_id
    where link.related_id = ${outerId(t)} and link.type = 'blocks' and blocker.deleted_at is null
    and blocker.status not in (${finished}))`;

/** The `tasks` column as the DTO has it: undefined for none. */
const taskCountsOf = (value: unknown): IssueDto['tasks'] => {
  const counts = value as { done?: number; total?: number };
  return counts.total ? { done: counts.done ?? 0, total: counts.total } : undefined;
};

/** Rows of a raw query over issueDtoFields, whose `tasks` no driver mapping has seen. */
function withTaskCounts(rows: IssueDto[]): IssueDto[] {
  for (const row of rows) row.tasks = taskCountsOf(row.tasks);
  return rows;
}

/**
 * What a card shows of other rows — the assignee's name, the issue's links: per row by default, or
 * read for a whole board at once (boardIssueDtos).
 */
type JoinedFields = {
  owner: SQL<string>;
  subIssueCount: SQL<number>;
  subIssuesDone: SQL<number>;
  blocked: SQL<boolean>;
};
const perRow = (t: IssueColumns): JoinedFields => ({
  // The assignee's name as it is now (a rename shows at once); a scalar subquery on the
  // directory's primary key, so it also works in a RETURNING clause and over place_issue's row.
  owner: sql<string>`coalesce((select ${userDirectory.name} from ${userDirectory} where ${userDirectory.id} = ${t.assigneeId}), '')`,
  subIssueCount: sql<number>`${subIssueCounts(t)}`,
  subIssuesDone: sql<number>`${subIssuesDone(t)}`,
  blocked: sql<boolean>`${blockedBy(t)}`,
});

/** The DTO's fields over `t`, with `position` worked out as the query needs. */
export const issueDtoFields = (t: IssueColumns, position: SQL<number>, joined: JoinedFields = perRow(t)) => ({
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
  owner: joined.owner,
  labelIds: sql<string[]>`${t.labelIds}::text[]`,
  dueDate: sql<string | null>`to_char(${t.dueDate}, 'YYYY-MM-DD')`,
  estimate: sql<number | null>`${t.estimate}`,
  commentCount: sql<number>`${t.commentCount}`,
  // Only for a description with tasks. None is '{}' rather than SQL NULL, which drizzle hands on
  // without mapping (and the answer would carry `"tasks": null` for every other card): the
  // mapping leaves the key undefined, and JSON leaves it out.
  tasks: sql`case when ${t.taskTotal} > 0 then json_build_object('done', ${t.taskDone}, 'total', ${t.taskTotal})
    else '{}'::json end`.mapWith(taskCountsOf),
  attachmentCount: sql<number>`${t.attachmentCount}`,
  coverAttachmentId: sql<string | null>`${t.coverAttachmentId}::text`,
  parentId: sql<string | null>`${t.parentId}::text`,
  cycleId: sql<string | null>`${t.cycleId}::text`,
  subIssueCount: joined.subIssueCount,
  subIssuesDone: joined.subIssuesDone,
  blocked: joined.blocked,
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
  const [row] = withTaskCounts(
    await queryRows<IssueDto>(
      db,
      sql`select ${selectList(issueDtoFields(issues, positionBelow()))} from ${issues} where ${issues.id} = ${id}`,
    ),
  );
  return row;
}

/** The issue's answer as it stands, for a change that found nothing to write: at its board's version as it is. */
export async function issueAsItIs(db: Db, id: number): Promise<IssueWriteResult> {
  const dto = await issueDto(db, id);
  if (!dto) throw new NotFound(messages.issueNotFound);
  const [board] = await db
    .select({ version: boards.version })
    .from(boards)
    .where(eq(boards.id, Number(dto.boardId)));
  return { ...dto, boardVersion: board?.version ?? 0, rebalanced: [] };
}

/**
 * Every issue on a board (deleted ones are not) in (column, rank, id) order, each with its
 * position: one query, read in that order from the (board_id, column_id, rank, id) index, so
 * neither the positions nor the order need a sort. What other rows say is read for the whole board
 * at once (a probe per row over 5,000 rows cost more than the rest of the read): the assignees'
 * names by one join, the board's sub-issues grouped by parent, and the board's issues some
 * unfinished issue blocks.
 */
export const boardIssueDtos = async (db: Db, boardId: number) =>
  withTaskCounts(await queryRows<IssueDto>(db, boardIssuesQuery(boardId)));

const boardIssuesQuery = (boardId: number) =>
  sql`with on_board as (select id from ${issues} where board_id = ${boardId}),
        sub as (
          select s.parent_id, count(*)::int as total, (count(*) filter (where s.status in (${finished})))::int as done
          from ${issues} s where s.parent_id in (select id from on_board) and s.deleted_at is null
          group by s.parent_id
        ),
        held as (
          select distinct link.related_id as id from ${issueRelations} link
          join ${issues} blocker on blocker.id = link.issue_id
          where link.related_id in (select id from on_board) and link.type = 'blocks'
            and blocker.deleted_at is null and blocker.status not in (${finished})
        )
      select ${selectList(
        issueDtoFields(issues, positionInColumn(issues), {
          owner: sql`coalesce(owner.name, '')`,
          subIssueCount: sql`coalesce(sub.total, 0)`,
          subIssuesDone: sql`coalesce(sub.done, 0)`,
          blocked: sql`held.id is not null`,
        }),
      )} from ${issues}
        left join ${userDirectory} owner on owner.id = ${issues.assigneeId}
        left join sub on sub.parent_id = ${issues.id}
        left join held on held.id = ${issues.id}
        where ${issues.boardId} = ${boardId} and ${issues.deletedAt} is null
        order by ${issues.columnId}, ${issues.rank}, ${issues.id}`;

/**
 * The issues of `rows` that are on their board: a deleted issue has left its column (issues.ts),
 * so a change that also reached it (a label renamed or deleted) tells the board room nothing of it.
 */
export const onBoard = (rows: IssueDto[]) => rows.filter((row) => row.columnId !== null);

/**
 * The issues, on any board, whose card shows something of the `changed` issues' state: their
 * parents (the sub-issues done) and the issues they block (the blocked mark). Read when one
 * becomes finished or open again, or leaves or comes back, so their cards change with it
 * (dependents.ts); each dependent once.
 */
export async function dependentIssueDtos(
  db: Db,
  changed: { id: string | number; parentId: string | number | null }[],
): Promise<IssueDto[]> {
  const ids = changed.map((issue) => Number(issue.id));
  const parentIds = changed.flatMap((issue) => (issue.parentId === null ? [] : [Number(issue.parentId)]));
  return withTaskCounts(
    await queryRows<IssueDto>(
      db,
      sql`select ${selectList(issueDtoFields(issues, positionBelow()))} from ${issues}
      where ${issues.deletedAt} is null
        and (${issues.id} = any(${sql.param(parentIds)}::bigint[])
          or ${issues.id} in (select ${issueRelations.relatedId} from ${issueRelations}
            where ${issueRelations.issueId} = any(${sql.param(ids)}::bigint[]) and ${issueRelations.type} = 'blocks'))`,
    ),
  );
}

/** Issues as the API answers them, in no particular order (deleted ones left out). */
export const issueDtosOf = async (db: Db, ids: number[]) =>
  ids.length === 0
    ? []
    : withTaskCounts(
        await queryRows<IssueDto>(
          db,
          sql`select ${selectList(issueDtoFields(issues, positionBelow()))} from ${issues}
          where ${issues.deletedAt} is null and ${inArray(issues.id, ids)}`,
        ),
      );

/** The issues of one column with their positions (after a rebalance re-keyed it). */
export async function columnIssueDtos(db: Db, columnId: number, ids: number[]): Promise<IssueDto[]> {
  if (ids.length === 0) return [];
  const wanted = new Set(ids.map(String));
  const rows = await queryRows<IssueDto>(
    db,
    sql`select ${selectList(issueDtoFields(issues, positionInColumn(issues)))} from ${issues}
      where ${issues.columnId} = ${columnId} order by ${issues.rank}, ${issues.id}`,
  );
  return withTaskCounts(rows.filter((row) => wanted.has(row.id)));
}
