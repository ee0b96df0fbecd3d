import { desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  cycleName,
  estimateLabel,
  plainExcerpt,
  type EstimateScale,
  type HistoryField,
  type IssueActivityDto,
} from '@trackboard/contracts';
import { projectDirectory, queryRows, userDirectory, type Db } from '@trackboard/server-kit';
import { activity, columns, cycles, issues, labels } from '../db/schema';
import type { HistoryEntry } from './board-writes';
import { CYCLE_ACTOR_ID, CYCLE_ACTOR_NAME } from './cycles';

// An issue's history (GET /issues/:id/activity): rows of the activity table with its issue_id,
// written in the transaction of each change — created, a field changed, moved, commented.
// `from`/`to` are display values as they were at the time (names, dates, columns).

/** A history of this many rows at most is answered (newest first). */
const HISTORY_LIMIT = 500;

/** The names of the labels in `ids`, in the board's label order, joined by ", " (null for none). */
export const labelNames = (ids: SQL | unknown) =>
  sql<string | null>`(select string_agg(${labels.name}, ', ' order by lower(${labels.name}), ${labels.id})
    from ${labels} where ${labels.id} = any(${ids}))`;

/** What the history compares of an issue, each as it is shown. */
export type IssueSnapshot = {
  title: string;
  assigneeId: string | null;
  assignee: string | null;
  labelIds: string[];
  labels: string | null;
  dueDate: string | null;
  estimate: number | null;
  /** The project's scale, which the history shows an estimate in ("3", "M"). */
  estimateScale: EstimateScale;
  priority: string;
  type: string;
  description: string;
  columnId: string | null;
  column: string | null;
  cycleId: string | null;
  /** The cycle's name ("Cycle 3"), as the history shows it. */
  cycle: string | null;
  /** Not in the history (a status follows the column), but told in the change's event. */
  status: string;
  relatedCode: string;
  links: string[];
  instructions: string;
  /** The issue's edit counter: what an edit began from is checked against it (edit-conflicts.ts). */
  version: number;
};

/** The issues as the history and the change's event compare them (inside the change's transaction, before and after). */
export async function snapshotsOf(tx: Db, issueIds: number[]): Promise<Map<number, IssueSnapshot>> {
  const rows = await queryRows<Omit<IssueSnapshot, 'cycle'> & { id: string; cycleNumber: number | null }>(
    tx,
    sql`select ${issues.id}::text as id, ${issues.title} as title, ${issues.description} as description,
      ${issues.assigneeId}::text as "assigneeId",
      (select ${userDirectory.name} from ${userDirectory} where ${userDirectory.id} = ${issues.assigneeId}) as assignee,
      ${issues.labelIds}::text[] as "labelIds", ${labelNames(issues.labelIds)} as labels,
      to_char(${issues.dueDate}, 'YYYY-MM-DD') as "dueDate", ${issues.estimate} as estimate,
      coalesce((select ${projectDirectory.estimateScale} from ${projectDirectory}
        where ${projectDirectory.id} = ${issues.projectId}), 'none') as "estimateScale",
      ${issues.priority} as priority, ${issues.type} as type,
      ${issues.columnId}::text as "columnId",
      (select ${columns.name} from ${columns} where ${columns.id} = ${issues.columnId}) as column,
      ${issues.cycleId}::text as "cycleId",
      (select ${cycles.number} from ${cycles} where ${cycles.id} = ${issues.cycleId}) as "cycleNumber",
      ${issues.status} as status, ${issues.relatedCode} as "relatedCode", ${issues.links} as links,
      ${issues.instructions} as instructions, ${issues.version} as version
    from ${issues} where ${issues.id} = any(${sql.param(issueIds)}::bigint[])`,
  );
  // The cycle is named here, not in the SQL, so its wording is cycleName's alone.
  return new Map(
    rows.map(({ id, cycleNumber, ...snapshot }) => [
      Number(id),
      { ...snapshot, cycle: cycleNumber === null ? null : cycleName(cycleNumber) },
    ]),
  );
}

