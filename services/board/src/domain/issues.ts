import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  ISSUE_NUMBER_MAX,
  mappedStatus,
  messages,
  utcDay,
  statusForColumn,
  statusInColumn,
  tickTask,
  type IssueStatus,
  type CreateIssueRequest,
  type IssueActivityDto,
  type IssueDto,
  type IssueWriteResult,
  type TickTaskRequest,
} from '@trackboard/contracts';
import {
  Conflict,
  Forbidden,
  Invalid,
  NotFound,
  memberships,
  type AuthUser,
  type Clock,
  type Db,
} from '@trackboard/server-kit';
import { columns, issueNumbers, issues } from '../db/schema';
import { editable, type Access } from './access';
import type { Assignees } from './assignees';
import { recordActivity, recordHistory, type BoardWrites, type HistoryEntry } from './board-writes';
import { isStaleEdit, type IssueChanges } from './edit-conflicts';
import { createDependents, isFinished } from './dependents';
import { checkCycle } from './cycles';
import { checkEstimate } from './estimates';
import { fieldChanges, historyOf, moveEntry, snapshotOf, tickEntry, type IssueSnapshot } from './history';
import { changedDetailsOf, eventDetailsOf, issueDetailsOf } from './issue-details';
import { issueCreated, issueDeleted, issueEdited } from './issue-events';
import { columnIssueDtos, issueAsItIs, issueDto, issueDtoFields, positionBelow } from './issue-dto';
import { orderedLabelIds } from './labels';
import { createMoves } from './moves';
import { canDeleteIssue } from './permissions';
import { placeAt } from './placement';
import { taskCountColumns } from './task-counts';

