import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import {
  CYCLES_AHEAD,
  addDays,
  canManageCycles,
  canSeeProject,
  cycleLastDay,
  cycleName,
  cycleState,
  finishedStatuses,
  firstCycleStart,
  messages,
  nextCycleDates,
  utcDay,
  type CycleDto,
  type CycleIssue,
  type CycleReport,
  type CycleSettings,
  type IssueStatus,
  type ProjectCycles,
  type UpdateCycleSettingsRequest,
} from '@trackboard/contracts';
import {
  Conflict,
  Forbidden,
  Invalid,
  NotFound,
  projectDirectory,
  userDirectory,
  type AuthUser,
  type Clock,
  type Db,
  type Logger,
} from '@trackboard/server-kit';
import { activity, cyclePlans, cycles, issues } from '../db/schema';
import type { Access } from './access';
import { recordHistoryOfMany, type BoardWrites, type HistoryEntry } from './board-writes';
import { burnUp, type BurnUpChange } from './cycle-burn-up';
import { changedDetailsOfMany, issueDetailsOfMany } from './issue-details';
import { issueDtosOf } from './issue-dto';
import { issueEdited } from './issue-events';
import { snapshotsOf } from './history';

// Cycles: a project's consecutive time boxes (contracts' cycle-rules.ts for the calendar). Turned
// on, a project always has the cycle running today and CYCLES_AHEAD after it; each replica's timer
// plans them and, once a cycle has ended, moves its unfinished issues on to the next one — with a
// history row each, written by no person (CYCLE_ACTOR_ID).

/** The history's actor for what the cycles do by themselves (a roll-over): no account has this id. */
export const CYCLE_ACTOR_ID = 0;
/** How the history names that actor. */
export const CYCLE_ACTOR_NAME = 'Trackboard';
/** How often each replica plans cycles ahead and rolls ended ones over. */
export const CYCLE_TIMER_MS = 60_000;

const defaultSettings: CycleSettings = { enabled: false, weeks: 2, startDay: 1 };
type CycleRow = typeof cycles.$inferSelect;
type Project = { id: number; key: string; archived: boolean };
type Tally = Record<'scope' | 'scopePoints' | 'done' | 'donePoints' | 'started' | 'startedPoints', number>;

/**
 * Whether an issue of `projectId` may be put in `cycleId`: null or absent always; a cycle only
 * while the project's cycles are on, and only one of its own that has not ended. `restoring` (a
 * bulk edit's Undo putting each issue back as it was) takes any cycle of the project.
 */
export async function checkCycle(
  db: Db,
  projectId: number,
  cycleId: number | null | undefined,
  today: string,
  { restoring = false } = {},
): Promise<void> {
  if (cycleId === undefined || cycleId === null) return;
  const [row] = await db
    .select({ endsOn: cycles.endsOn, enabled: cyclePlans.enabled })
    .from(cycles)
    .leftJoin(cyclePlans, eq(cyclePlans.projectId, cycles.projectId))
    .where(and(eq(cycles.id, cycleId), eq(cycles.projectId, projectId)));
  if (!row) throw new Invalid(messages.cycleNotOpen);
  if (restoring) return;
  if (!row.enabled) throw new Invalid(messages.cyclesOff);
  if (row.endsOn <= today) throw new Invalid(messages.cycleNotOpen);
}

