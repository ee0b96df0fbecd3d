import { finishedStatuses, type IssueDto } from '@trackboard/contracts';
import { addDays, isDay, type Day } from './calendar-dates';

// What the calendar shows of the issues, as plain functions over plain data: which day each is
// on, which are overdue, and where a keyboard move takes a due date.

/** A day cell shows this many chips, and "+N more" for the rest until it is expanded. */
export const CHIPS_PER_DAY = 3;

export interface CalendarIssues {
  /** Each day's issues, in the order of their numbers. */
  byDay: ReadonlyMap<Day, IssueDto[]>;
  /** The issues without a due date, in the order of their numbers. */
  undated: IssueDto[];
}

export function calendarIssues(issues: readonly IssueDto[]): CalendarIssues {
  const byDay = new Map<Day, IssueDto[]>();
  const undated: IssueDto[] = [];
  for (const issue of [...issues].sort((a, b) => a.number - b.number)) {
    // A due date the calendar cannot place (never sent by the server) is listed with the undated
    // ones rather than lost.
    if (!isDay(issue.dueDate)) undated.push(issue);
    else byDay.set(issue.dueDate, [...(byDay.get(issue.dueDate) ?? []), issue]);
  }
  return { byDay, undated };
}

export const isFinished = (issue: Pick<IssueDto, 'status'>) => finishedStatuses.includes(issue.status);

/** Due before today and not finished. */
export const isOverdue = (issue: Pick<IssueDto, 'status' | 'dueDate'>, today: Day) =>
  isDay(issue.dueDate) && issue.dueDate < today && !isFinished(issue);

const keyMoves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * The due date a chip's key press asks for, or undefined when the press is not a move: Alt with
 * an arrow moves it a day (left, right) or a week (up, down). An issue without a due date is
 * given today's, whichever arrow: there is no day to count from.
 */
export function keyboardMove(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>,
  dueDate: string | null,
  today: Day,
): Day | undefined {
  const days = keyMoves[event.key];
  if (days === undefined || !event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return undefined;
  return isDay(dueDate) ? addDays(dueDate, days) : today;
}
