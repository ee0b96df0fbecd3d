import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  messages,
  utcDay,
  statusInColumn,
  type BulkEditRequest,
  type BulkEditResult,
  type BulkIssueValues,
  type DomainEventPayload,
  type IssueDto,
  type IssueStatus,
} from '@trackboard/contracts';
import { Conflict, Forbidden, Invalid, NotFound, type AuthUser, type Clock, type Db } from '@trackboard/server-kit';
import { columns, issues, labels } from '../db/schema';
import { editable, type Access, type Scope } from './access';
import type { Assignees } from './assignees';
import { recordActivity, recordHistoryOfMany, type BoardWrites, type HistoryEntry } from './board-writes';
import { createDependents, isFinished } from './dependents';
import { checkCycle } from './cycles';
import { checkEstimate } from './estimates';
import { fieldChanges, moveEntry, snapshotsOf } from './history';
import { changedDetailsOfMany, eventDetailsOf, issueDetailsOfMany } from './issue-details';
import { issueDeleted, issueEdited, projectKeyOf } from './issue-events';
import { issueDtosOf, positionBelow } from './issue-dto';
import { orderedLabelIds } from './labels';
import { canDeleteIssue } from './permissions';
import { placeAll } from './ordering';

/** An issue as a bulk edit reads it first: where it is, and the fields the edit writes. */
type Current = {
  id: number;
  columnId: number;
  labelIds: number[];
  rank: string;
  status: string;
  priority: string;
  type: string;
  dueDate: string | null;
  estimate: number | null;
  assigneeId: number | null;
  cycleId: number | null;
};

/**
 * POST /issues/bulk: several issues of one board changed in one step. All of them or none: one
 * transaction under the board's lock, which a stale issue (a version the selection did not see),
 * a label of another board or a refused permission rolls back whole. Each issue gets its own
 * history rows and its own event (webhooks deliver each); the board room hears one board_updated,
 * and the people it concerns are told once for the whole edit (`issues.bulk_updated`).
 */
