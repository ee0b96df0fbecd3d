import { z } from 'zod';
import { CYCLE_WEEKS_MAX, cycleStartDays, cycleStates } from './cycle-rules';
import { messages } from './messages';
import { issueStatuses } from './column-status';

// Cycles: a project's consecutive time boxes, planned ahead, each issue in at most one. The
// zod-free parts (the calendar arithmetic, names, states) are in cycle-rules.ts.

export * from './cycle-rules';

/** A cycle's length in weeks, as a plan takes it (the API's and an import's). */
export const CycleWeeks = z
  .number({ error: `must be a whole number of weeks from 1 to ${CYCLE_WEEKS_MAX}` })
  .int(`must be a whole number of weeks from 1 to ${CYCLE_WEEKS_MAX}`)
  .min(1, `must be a whole number of weeks from 1 to ${CYCLE_WEEKS_MAX}`)
  .max(CYCLE_WEEKS_MAX, `must be a whole number of weeks from 1 to ${CYCLE_WEEKS_MAX}`);
/** The weekday cycles start on (ISO: 1 Monday), as a plan takes it. */
export const CycleStartDay = z
  .number({ error: 'must be a weekday from 1 (Monday) to 7 (Sunday)' })
  .int('must be a weekday from 1 (Monday) to 7 (Sunday)')
  .min(1, 'must be a weekday from 1 (Monday) to 7 (Sunday)')
  .max(cycleStartDays.length, 'must be a weekday from 1 (Monday) to 7 (Sunday)');

/** A project's cycle plan: off, or cycles of `weeks` weeks starting on `startDay` (ISO: 1 Monday). */
export const CycleSettings = z.object({
  enabled: z.boolean(),
  weeks: z.number().int(),
  startDay: z.number().int(),
});
export type CycleSettings = z.infer<typeof CycleSettings>;

/** `PUT /api/projects/:key/cycles`: any of the plan's parts; the cycles ahead follow the new plan. */
export const UpdateCycleSettingsRequest = z
  .strictObject({
    enabled: z.boolean({ error: 'must be true or false' }).optional(),
    weeks: CycleWeeks.optional(),
    startDay: CycleStartDay.optional(),
  })
  .refine((u) => Object.values(u).some((v) => v !== undefined), { message: messages.noChanges });
export type UpdateCycleSettingsRequest = z.input<typeof UpdateCycleSettingsRequest>;

/** Issues and their estimate points (an issue without an estimate counts no points). */
const Tally = z.object({ issues: z.number().int(), points: z.number().int() });

export const CycleDto = z.object({
  id: z.string(),
  number: z.number().int(),
  /** "Cycle 3". */
  name: z.string(),
  /** Its first day, `YYYY-MM-DD` (UTC). */
  startsOn: z.string(),
  /** The day after its last: it ends at midnight UTC of this day. */
  endsOn: z.string(),
  state: z.enum(cycleStates),
  /** Its issues now: all of them, the finished ones (Done, Closed), those in progress. */
  scope: Tally,
  done: Tally,
  started: Tally,
});
export type CycleDto = z.infer<typeof CycleDto>;

/** `GET /api/projects/:key/cycles`: the plan and every cycle, oldest first. */
export const ProjectCycles = z.object({
  projectKey: z.string(),
  settings: CycleSettings,
  cycles: z.array(CycleDto),
});
export type ProjectCycles = z.infer<typeof ProjectCycles>;

/** One day of a cycle's burn-up, as its history tells it at the end of that day (UTC). */
export const BurnUpDay = z.object({
  date: z.string(),
  scope: Tally,
  done: Tally,
});
export type BurnUpDay = z.infer<typeof BurnUpDay>;

/** An issue of a cycle as its page lists it. */
export const CycleIssue = z.object({
  id: z.string(),
  key: z.string(),
  boardId: z.string(),
  title: z.string(),
  status: z.enum(issueStatuses),
  assigneeId: z.string().nullable(),
  owner: z.string(),
  estimate: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type CycleIssue = z.infer<typeof CycleIssue>;

/** `GET /api/cycles/:id`: the cycle, its issues, and its burn-up from its first day to today (or its last). */
export const CycleReport = CycleDto.extend({
  projectKey: z.string(),
  issues: z.array(CycleIssue),
  burnUp: z.array(BurnUpDay),
});
export type CycleReport = z.infer<typeof CycleReport>;
