// Cycles (time boxes), the parts the browser needs too: kept free of zod (like issue-rules.ts), so
// the board's filter and the issue dialog importing them pull no schemas into their chunks.
//
// A project's cycles follow one another without gaps: each starts on the day the one before it
// ends. Days are calendar days in UTC (`YYYY-MM-DD`); a cycle holds the days from `startsOn` up to
// but not including `endsOn`, so it ends at midnight UTC of `endsOn`.

/** How long a cycle runs: a whole number of weeks, from 1 to this. */
export const CYCLE_WEEKS_MAX = 4;
/** Cycles kept planned after the current one, so issues can be put in the next ones. */
export const CYCLES_AHEAD = 2;
/** The weekday a project's cycles start on, ISO numbering: 1 Monday … 7 Sunday. */
export const cycleStartDays = [1, 2, 3, 4, 5, 6, 7] as const;
export const cycleStartDayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export const cycleStates = ['past', 'current', 'upcoming'] as const;
export type CycleState = (typeof cycleStates)[number];

/** What the board filter's "Cycle" picks: the cycle running today, the one after it, any cycle, or none. */
export const cycleFilters = ['current', 'next', 'any', 'none'] as const;
export type CycleFilter = (typeof cycleFilters)[number];

export const cycleName = (number: number) => `Cycle ${number}`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC calendar day of `at`. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** `day` moved on by `days` (back, when negative). */
export const addDays = (day: string, days: number): string =>
  utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** The ISO weekday of `day`: 1 Monday … 7 Sunday. */
export const isoWeekday = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

/** The latest day on or before `today` that falls on `startDay`: where a project's first cycle starts. */
export const firstCycleStart = (today: string, startDay: number): string =>
  addDays(today, -((isoWeekday(today) - startDay + 7) % 7));

/** Whether a cycle has ended, is running, or is still to come, on `today`. */
export function cycleState(cycle: { startsOn: string; endsOn: string }, today: string): CycleState {
  if (cycle.endsOn <= today) return 'past';
  return cycle.startsOn <= today ? 'current' : 'upcoming';
}

/** A cycle's dates as people read them: its first and last day (the day before it ends). */
export const cycleLastDay = (cycle: { endsOn: string }) => addDays(cycle.endsOn, -1);

/**
 * The dates of the cycle that follows one ending on `previousEnd`: it starts that day and ends
 * on the last `startDay` at most `weeks` weeks later. A plan whose start day changed so re-aligns
 * in one cycle (up to six days shorter); any other runs exactly `weeks` weeks.
 */
export function nextCycleDates(previousEnd: string, weeks: number, startDay: number) {
  return { startsOn: previousEnd, endsOn: firstCycleStart(addDays(previousEnd, weeks * 7), startDay) };
}