export function createBulkEdits(db: Db, access: Access, writes: BoardWrites, assignees: Assignees, clock: Clock) {
  const { withBoardWrite } = writes;
  const dependents = createDependents(db, writes);

  /** The board all the named issues are on: 404 for one the caller may not see (or that is gone), 400 for several boards. */
  async function boardOf(user: AuthUser, ids: number[]): Promise<Scope> {
    const rows = await db
      .select({ boardId: issues.boardId, n: sql<number>`count(*)::int` })
      .from(issues)
      .where(and(inArray(issues.id, ids), isNull(issues.deletedAt)))
      .groupBy(issues.boardId);
    if (rows.reduce((sum, row) => sum + row.n, 0) !== ids.length) throw new NotFound(messages.issueNotFound);
    const scopes: Scope[] = [];
    for (const { boardId } of rows)
      scopes.push(
        await access.board(user, boardId).catch((error: unknown) => {
          throw error instanceof NotFound ? new NotFound(messages.issueNotFound) : error;
        }),
      );
    if (scopes.length > 1) throw new Invalid(messages.bulkOneBoard);
    return scopes[0]!;
  }

  /** What the request asks of each issue, checked before the board is locked (columns, assignees, estimates). */
  async function checkValues(user: AuthUser, scope: Scope, request: BulkEditRequest, ids: number[]) {
    const named = new Set(ids.map(String));
    if (Object.keys(request.each ?? {}).some((id) => !named.has(id)))
      throw new Invalid('each: names an issue that ids does not');
    const values = [request.set ?? {}, ...Object.values(request.each ?? {})];
    const columnIds = [...new Set(values.flatMap((v) => (v.columnId === undefined ? [] : [Number(v.columnId)])))];
    if (columnIds.length) {
      const found = await db
        .select({ id: columns.id, boardId: columns.boardId })
        .from(columns)
        .where(inArray(columns.id, columnIds));
      if (found.length !== columnIds.length) throw new NotFound(messages.columnNotFound);
      if (found.some((column) => column.boardId !== scope.board.id)) throw new Invalid(messages.columnOnOtherBoard);
    }
    for (const assigneeId of new Set(values.map((v) => v.assigneeId)))
      if (assigneeId) await assignees.resolve(user, scope.board.projectId, { assigneeId: Number(assigneeId) });
    for (const estimate of new Set(values.map((v) => v.estimate)))
      await checkEstimate(db, scope.board.projectId, estimate);
    const today = utcDay(clock.now());
    await checkCycle(db, scope.board.projectId, request.set?.cycleId, today);
    for (const cycleId of new Set(Object.values(request.each ?? {}).map((v) => v.cycleId)))
      await checkCycle(db, scope.board.projectId, cycleId, today, { restoring: true });
  }

  /** The named issues in the board's order (column, then rank): appended to a column, they keep it. */
  const currentOf = (tx: Db, ids: number[]): Promise<Current[]> =>
    tx
      .select({
        id: issues.id,
        columnId: sql<number>`${issues.columnId}`,
        labelIds: issues.labelIds,
        rank: issues.rank,
        status: issues.status,
        priority: issues.priority,
        type: issues.type,
        dueDate: issues.dueDate,
        estimate: issues.estimate,
        assigneeId: issues.assigneeId,
        cycleId: issues.cycleId,
      })
      .from(issues)
      .innerJoin(columns, eq(columns.id, issues.columnId))
      .where(and(inArray(issues.id, ids), isNull(issues.deletedAt)))
      .orderBy(asc(columns.position), asc(issues.rank), asc(issues.id));

  /** The board's labels in its order (by name), for a label set after adds and removes. */
  async function labelOrderOf(tx: Db, boardId: number): Promise<Map<number, number>> {
    const rows = await tx
      .select({ id: labels.id })
      .from(labels)
      .where(eq(labels.boardId, boardId))
      .orderBy(sql`lower(${labels.name})`, asc(labels.id));
    return new Map(rows.map((row, i) => [row.id, i]));
  }

  /** Issues placed at a position go first, lowest first (each lands where it is asked to); then the board's order. */
  const placementOrder = (current: Current[], valuesOf: (id: number) => BulkIssueValues) =>
    [...current].sort((a, b) => {
      const [pa, pb] = [valuesOf(a.id).position, valuesOf(b.id).position];
      if (pa !== undefined && pb !== undefined) return pa - pb;
      return pa !== undefined ? -1 : pb !== undefined ? 1 : 0;
    });

  /**
   * The keys of the issues placed, column by column: each column's other issues read once, the
   * placed ones put among them in memory (ordering.ts). Answers every key to write, and the other
   * issues a column re-keyed.
   */
  async function placeInColumns(
    tx: Db,
    placing: Current[],
    targetOf: (issue: Current) => number,
    valuesOf: (id: number) => BulkIssueValues,
  ) {
    const ranks = new Map<number, string>();
    const rekeyed = new Map<number, string>();
    const placingIds = placing.map((issue) => issue.id);
    for (const columnId of new Set(placing.map(targetOf))) {
      const others = await tx
        .select({ id: issues.id, rank: issues.rank })
        .from(issues)
        .where(and(eq(issues.columnId, columnId), sql`${issues.id} <> all(${sql.param(placingIds)}::bigint[])`))
        .orderBy(asc(issues.rank), asc(issues.id));
      const here = placing
        .filter((issue) => targetOf(issue) === columnId)
        .map((issue) => ({ id: issue.id, index: valuesOf(issue.id).position }));
      const placed = placeAll(others, here);
      for (const [id, rank] of placed.ranks) ranks.set(id, rank);
      for (const [id, rank] of placed.rekeyed) rekeyed.set(id, rank);
    }
    return { ranks, rekeyed };
  }

  async function change(
    user: AuthUser,
    scope: Scope,
    request: BulkEditRequest,
    ids: number[],
    originId?: string,
  ): Promise<BulkEditResult> {
    const { board } = scope;
    await checkValues(user, scope, request, ids);
    const actor = await access.nameOf(user);
    const bulkId = randomUUID();
    const valuesOf = (id: number): BulkIssueValues => ({ ...request.set, ...request.each?.[id] });
    const columnNames = new Map(
      (await db.select({ id: columns.id, name: columns.name }).from(columns).where(eq(columns.boardId, board.id))).map(
        (column) => [column.id, column.name],
      ),
    );
    let announceElsewhere = async () => {};
    const written = await withBoardWrite(board, originId, async (tx) => {
      const before = await snapshotsOf(tx, ids);
      if (before.size !== ids.length) throw new NotFound(messages.issueNotFound);
      const stale = ids.filter((id) => {
        const seen = request.versions?.[id];
        return seen !== undefined && seen !== before.get(id)!.version;
      });
      if (stale.length)
        throw new Conflict(messages.staleIssues(stale.length), { issues: await issueDtosOf(tx, stale) });
      const add = request.labels?.add ? await orderedLabelIds(tx, board.id, request.labels.add.map(Number)) : [];
      const remove = new Set(
        request.labels?.remove ? await orderedLabelIds(tx, board.id, request.labels.remove.map(Number)) : [],
      );
      const labelOrder = await labelOrderOf(tx, board.id);
      const inBoardOrder = (labelIds: number[]) => {
        if (labelIds.some((id) => !labelOrder.has(id))) throw new Invalid(messages.labelNotOnBoard);
        return [...new Set(labelIds)].sort((a, b) => labelOrder.get(a)! - labelOrder.get(b)!);
      };
      const detailsBefore = await issueDetailsOfMany(tx, ids);
      const current = await currentOf(tx, ids);
      const targetOf = (issue: Current) => {
        const values = valuesOf(issue.id);
        return values.columnId === undefined ? issue.columnId : Number(values.columnId);
      };
      const placing = placementOrder(
        current.filter((issue) => targetOf(issue) !== issue.columnId || valuesOf(issue.id).position !== undefined),
        valuesOf,
      );
      const { ranks, rekeyed } = await placeInColumns(tx, placing, targetOf, valuesOf);
      const rows = current.map((issue) => {
        const values = valuesOf(issue.id);
        const columnId = targetOf(issue);
        const labelIds = values.labelIds
          ? inBoardOrder(values.labelIds)
          : request.labels
            ? inBoardOrder([...issue.labelIds, ...add].filter((id) => !remove.has(id)))
            : issue.labelIds;
        const moved = columnId !== issue.columnId;
        return {
          id: issue.id,
          columnId,
          rank: ranks.get(issue.id) ?? issue.rank,
          status: moved ? statusInColumn(columnNames.get(columnId)!, issue.status as IssueStatus) : issue.status,
          priority: values.priority ?? issue.priority,
          type: values.type ?? issue.type,
          dueDate: values.dueDate === undefined ? issue.dueDate : values.dueDate,
          estimate: values.estimate === undefined ? issue.estimate : values.estimate,
          assigneeId: values.assigneeId === undefined ? issue.assigneeId : values.assigneeId,
          cycleId: values.cycleId === undefined ? issue.cycleId : values.cycleId,
          labelIds: `{${labelIds.join(',')}}`,
        };
      });
      await writeAll(tx, rows, clock.now());
      await rekey(tx, rekeyed);

      const after = await snapshotsOf(tx, ids);
      const history = new Map<number, HistoryEntry[]>();
      for (const id of ids) {
        const [b, a] = [before.get(id)!, after.get(id)!];
        history.set(id, [...fieldChanges(b, a), ...(b.columnId !== a.columnId ? [moveEntry(b, a)] : [])]);
      }
      await recordHistoryOfMany(tx, board, user.id, history);
      await recordActivity(tx, board, user.id, `${actor} changed ${ids.length} issues at once`);

      const details = await changedDetailsOfMany(tx, user.id, detailsBefore);
      const updated = await issueDtosOf(tx, ids);
      const events: DomainEventPayload[] = [];
      for (const row of updated) {
        const id = Number(row.id);
        const event = issueEdited(before.get(id)!, after.get(id)!, row, user.id, details.get(id)!, bulkId);
        if (event) events.push(event);
      }
      const finishing = updated.filter(
        (row) => isFinished(before.get(Number(row.id))!.status) !== isFinished(row.status),
      );
      const affected = await dependents.ofMany(tx, board.id, finishing);
      announceElsewhere = affected.later;
      const others = [...affected.here, ...(await issueDtosOf(tx, [...rekeyed.keys()]))];
      if (events.length) events.push(bulkUpdated(bulkId, board, user.id, updated, before, after));
      return {
        result: { updated, rebalanced: others },
        changed: [...updated, ...others],
        actor: { id: user.id, name: actor },
        events,
      };
    });
    await announceElsewhere();
    return { boardVersion: written.version, ...written.result, deletedIds: [] };
  }

  /** Deletes them all, each as a single delete does (restorable, its dependents told). */
  async function remove(user: AuthUser, scope: Scope, ids: number[], originId?: string): Promise<BulkEditResult> {
    if (!canDeleteIssue(user, scope.membership)) throw new Forbidden(messages.deleteIssueForbidden);
    const bulkId = randomUUID();
    const { result: affected, version } = await withBoardWrite(scope.board, originId, async (tx) => {
      const events: DomainEventPayload[] = [];
      const gone: { id: number; parentId: number | null }[] = [];
      // Last first: each one's place is counted among those still there, so restoring them
      // first to last puts every one back where it was.
      for (const { id } of (await currentOf(tx, ids)).reverse()) {
        const details = await eventDetailsOf(tx, id, user.id);
        const [row] = await tx
          .update(issues)
          .set({
            deletedAt: clock.now(),
            deletedFromColumnId: sql`${issues.columnId}`,
            deletedFromPosition: positionBelow(),
            columnId: null,
          })
          .where(and(eq(issues.id, id), isNull(issues.deletedAt)))
          .returning({
            id: sql<string>`${issues.id}::text`,
            key: issues.key,
            projectId: sql<string>`${issues.projectId}::text`,
            boardId: sql<string>`${issues.boardId}::text`,
            title: issues.title,
            reporterId: sql<string>`${issues.reporterId}::text`,
            assigneeId: sql<string | null>`${issues.assigneeId}::text`,
            parentId: issues.parentId,
          });
        if (!row) throw new NotFound(messages.issueNotFound);
        events.push(issueDeleted(row, user.id, details, bulkId));
        gone.push({ id, parentId: row.parentId });
      }
      const ownIds = new Set(ids.map(String));
      return {
        result: (await dependents.all(tx, gone)).filter((dto) => !ownIds.has(dto.id)),
        removedIssueIds: ids,
        events,
      };
    });
    await dependents.announce(affected);
    return { boardVersion: version, updated: [], rebalanced: [], deletedIds: ids.map(String) };
  }

  return {
    async apply(user: AuthUser, request: BulkEditRequest, originId?: string): Promise<BulkEditResult> {
      const ids = request.ids;
      const scope = editable(user, await boardOf(user, ids));
      return request.delete ? remove(user, scope, ids, originId) : change(user, scope, request, ids, originId);
    },
  };
}
export type BulkEdits = ReturnType<typeof createBulkEdits>;