/** One issue's snapshot (snapshotsOf). */
export const snapshotOf = async (tx: Db, issueId: number): Promise<IssueSnapshot | undefined> =>
  (await snapshotsOf(tx, [issueId])).get(issueId);

const estimateShown = (s: IssueSnapshot) => (s.estimate === null ? null : estimateLabel(s.estimateScale, s.estimate));

const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** A row per field that changed between the two snapshots (a new column is a move, written elsewhere). */
export function fieldChanges(before: IssueSnapshot, after: IssueSnapshot): HistoryEntry[] {
  const changed = (field: HistoryField, from: string | null, to: string | null): HistoryEntry => ({
    kind: 'updated',
    field,
    fromValue: from,
    toValue: to,
  });
  const entries: HistoryEntry[] = [];
  if (before.title !== after.title) entries.push(changed('title', before.title, after.title));
  // A description can be long: the history says that it changed, not what it was.
  if (before.description !== after.description) entries.push(changed('description', null, null));
  if (before.assigneeId !== after.assigneeId) entries.push(changed('assignee', before.assignee, after.assignee));
  if (!same([...before.labelIds].sort(), [...after.labelIds].sort()))
    entries.push(changed('labels', before.labels, after.labels));
  if (before.dueDate !== after.dueDate) entries.push(changed('dueDate', before.dueDate, after.dueDate));
  if (before.estimate !== after.estimate)
    entries.push(changed('estimate', estimateShown(before), estimateShown(after)));
  if (before.priority !== after.priority) entries.push(changed('priority', before.priority, after.priority));
  if (before.type !== after.type) entries.push(changed('type', before.type, after.type));
  if (before.cycleId !== after.cycleId) entries.push(changed('cycle', before.cycle, after.cycle));
  return entries;
}

/** The move's row: the column the issue left and the one it entered. */
export const moveEntry = (before: IssueSnapshot, after: IssueSnapshot): HistoryEntry => ({
  kind: 'moved',
  field: 'status',
  fromValue: before.column,
  toValue: after.column,
});

type HistoryRow = {
  id: number;
  at: Date;
  actorId: number;
  actorName: string | null;
  kind: IssueActivityDto['kind'];
  field: HistoryField | null;
  fromValue: string | null;
  toValue: string | null;
};

/** The issue's history, newest first. */
export async function historyOf(db: Db, issueId: number): Promise<IssueActivityDto[]> {
  const rows: HistoryRow[] = await db
    .select({
      id: activity.id,
      at: activity.createdAt,
      actorId: activity.actorId,
      actorName: userDirectory.name,
      kind: sql<IssueActivityDto['kind']>`${activity.kind}`,
      field: sql<HistoryField | null>`${activity.field}`,
      fromValue: activity.fromValue,
      toValue: activity.toValue,
    })
    .from(activity)
    .leftJoin(userDirectory, eq(userDirectory.id, activity.actorId))
    .where(eq(activity.issueId, issueId))
    .orderBy(desc(activity.id))
    .limit(HISTORY_LIMIT);
  return rows.map((r) => ({
    id: String(r.id),
    at: r.at.toISOString(),
    actor: {
      id: String(r.actorId),
      name: r.actorName ?? (r.actorId === CYCLE_ACTOR_ID ? CYCLE_ACTOR_NAME : 'Unknown User'),
    },
    kind: r.kind,
    ...(r.field && { field: r.field }),
    // A description edit says only that it changed; a tick is a change of it that names its task.
    ...(r.field && (r.field !== 'description' || r.kind !== 'updated') && { from: r.fromValue, to: r.toValue }),
  }));
}

/** How long a tick's history row quotes its task (a task's line may run to the description's length). */
const TICKED_TASK_MAX_LENGTH = 200;

/** The history row of a task ticked or unticked: its words as a reader sees them (no Markdown marks). */
export const tickEntry = (checked: boolean, taskText: string): HistoryEntry => ({
  kind: checked ? 'ticked' : 'unticked',
  field: 'description',
  fromValue: null,
  toValue: plainExcerpt(taskText, TICKED_TASK_MAX_LENGTH),
});
