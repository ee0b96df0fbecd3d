import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  messages,
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
import { writable, type Access, type Scope } from './access';
import type { Assignees } from './assignees';
import { recordActivity, recordHistoryOfMany, type BoardWrites, type HistoryEntry } from './board-writes';
import { createDependents, isFinished } from './dependents';
import { checkEstimate } from './estimates';
import { fieldChanges, moveEntry, snapshotsOf } from './history';
import { changedDetailsOfMany, eventDetailsOf, issueDetailsOfMany } from './issue-details';
import { issueDeleted, issueEdited, projectKeyOf } from './issue-events';
import { issueDtosOf, positionBelow } from './issue-dto';
import { orderedLabelIds } from './labels';
import { canDeleteIssue } from './permissions';
import { placeAt } from './placement';

/** An issue as a bulk edit reads it first: where it is, and what labels it has. */
type Current = { id: number; columnId: number; labelIds: number[]; columnPosition: number; rank: string };

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
  }

  /** The named issues in the board's order (column, then rank): appended to a column, they keep it. */
  const currentOf = (tx: Db, ids: number[]): Promise<Current[]> =>
    tx
      .select({
        id: issues.id,
        columnId: sql<number>`${issues.columnId}`,
        labelIds: issues.labelIds,
        columnPosition: columns.position,
        rank: issues.rank,
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
    const announceElsewhere: (() => Promise<void>)[] = [];
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
      const rekeyed = new Set<number>();

      for (const issue of placementOrder(await currentOf(tx, ids), valuesOf)) {
        const values = valuesOf(issue.id);
        const columnId = values.columnId === undefined ? issue.columnId : Number(values.columnId);
        const placed =
          columnId !== issue.columnId || values.position !== undefined
            ? await placeAt(tx, columnId, issue.id, values.position)
            : null;
        for (const id of placed?.rebalanced ?? []) rekeyed.add(id);
        const labelIds = values.labelIds
          ? inBoardOrder(values.labelIds)
          : request.labels && inBoardOrder([...issue.labelIds, ...add].filter((id) => !remove.has(id)));
        await tx
          .update(issues)
          .set({
            ...(values.priority !== undefined && { priority: values.priority }),
            ...(values.type !== undefined && { type: values.type }),
            ...(values.dueDate !== undefined && { dueDate: values.dueDate }),
            ...(values.estimate !== undefined && { estimate: values.estimate }),
            ...(values.assigneeId !== undefined && {
              assigneeId: values.assigneeId === null ? null : Number(values.assigneeId),
            }),
            ...(labelIds && { labelIds }),
            ...(placed && {
              columnId,
              rank: placed.rank,
              status: statusInColumn(columnNames.get(columnId)!, before.get(issue.id)!.status as IssueStatus),
            }),
            version: sql`${issues.version} + 1`,
            updatedAt: clock.now(),
          })
          .where(eq(issues.id, issue.id));
      }

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
      const others: IssueDto[] = [];
      for (const row of updated) {
        const id = Number(row.id);
        const [b, a] = [before.get(id)!, after.get(id)!];
        const event = issueEdited(b, a, row, user.id, details.get(id)!, bulkId);
        if (event) events.push(event);
        if (isFinished(b.status) !== isFinished(a.status)) {
          const affected = await dependents.of(tx, board.id, row);
          others.push(...affected.here.filter((dto) => !before.has(Number(dto.id))));
          announceElsewhere.push(affected.later);
        }
      }
      others.push(
        ...(await issueDtosOf(
          tx,
          [...rekeyed].filter((id) => !before.has(id)),
        )),
      );
      if (events.length) events.push(bulkUpdated(bulkId, board, user.id, updated, before, after));
      return {
        result: { updated, rebalanced: others },
        changed: [...updated, ...others],
        actor: { id: user.id, name: actor },
        events,
      };
    });
    for (const later of announceElsewhere) await later();
    return { boardVersion: written.version, ...written.result, deletedIds: [] };
  }

  /** Deletes them all, each as a single delete does (restorable, its dependents told). */
  async function remove(user: AuthUser, scope: Scope, ids: number[], originId?: string): Promise<BulkEditResult> {
    if (!canDeleteIssue(user, scope.membership)) throw new Forbidden(messages.deleteIssueForbidden);
    const bulkId = randomUUID();
    const { result: affected, version } = await withBoardWrite(scope.board, originId, async (tx) => {
      const events: DomainEventPayload[] = [];
      const dependentIssues: IssueDto[] = [];
      for (const id of ids) {
        const details = await eventDetailsOf(tx, id, user.id);
        const [gone] = await tx
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
        if (!gone) throw new NotFound(messages.issueNotFound);
        events.push(issueDeleted(gone, user.id, details, bulkId));
        dependentIssues.push(...(await dependents.all(tx, { id, parentId: gone.parentId })));
      }
      return {
        result: dependentIssues.filter((dto) => !ids.includes(Number(dto.id))),
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
      const scope = writable(await boardOf(user, ids));
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
