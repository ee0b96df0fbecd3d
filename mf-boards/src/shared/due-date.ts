import { dateTimeFormat } from '@trackboard/web-kit';
import { uiMessages } from '../ui-messages';

// Due dates: `YYYY-MM-DD` calendar days, compared with today where the user is.

const DAY = 24 * 3600 * 1000;

/** Today's calendar date on this computer, as `YYYY-MM-DD`. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Red once the day has passed, amber from two days before it. */
export type DueState = 'overdue' | 'soon' | 'later';

export function dueState(dueDate: string, today: string): DueState {
  const days = Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY);
  if (days < 0) return 'overdue';
  return days <= 2 ? 'soon' : 'later';
}

// Calendar days, so shown in UTC: the same day wherever the reader is.
const sameYear = () => dateTimeFormat({ month: 'short', day: 'numeric', timeZone: 'UTC' });
const otherYear = () => dateTimeFormat({ dateStyle: 'medium', timeZone: 'UTC' });

/** "Mar 5", or "Mar 5, 2027" when not this year (in German "5. März", "05.03.2027"). */
export function formatDueDate(dueDate: string, today: string): string {
  const date = new Date(`${dueDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return dueDate;
  return (dueDate.slice(0, 4) === today.slice(0, 4) ? sameYear() : otherYear()).format(date);
}

/** The due date as words, for the card's description and its tooltip. */
export function describeDue(dueDate: string, today: string): string {
  const state = dueState(dueDate, today);
  const when = formatDueDate(dueDate, today);
  return state === 'overdue'
    ? uiMessages.dueOverdueOn(when)
    : state === 'soon'
      ? uiMessages.dueSoonOn(when)
      : uiMessages.dueOn(when);
}