/** The edit's one event for people: each issue with what a notification needs of its change. */
function bulkUpdated(
  bulkId: string,
  board: Scope['board'],
  actorId: string,
  updated: IssueDto[],
  before: Map<number, { assigneeId: string | null; status: string }>,
  after: Map<number, { assigneeId: string | null; status: string }>,
): DomainEventPayload {
  const first = updated[0]!;
  return {
    type: 'issues.bulk_updated',
    bulkId,
    projectId: String(board.projectId),
    projectKey: projectKeyOf(first.key),
    boardId: String(board.id),
    actorId,
    issues: updated.map((row) => {
      const [b, a] = [before.get(Number(row.id))!, after.get(Number(row.id))!];
      return {
        issueId: row.id,
        issueKey: row.key,
        title: row.title,
        reporterId: row.reporterId,
        assigneeId: row.assigneeId,
        assigneeChanged: b.assigneeId !== a.assigneeId,
        statusChange: b.status === a.status ? null : { fromStatus: b.status, toStatus: a.status },
      };
    }),
  };
}

/** Every issue of a bulk edit written as it now is, in one statement (each row's values in full). */
async function writeAll(
  tx: Db,
  rows: {
    id: number;
    columnId: number;
    rank: string;
    status: string;
    priority: string;
    type: string;
    dueDate: string | null;
    estimate: number | null;
    assigneeId: number | null;
    cycleId: number | null;
    /** An array literal, `{1,2}`: unnest cannot take an array of arrays. */
    labelIds: string;
  }[],
  now: Date,
): Promise<void> {
  const column = <K extends keyof (typeof rows)[number]>(key: K) => sql.param(rows.map((row) => row[key]));
  await tx.execute(sql`update ${issues} set column_id = v.column_id, rank = v.rank, status = v.status,
      priority = v.priority, type = v.type, due_date = v.due_date, estimate = v.estimate,
      assignee_id = v.assignee_id, cycle_id = v.cycle_id, label_ids = v.label_ids::bigint[],
      version = ${issues.version} + 1, updated_at = ${now}
    from unnest(${column('id')}::bigint[], ${column('columnId')}::bigint[], ${column('rank')}::text[],
      ${column('status')}::text[], ${column('priority')}::text[], ${column('type')}::text[],
      ${column('dueDate')}::date[], ${column('estimate')}::smallint[], ${column('assigneeId')}::bigint[],
      ${column('cycleId')}::bigint[], ${column('labelIds')}::text[])
      as v(id, column_id, rank, status, priority, type, due_date, estimate, assignee_id, cycle_id, label_ids)
    where ${issues.id} = v.id`);
}

/** New keys for the other issues of a column the edit re-keyed. */
async function rekey(tx: Db, ranks: Map<number, string>): Promise<void> {
  if (ranks.size === 0) return;
  await tx.execute(sql`update ${issues} set rank = v.rank
    from unnest(${sql.param([...ranks.keys()])}::bigint[], ${sql.param([...ranks.values()])}::text[]) as v(id, rank)
    where ${issues.id} = v.id`);
}