export function createCycles(db: Db, access: Access, writes: BoardWrites, clock: Clock, log: Logger) {
  const today = () => utcDay(clock.now());

  async function settingsOf(tx: Db, projectId: number): Promise<CycleSettings> {
    const [row] = await tx
      .select({ enabled: cyclePlans.enabled, weeks: cyclePlans.weeks, startDay: cyclePlans.startDay })
      .from(cyclePlans)
      .where(eq(cyclePlans.projectId, projectId));
    return row ?? defaultSettings;
  }

  const cyclesOf = (tx: Db, projectId: number): Promise<CycleRow[]> =>
    tx.select().from(cycles).where(eq(cycles.projectId, projectId)).orderBy(asc(cycles.number));

  /**
   * The project's cycles made to follow its plan, under the plan's row lock (one replica plans a
   * project at a time): a cycle running today, then CYCLES_AHEAD more. With `replan`, cycles that
   * have not started take the plan's length and start day (they keep their numbers and issues).
   */
  async function plan(tx: Db, projectId: number, settings: CycleSettings, replan: boolean): Promise<void> {
    const day = today();
    const existing = await cyclesOf(tx, projectId);
    const notStarted = existing.filter((cycle) => cycle.startsOn > day);
    let last: { startsOn: string; endsOn: string } | undefined = replan
      ? existing.filter((c) => c.startsOn <= day).at(-1)
      : existing.at(-1);
    // Cycles that were off for a while start again from this week's start day, not from the gap.
    if (last && last.endsOn < firstCycleStart(day, settings.startDay)) last = undefined;
    const following = () =>
      last ? nextCycleDates(last.endsOn, settings.weeks, settings.startDay) : firstDates(day, settings);
    if (replan)
      for (const cycle of notStarted) {
        last = following();
        await tx.update(cycles).set(last).where(eq(cycles.id, cycle.id));
      }
    let number = existing.at(-1)?.number ?? 0;
    let running = existing.filter((cycle) => cycle.endsOn > day).length;
    const fresh: (typeof cycles.$inferInsert)[] = [];
    while (running < CYCLES_AHEAD + 1) {
      last = following();
      fresh.push({ projectId, number: ++number, ...last });
      if (last.endsOn > day) running++;
    }
    if (fresh.length) await tx.insert(cycles).values(fresh);
  }

  /** The first cycle of a plan: from its start day this week (or the week before) for `weeks` weeks. */
  const firstDates = (day: string, settings: CycleSettings) => {
    const startsOn = firstCycleStart(day, settings.startDay);
    return { startsOn, endsOn: addDays(startsOn, settings.weeks * 7) };
  };

  /**
   * Each cycle's issues now (deleted ones aside): all, finished, in progress, with their points —
   * of every cycle of the project, or of `cycleId` alone (a report needs no other).
   */
  async function talliesOf(projectId: number, cycleId?: number): Promise<Map<number, Tally>> {
    const done = sql`${issues.status} in (${sql.join(
      finishedStatuses.map((s) => sql`${s}`),
      sql`, `,
    )})`;
    const rows = await db
      .select({
        cycleId: issues.cycleId,
        scope: sql<number>`count(*)::int`,
        scopePoints: sql<number>`coalesce(sum(${issues.estimate}), 0)::int`,
        done: sql<number>`(count(*) filter (where ${done}))::int`,
        donePoints: sql<number>`coalesce(sum(${issues.estimate}) filter (where ${done}), 0)::int`,
        started: sql<number>`(count(*) filter (where ${issues.status} = 'IN_PROGRESS'))::int`,
        startedPoints: sql<number>`coalesce(sum(${issues.estimate}) filter (where ${issues.status} = 'IN_PROGRESS'), 0)::int`,
      })
      .from(issues)
      .where(
        and(
          eq(issues.projectId, projectId),
          cycleId === undefined ? sql`${issues.cycleId} is not null` : eq(issues.cycleId, cycleId),
          isNull(issues.deletedAt),
        ),
      )
      .groupBy(issues.cycleId);
    return new Map(rows.map((row) => [row.cycleId!, row]));
  }

  function cycleDto(cycle: CycleRow, tally: Tally | undefined, day: string): CycleDto {
    return {
      id: String(cycle.id),
      number: cycle.number,
      name: cycleName(cycle.number),
      startsOn: cycle.startsOn,
      endsOn: cycle.endsOn,
      state: cycleState(cycle, day),
      scope: { issues: tally?.scope ?? 0, points: tally?.scopePoints ?? 0 },
      done: { issues: tally?.done ?? 0, points: tally?.donePoints ?? 0 },
      started: { issues: tally?.started ?? 0, points: tally?.startedPoints ?? 0 },
    };
  }

  async function projectCycles(project: Project): Promise<ProjectCycles> {
    const [settings, rows, tallies] = [
      await settingsOf(db, project.id),
      await cyclesOf(db, project.id),
      await talliesOf(project.id),
    ];
    const day = today();
    return {
      projectKey: project.key,
      settings,
      cycles: rows.map((cycle) => cycleDto(cycle, tallies.get(cycle.id), day)),
    };
  }

  /**
   * A cycle that has ended: its unfinished issues go on to the next one, board by board (each
   * board's write under its lock, its room told), with a history row each. A board whose issues
   * another replica moved meanwhile finds none and writes nothing; the cycle is marked once all
   * of its boards are done, so a crash halfway is finished by the next tick.
   */
  async function rollOver(cycle: CycleRow, next: CycleRow): Promise<void> {
    const unfinished = and(
      eq(issues.cycleId, cycle.id),
      isNull(issues.deletedAt),
      notInArray(issues.status, [...finishedStatuses]),
    );
    const boardIds = await db.selectDistinct({ id: issues.boardId }).from(issues).where(unfinished);
    for (const { id: boardId } of boardIds) {
      const board = { id: boardId, projectId: cycle.projectId };
      await writes.withBoardWrite(board, undefined, async (tx) => {
        // Read under the board's lock: these are the issues the update below moves.
        const ids = (
          await tx
            .select({ id: issues.id })
            .from(issues)
            .where(and(unfinished, eq(issues.boardId, boardId)))
        ).map(({ id }) => id);
        if (!ids.length) return null;
        const before = await snapshotsOf(tx, ids);
        const detailsBefore = await issueDetailsOfMany(tx, ids);
        await tx
          .update(issues)
          .set({ cycleId: next.id, version: sql`${issues.version} + 1`, updatedAt: clock.now() })
          .where(inArray(issues.id, ids));
        const entry: HistoryEntry = {
          kind: 'updated',
          field: 'cycle',
          fromValue: cycleName(cycle.number),
          toValue: cycleName(next.number),
        };
        await recordHistoryOfMany(tx, board, CYCLE_ACTOR_ID, new Map(ids.map((id) => [id, [entry]])));
        const after = await snapshotsOf(tx, ids);
        const details = await changedDetailsOfMany(tx, String(CYCLE_ACTOR_ID), detailsBefore);
        const changed = await issueDtosOf(tx, ids);
        // Each moved issue's update, for webhooks, as one bulk change with no summary of its own:
        // the notifier tells nobody of a cycle's end (it leaves a bulk change's issue events to
        // its summary).
        const bulkId = randomUUID();
        const events = changed.flatMap((row) => {
          const id = Number(row.id);
          const event = issueEdited(
            before.get(id)!,
            after.get(id)!,
            row,
            String(CYCLE_ACTOR_ID),
            details.get(id)!,
            bulkId,
          );
          return event ? [event] : [];
        });
        return { result: undefined, changed, events };
      });
    }
    await db.update(cycles).set({ rolledOverAt: clock.now() }).where(eq(cycles.id, cycle.id));
  }

  /** The timer's work for one project: plan ahead, then roll every ended cycle over, oldest first. */
  async function advanceProject(projectId: number): Promise<void> {
    await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(cyclePlans).where(eq(cyclePlans.projectId, projectId)).for('update');
      if (locked?.enabled) await plan(tx, projectId, locked, false);
    });
    const rows = await cyclesOf(db, projectId);
    const day = today();
    for (const cycle of rows.filter((c) => c.endsOn <= day && c.rolledOverAt === null)) {
      const next = rows.find((c) => c.number === cycle.number + 1);
      if (next) await rollOver(cycle, next);
    }
  }

  return {
    /** GET /projects/:key/cycles. */
    async list(user: AuthUser, key: string): Promise<ProjectCycles> {
      return projectCycles(await access.projectByKey(user, key));
    },

    /** PUT /projects/:key/cycles: the lead or an admin turns cycles on or off, or changes their length or start day. */
    async configure(user: AuthUser, key: string, changes: UpdateCycleSettingsRequest): Promise<ProjectCycles> {
      const project = await access.projectByKey(user, key);
      if (!canManageCycles(user, project.membership)) throw new Forbidden(messages.cyclesForbidden);
      if (project.archived) throw new Conflict(messages.projectArchived);
      await db.transaction(async (tx) => {
        const current = await settingsOf(tx, project.id);
        const settings = { ...current, ...changes };
        await tx
          .insert(cyclePlans)
          .values({ projectId: project.id, ...settings, updatedAt: clock.now() })
          .onConflictDoUpdate({ target: cyclePlans.projectId, set: { ...settings, updatedAt: clock.now() } });
        const replan = current.weeks !== settings.weeks || current.startDay !== settings.startDay;
        if (settings.enabled) await plan(tx, project.id, settings, replan);
      });
      await advanceProject(project.id);
      return projectCycles(project);
    },

    /** GET /cycles/:id: the cycle, its issues and its burn-up. */
    async report(user: AuthUser, id: number): Promise<CycleReport> {
      const [cycle] = await db.select().from(cycles).where(eq(cycles.id, id));
      const seen = cycle && (await access.projectAccess(user, cycle.projectId));
      if (!cycle || !seen || !canSeeProject(user, seen.membership)) throw new NotFound(messages.cycleNotFound);
      const [project] = await db
        .select({ key: projectDirectory.key })
        .from(projectDirectory)
        .where(eq(projectDirectory.id, cycle.projectId));
      const name = cycleName(cycle.number);
      const now = clock.now();
      const tallies = await talliesOf(cycle.projectId, cycle.id);
      const listed: CycleIssue[] = await db
        .select({
          id: sql<string>`${issues.id}::text`,
          key: issues.key,
          boardId: sql<string>`${issues.boardId}::text`,
          title: issues.title,
          status: sql<IssueStatus>`${issues.status}`,
          assigneeId: sql<string | null>`${issues.assigneeId}::text`,
          owner: sql<string>`coalesce(${userDirectory.name}, '')`,
          estimate: issues.estimate,
          updatedAt: sql<string>`to_char(${issues.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
        })
        .from(issues)
        .leftJoin(userDirectory, eq(userDirectory.id, issues.assigneeId))
        .where(and(eq(issues.cycleId, cycle.id), isNull(issues.deletedAt)))
        .orderBy(asc(issues.number));
      // Every issue that is in the cycle now or was in it once, and each one's changes of cycle or column.
      const once = db
        .selectDistinct({ id: activity.issueId })
        .from(activity)
        .where(
          and(
            eq(activity.projectId, cycle.projectId),
            eq(activity.field, 'cycle'),
            or(eq(activity.fromValue, name), eq(activity.toValue, name)),
          ),
        );
      const members = await db
        .select({
          id: issues.id,
          createdAt: issues.createdAt,
          cycleNumber: cycles.number,
          status: sql<IssueStatus>`${issues.status}`,
          estimate: issues.estimate,
        })
        .from(issues)
        .leftJoin(cycles, eq(cycles.id, issues.cycleId))
        .where(and(isNull(issues.deletedAt), or(eq(issues.cycleId, cycle.id), inArray(issues.id, once))));
      const changes = members.length
        ? await db
            .select({
              issueId: sql<number>`${activity.issueId}`,
              at: activity.createdAt,
              field: sql<BurnUpChange['field']>`${activity.field}`,
              fromValue: activity.fromValue,
            })
            .from(activity)
            .where(
              and(
                inArray(
                  activity.issueId,
                  members.map((m) => m.id),
                ),
                inArray(activity.field, ['cycle', 'status']),
                gt(activity.createdAt, new Date(`${cycle.startsOn}T00:00:00Z`)),
              ),
            )
        : [];
      const lastDay = cycleLastDay(cycle);
      return {
        ...cycleDto(cycle, tallies.get(cycle.id), utcDay(now)),
        projectKey: project?.key ?? '',
        issues: listed,
        burnUp: burnUp(
          name,
          { startsOn: cycle.startsOn, lastDay },
          members.map((m) => ({ ...m, cycle: m.cycleNumber === null ? null : cycleName(m.cycleNumber) })),
          changes,
          now,
        ),
      };
    },

    /** What each replica's timer runs (tests run it on their own clock): every project whose cycles are on, planned and rolled over. */
    async advance(): Promise<void> {
      const plans = await db
        .select({ projectId: cyclePlans.projectId })
        .from(cyclePlans)
        .innerJoin(projectDirectory, eq(projectDirectory.id, cyclePlans.projectId))
        .where(and(eq(cyclePlans.enabled, true), eq(projectDirectory.archived, false)));
      for (const { projectId } of plans) await advanceProject(projectId);
    },

    start(everyMs = CYCLE_TIMER_MS): () => void {
      const timer = setInterval(() => {
        this.advance().catch((error: unknown) => log.error({ err: error }, 'planning cycles failed'));
      }, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
export type Cycles = ReturnType<typeof createCycles>;
