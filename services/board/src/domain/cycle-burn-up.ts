import { addDays, finishedStatuses, mappedStatus, type BurnUpDay, type IssueStatus } from '@trackboard/contracts';

// A cycle's burn-up, told by its issues' history: for each day of the cycle up to today, how many
// issues (and estimate points) were in the cycle at the end of that day, and how many of those
// were finished. Each issue's state on a day is its state now with every later change of its
// cycle or column undone, one history row at a time, newest first.

/** An issue that is, or once was, in the cycle: as it is now. */
export type BurnUpIssue = {
  id: number;
  createdAt: Date;
  /** Its cycle's name now ("Cycle 3"), or null. */
  cycle: string | null;
  status: IssueStatus;
  /** Counted at its current value on every day (the history keeps it as shown, not as points). */
  estimate: number | null;
};

/** A history row that changed where an issue was: its cycle (`field` 'cycle') or its column ('status'), by display names. */
export type BurnUpChange = {
  issueId: number;
  at: Date;
  field: 'cycle' | 'status';
  fromValue: string | null;
};

type State = { inCycle: boolean; done: boolean };

const finished = (status: IssueStatus | null) => status !== null && finishedStatuses.includes(status);

/**
 * Each day from `startsOn` to `lastDay` (inclusive, UTC), as it stood at the end of that day, or
 * at `now` for today. A column whose name maps to no status counts as unfinished: the history
 * keeps the column's name, and only a mapped one says for sure.
 */
export function burnUp(
  cycleName: string,
  range: { startsOn: string; lastDay: string },
  issues: BurnUpIssue[],
  changes: BurnUpChange[],
  now: Date,
): BurnUpDay[] {
  const newestFirst = new Map<number, BurnUpChange[]>();
  for (const change of [...changes].sort((a, b) => b.at.getTime() - a.at.getTime()))
    newestFirst.set(change.issueId, [...(newestFirst.get(change.issueId) ?? []), change]);

  const stateAt = (issue: BurnUpIssue, at: Date): State => {
    const state: State = { inCycle: issue.cycle === cycleName, done: finished(issue.status) };
    for (const change of newestFirst.get(issue.id) ?? []) {
      if (change.at <= at) break;
      if (change.field === 'cycle') state.inCycle = change.fromValue === cycleName;
      else state.done = finished(mappedStatus(change.fromValue));
    }
    return state;
  };

  const days: BurnUpDay[] = [];
  for (let day = range.startsOn; day <= range.lastDay; day = addDays(day, 1)) {
    const endOfDay = new Date(`${addDays(day, 1)}T00:00:00Z`);
    if (new Date(`${day}T00:00:00Z`) > now) break;
    const at = endOfDay < now ? endOfDay : now;
    const tally: BurnUpDay = { date: day, scope: { issues: 0, points: 0 }, done: { issues: 0, points: 0 } };
    for (const issue of issues) {
      if (issue.createdAt > at) continue;
      const state = stateAt(issue, at);
      if (!state.inCycle) continue;
      tally.scope.issues++;
      tally.scope.points += issue.estimate ?? 0;
      if (state.done) {
        tally.done.issues++;
        tally.done.points += issue.estimate ?? 0;
      }
    }
    days.push(tally);
  }
  return days;
}