export function createIssues(db: Db, access: Access, writes: BoardWrites, assignees: Assignees, clock: Clock) {
  const { withBoardWrite } = writes;
  const dependents = createDependents(db, writes);

  /** The issue's answer fields, for a RETURNING clause (its position counted there too). */
  const answerFields = issueDtoFields(issues, positionBelow());

  async function destinationOn(boardId: number, columnId: number) {
    const [column] = await db.select().from(columns).where(eq(columns.id, columnId));
    if (!column) throw new NotFound(messages.columnNotFound);
    if (column.boardId !== boardId) throw new Invalid(messages.columnOnOtherBoard);
    return column;
  }

  /** The next number of the project's issues: the counter's row lock orders concurrent creates, its transaction's rollback gives the number back. */
  async function nextNumber(tx: Db, projectId: number): Promise<number> {
    const [row] = await tx
      .insert(issueNumbers)
      .values({ projectId, lastNumber: 1 })
      .onConflictDoUpdate({ target: issueNumbers.projectId, set: { lastNumber: sql`${issueNumbers.lastNumber} + 1` } })
      .returning({ number: issueNumbers.lastNumber });
    if (row!.number > ISSUE_NUMBER_MAX) throw new Conflict(messages.issueNumbersUsedUp);
    return row!.number;
  }

  /** Why a restore found nothing to restore under the lock: purged meanwhile (404), or restored by someone else (409). */
  async function goneOrBack(tx: Db, issueId: number) {
    const [row] = await tx.select({ id: issues.id }).from(issues).where(eq(issues.id, issueId));
    return row ? new Conflict(messages.issueNotDeleted) : new NotFound(messages.issueNotFound);
  }

  async function projectKeyOf(projectId: number): Promise<string> {
    const [row] = await db
      .select({ key: memberships.projectKey })
      .from(memberships)
      .where(eq(memberships.projectId, projectId))
      .limit(1);
    if (!row) throw new NotFound(messages.projectNotFound);
    return row.key;
  }

  /**
   * What only the issue as it is under the board's lock decides (a tick finds its task there): the
   * description to write and the history rows that tell the change; null: nothing to write.
   */
  type LockedEdit = (tx: Db, before: IssueSnapshot) => Promise<{ description: string; history: HistoryEntry[] } | null>;

  /**
   * An edit of an issue's fields, the one path of PATCH and of a tick: under the board's lock, the
   * issue as it is then, the write with its version bump, its history, its event, and the board
   * room told who made it. Null when nothing was written: a stale edit, or `lockedEdit` found
   * nothing to do.
   */
  async function edit(
    user: AuthUser,
    id: number,
    changes: IssueChanges,
    originId?: string,
    lockedEdit?: LockedEdit,
  ): Promise<IssueWriteResult | null> {
    const { issue, board } = editable(user, await access.issue(user, id));
    const destination =
      changes.columnId !== undefined && changes.columnId !== issue.columnId
        ? await destinationOn(board.id, changes.columnId)
        : null;
    const {
      version: _version,
      base: _base,
      columnId: _columnId,
      owner: _owner,
      assigneeId: _assigneeId,
      labelIds: requestedLabels,
      ...fields
    } = changes;
    const assigneeId = await assignees.resolve(user, board.projectId, changes, { current: issue.assigneeId });
    await checkEstimate(db, board.projectId, changes.estimate);
    await checkCycle(db, board.projectId, changes.cycleId, utcDay(clock.now()));
    const actor = await access.nameOf(user);
    let announceElsewhere: (() => Promise<void>) | undefined;
    const written = await withBoardWrite(board, originId, async (tx) => {
      // Under the board's lock: the issue as it is, and the labels as they are.
      const labelIds = requestedLabels && (await orderedLabelIds(tx, board.id, requestedLabels));
      const before = await snapshotOf(tx, issue.id);
      if (!before) throw new NotFound(messages.issueNotFound);
      if (isStaleEdit(before, changes)) return null; // nothing is written
      const locked = lockedEdit && (await lockedEdit(tx, before));
      if (locked === null) return null;
      const description = locked?.description ?? fields.description;
      const detailsBefore = (await issueDetailsOf(tx, issue.id))!;
      const placed = destination ? await placeAt(tx, destination.id, issue.id, undefined) : null;
      const [row] = await tx
        .update(issues)
        .set({
          ...fields,
          ...(description !== undefined && { description, ...taskCountColumns(description) }),
          ...(assigneeId !== undefined && { assigneeId }),
          ...(labelIds && { labelIds }),
          ...(destination &&
            placed && {
              columnId: destination.id,
              rank: placed.rank,
              status: statusInColumn(destination.name, before.status as IssueStatus),
            }),
          version: sql`${issues.version} + 1`,
          updatedAt: clock.now(),
        })
        // An edit racing a delete finds no row (404) rather than writing to the deleted issue.
        .where(and(eq(issues.id, issue.id), isNull(issues.deletedAt)))
        .returning(answerFields);
      if (!row) throw new NotFound(messages.issueNotFound);
      const after = (await snapshotOf(tx, issue.id))!;
      await recordHistory(tx, board, user.id, issue.id, locked?.history ?? fieldChanges(before, after));
      if (destination)
        await recordActivity(tx, board, user.id, `${actor} moved "${row.title}" to ${destination.name}`, {
          issueId: issue.id,
          ...moveEntry(before, after),
        });
      const others = destination && placed ? await columnIssueDtos(tx, destination.id, placed.rebalanced) : [];
      if (isFinished(before.status) !== isFinished(after.status)) {
        const affected = await dependents.of(tx, board.id, row);
        others.push(...affected.here);
        announceElsewhere = affected.later;
      }
      const event = issueEdited(
        before,
        after,
        row,
        user.id,
        await changedDetailsOf(tx, issue.id, user.id, detailsBefore),
      );
      return {
        result: { updated: row, rebalanced: others },
        changed: [row, ...others],
        actor: { id: user.id, name: actor },
        ...(event && { events: [event] }),
      };
    });
    if (!written) return null;
    await announceElsewhere?.();
    return { ...written.result.updated, boardVersion: written.version, rebalanced: written.result.rebalanced };
  }

  const answerAsItIs = (id: number) => issueAsItIs(db, id);

  return {
    async get(user: AuthUser, id: number): Promise<IssueDto> {
      const { issue } = await access.issue(user, id);
      const dto = await issueDto(db, issue.id);
      if (!dto) throw new NotFound(messages.issueNotFound);
      return dto;
    },

    /** GET /issues/by-key/:key (upper case): the same answer, and the same 404 for non-members. */
    async byKey(user: AuthUser, key: string): Promise<IssueDto> {
      const { issue } = await access.issueByKey(user, key);
      const dto = await issueDto(db, issue.id);
      if (!dto) throw new NotFound(messages.issueNotFound);
      return dto;
    },

    /** GET /issues/:id/activity: newest first. */
    async history(user: AuthUser, id: number): Promise<IssueActivityDto[]> {
      const { issue } = await access.issue(user, id);
      return historyOf(db, issue.id);
    },

    /**
     * Spec §7.4 POST /issues: the status follows the column, the reporter is the caller; the
     * issue takes the project's next number and its key.
     */
    async create(user: AuthUser, input: CreateIssueRequest, originId?: string): Promise<IssueWriteResult> {
      const { board, column } = editable(user, await access.column(user, input.columnId));
      if (input.reporterId !== undefined && String(input.reporterId) !== user.id)
        throw new Invalid(messages.reporterNotCaller);
      if (board.projectId !== input.projectId) throw new Invalid(messages.projectMismatch);
      const assigneeId = await assignees.resolve(user, board.projectId, input, { creating: true });
      await checkCycle(db, board.projectId, input.cycleId, utcDay(clock.now()));
      const [actor, projectKey] = [await access.nameOf(user), await projectKeyOf(board.projectId)];
      const { result, version } = await withBoardWrite(board, originId, async (tx) => {
        const labelIds = input.labelIds ? await orderedLabelIds(tx, board.id, input.labelIds) : [];
        const { rank, rebalanced } = await placeAt(tx, column.id, null, input.position);
        const number = await nextNumber(tx, board.projectId);
        const [row] = await tx
          .insert(issues)
          .values({
            boardId: board.id,
            projectId: board.projectId,
            number,
            key: `${projectKey}-${number}`,
            columnId: column.id,
            title: input.title,
            description: input.description ?? '',
            ...taskCountColumns(input.description ?? ''),
            status: statusForColumn(column.name),
            rank,
            type: input.type ?? 'TASK',
            priority: input.priority ?? 'MEDIUM',
            reporterId: Number(user.id),
            assigneeId: assigneeId ?? null,
            labelIds,
            dueDate: input.dueDate ?? null,
            cycleId: input.cycleId ?? null,
          })
          .returning(answerFields);
        await recordActivity(tx, board, user.id, `${actor} created "${input.title}"`, {
          issueId: Number(row!.id),
          kind: 'created',
        });
        const others = await columnIssueDtos(tx, column.id, rebalanced);
        const details = await eventDetailsOf(tx, Number(row!.id), user.id);
        return {
          result: { created: row!, rebalanced: others },
          changed: [row!, ...others],
          events: [issueCreated(row!, user.id, details)],
        };
      });
      return { ...result.created, boardVersion: version, rebalanced: result.rebalanced };
    },

    /**
     * Spec §7.4 PATCH /issues/:id. With `version` (and `base`), an edit of a field someone changed
     * since it began gets 409 and the current issue (edit-conflicts.ts). A new column moves the
     * issue to its end and maps its status (§4.6). Each field that changes is a row of the issue's
     * history, written with the change; the board room hears who made it.
     */
    async update(user: AuthUser, id: number, changes: IssueChanges, originId?: string): Promise<IssueWriteResult> {
      const written = await edit(user, id, changes, originId);
      if (!written) throw new Conflict(messages.staleIssue, { issue: (await issueDto(db, id)) ?? null });
      return written;
    },

    /**
     * Closing the issue as a duplicate is closed: into the board's column that maps to CLOSED, or
     * else DONE, at its end (an issue already finished stays where it is). The column is found
     * first — 409 when the board has neither — so a caller checks before a write of its own and
     * closes after it.
     */
    async closing(user: AuthUser, id: number, originId?: string): Promise<() => Promise<IssueWriteResult>> {
      const { issue, board } = editable(user, await access.issue(user, id));
      if (isFinished(issue.status)) return () => answerAsItIs(id);
      const onBoard = await db
        .select({ id: columns.id, name: columns.name })
        .from(columns)
        .where(eq(columns.boardId, board.id))
        .orderBy(asc(columns.position), asc(columns.id));
      const closed =
        onBoard.find((column) => mappedStatus(column.name) === 'CLOSED') ??
        onBoard.find((column) => mappedStatus(column.name) === 'DONE');
      if (!closed) throw new Conflict(messages.noClosingColumn);
      return async () => (await edit(user, id, { columnId: closed.id }, originId)) ?? answerAsItIs(id);
    },

    /**
     * PUT /issues/:id/tasks/:index: one task of the description ticked or unticked, found in the
     * description as it is under the board's lock, so two people ticking different tasks at once
     * both keep theirs. A task that is gone or reads otherwise there is a 409 with the current
     * issue (the box clicked may have moved); one already as wanted is answered as it is, with no
     * new version. Otherwise it is a description edit like PATCH's (same event, same announcement),
     * its history row naming the task.
     */
    async tick(
      user: AuthUser,
      id: number,
      index: number,
      wanted: TickTaskRequest,
      originId?: string,
    ): Promise<IssueWriteResult> {
      const written = await edit(user, id, {}, originId, async (tx, before) => {
        const tick = tickTask(before.description, index, wanted);
        if (tick.outcome === 'stale')
          throw new Conflict(messages.taskChanged(index), { issue: (await issueDto(tx, id)) ?? null });
        if (tick.outcome === 'unchanged') return null;
        return { description: tick.markdown, history: [tickEntry(wanted.checked, tick.task.text)] };
      });
      return written ?? (await answerAsItIs(id));
    },

    /**
     * A delete that can be undone: the issue leaves its column, and with it every read (access.ts,
     * the board's queries, the published views), until it is restored or purged (deletions.ts).
     * It remembers the column and the index it left for its restore; its comments, labels and
     * history stay with it. Webhooks hear `issue.deleted` now, as the user deleted it.
     */
    async remove(user: AuthUser, id: number, originId?: string): Promise<void> {
      const { issue, board, membership } = await access.issue(user, id);
      if (!canDeleteIssue(user, membership)) throw new Forbidden(messages.deleteIssueForbidden);
      const { result: affected } = await withBoardWrite(board, originId, async (tx) => {
        // What webhooks are told: the issue as it stood, in its column, before it left it.
        const details = await eventDetailsOf(tx, issue.id, user.id);
        // Every SET reads the row as it was: the column it leaves, and its index there.
        const [gone] = await tx
          .update(issues)
          .set({
            deletedAt: clock.now(),
            deletedFromColumnId: sql`${issues.columnId}`,
            deletedFromPosition: positionBelow(),
            columnId: null,
          })
          .where(and(eq(issues.id, issue.id), isNull(issues.deletedAt)))
          .returning({
            id: answerFields.id,
            key: answerFields.key,
            projectId: answerFields.projectId,
            boardId: answerFields.boardId,
            title: answerFields.title,
            reporterId: answerFields.reporterId,
            assigneeId: answerFields.assigneeId,
          });
        return {
          // Gone, it no longer counts among its parent's sub-issues nor blocks anything.
          result: await dependents.all(tx, [issue]),
          removedIssueIds: [issue.id],
          ...(gone && { events: [issueDeleted(gone, user.id, details)] }),
        };
      });
      await dependents.announce(affected);
    },

    /**
     * POST /issues/:id/restore, by whoever may delete it: a deleted issue back at the index of the
     * column it left (the board's first column, at its end, when that column went too), with its
     * status as that column gives it. 404 once it is purged, 409 when it is not deleted.
     */
    async restore(user: AuthUser, id: number, originId?: string): Promise<IssueWriteResult> {
      const { issue, board, membership } = editable(user, await access.anyIssue(user, id));
      if (!canDeleteIssue(user, membership)) throw new Forbidden(messages.restoreIssueForbidden);
      if (!issue.deletedAt) throw new Conflict(messages.issueNotDeleted);
      const { result, version } = await withBoardWrite(board, originId, async (tx) => {
        const [column] = await tx
          .select()
          .from(columns)
          .where(eq(columns.boardId, board.id))
          .orderBy(sql`${columns.id} = ${issue.deletedFromColumnId ?? 0} desc`, asc(columns.position), asc(columns.id))
          .limit(1);
        const returning = column?.id === issue.deletedFromColumnId;
        const { rank, rebalanced } = await placeAt(
          tx,
          column!.id,
          issue.id,
          returning ? (issue.deletedFromPosition ?? undefined) : undefined,
        );
        const [row] = await tx
          .update(issues)
          .set({
            deletedAt: null,
            deletedFromColumnId: null,
            deletedFromPosition: null,
            columnId: column!.id,
            rank,
            status: statusInColumn(column!.name, issue.status as IssueStatus),
            version: sql`${issues.version} + 1`,
            updatedAt: clock.now(),
          })
          .where(and(eq(issues.id, issue.id), isNotNull(issues.deletedAt)))
          .returning(answerFields);
        if (!row) throw await goneOrBack(tx, issue.id);
        const affected = await dependents.of(tx, board.id, row);
        const others = [...(await columnIssueDtos(tx, column!.id, rebalanced)), ...affected.here];
        return { result: { restored: row, rebalanced: others, later: affected.later }, changed: [row, ...others] };
      });
      await result.later();
      return { ...result.restored, boardVersion: version, rebalanced: result.rebalanced };
    },

    move: createMoves(db, access, writes, clock),
  };
}
export type Issues = ReturnType<typeof createIssues>;
