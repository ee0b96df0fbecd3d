import { cycleLastDay, cycleStartDayNames, type CycleDto } from '@trackboard/contracts';

// The words of the cycles' section on the project page and of a cycle's page.

const day = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayOf = (date: string) => day.format(new Date(`${date}T00:00:00Z`));

export const cycleTexts = {
  title: 'Cycles',
  hint: 'Time boxes of one to four weeks, one after another. Unfinished issues move on to the next cycle when one ends.',
  off: 'Cycles are off for this project.',
  enabled: 'Use cycles',
  weeks: 'Length',
  weeksOption: (weeks: number) => (weeks === 1 ? '1 week' : `${weeks} weeks`),
  startDay: 'Starts on',
  startDayName: (startDay: number) => cycleStartDayNames[startDay - 1]!,
  save: 'Save Cycles',
  saved: 'Cycles saved.',
  failed: (reason: string) => `Could not save the cycles: ${reason}`,
  saveDefault: 'Something went wrong.',
  loading: 'Loading cycles…',
  loadFailed: 'Could not load the cycles.',
  dates: (cycle: Pick<CycleDto, 'startsOn' | 'endsOn'>) => `${dayOf(cycle.startsOn)} – ${dayOf(cycleLastDay(cycle))}`,
  state: { past: 'Ended', current: 'Current', upcoming: 'Upcoming' } as Record<CycleDto['state'], string>,
  progress: (cycle: CycleDto) => `${cycle.done.issues} of ${cycle.scope.issues} done`,
  earlier: (count: number) => (count === 1 ? '1 earlier cycle' : `${count} earlier cycles`),
  // The cycle's page.
  cycleNotFound: 'Cycle not found',
  scope: 'Scope',
  done: 'Done',
  started: 'Started',
  points: (points: number) => (points === 1 ? '1 point' : `${points} points`),
  issuesCount: (issues: number) => (issues === 1 ? '1 issue' : `${issues} issues`),
  measure: 'Count',
  measureIssues: 'Issues',
  measurePoints: 'Points',
  burnUp: 'Burn-up',
  burnUpDescription: (name: string, measure: string) =>
    `${measure} in ${name} (scope) and finished (done) at the end of each day.`,
  burnUpEmpty: 'The burn-up starts on the cycle’s first day.',
  dayColumn: 'Day',
  issuesTitle: 'Issues',
  noIssues: 'No issues in this cycle yet. Put issues in it from the issue dialog or the board’s bulk edit.',
  columns: { key: 'Key', title: 'Title', status: 'Status', assignee: 'Assignee', estimate: 'Estimate' },
  unassigned: 'Unassigned',
};
