import { calendarTexts as t } from './calendar-texts';

// Calendar days as `YYYY-MM-DD` strings, the form a due date has. The arithmetic runs on UTC
// midnights and never on local time: a day is a day, whatever the time zone, so a due date is
// never drawn a day early west of Greenwich (nor a day late east of it), and no daylight-saving
// change makes a day 23 hours long.

/** A calendar day, `YYYY-MM-DD`. */
export type Day = string;

const DAY_MS = 24 * 3600 * 1000;

export const isDay = (value: string | null | undefined): value is Day =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(utcOf(value));

const utcOf = (day: Day) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const dayOfUtc = (ms: number): Day => new Date(ms).toISOString().slice(0, 10);
const parts = (day: Day) => {
  const date = new Date(utcOf(day));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth(), date: date.getUTCDate() };
};

export const addDays = (day: Day, days: number): Day => dayOfUtc(utcOf(day) + days * DAY_MS);

/** 0 for Monday … 6 for Sunday: weeks start on Monday. */
export const weekdayOf = (day: Day): number => (new Date(utcOf(day)).getUTCDay() + 6) % 7;

/** The Monday of the week `day` is in. */
export const mondayOf = (day: Day): Day => addDays(day, -weekdayOf(day));

/** The seven days, Monday to Sunday, of the week `day` is in. */
export const weekOf = (day: Day): Day[] => Array.from({ length: 7 }, (_, i) => addDays(mondayOf(day), i));

export const firstOfMonth = (day: Day): Day => `${day.slice(0, 8)}01`;

/** The first day of the month `months` after (or before) the one `day` is in. */
export function addMonths(day: Day, months: number): Day {
  const { year, month } = parts(day);
  return dayOfUtc(Date.UTC(year, month + months, 1));
}

export interface GridDay {
  day: Day;
  /** In the month shown; the days of the months before and after are drawn greyed. */
  inMonth: boolean;
}

/**
 * The weeks of the month `day` is in, Monday first: from the Monday on or before its first day
 * to the Sunday on or after its last, so 4 to 6 weeks.
 */
export function monthGrid(day: Day): GridDay[][] {
  const first = firstOfMonth(day);
  const last = addDays(addMonths(day, 1), -1);
  const weeks: GridDay[][] = [];
  for (let monday = mondayOf(first); monday <= last; monday = addDays(monday, 7))
    weeks.push(weekOf(monday).map((d) => ({ day: d, inMonth: d.slice(0, 7) === first.slice(0, 7) })));
  return weeks;
}

/** "November 2026". */
export function monthTitle(day: Day): string {
  const { year, month } = parts(day);
  return t.monthTitle(t.months[month]!, year);
}

/** "Tuesday 24 November 2026": a day cell's name. */
export function fullDate(day: Day): string {
  const { year, month, date } = parts(day);
  return t.fullDate(t.weekdays[weekdayOf(day)]!, date, t.months[month]!, year);
}

/** "Tue 24 Nov": what the announcement of a new due date says. */
export function shortDate(day: Day): string {
  const { month, date } = parts(day);
  return t.shortDate(t.weekdaysShort[weekdayOf(day)]!, date, t.monthsShort[month]!);
}

/** The day of the month, 1 to 31. */
export const dateOf = (day: Day): number => parts(day).date;

/** "23 – 29 November 2026", "30 November – 6 December 2026", "28 December 2026 – 3 January 2027". */
export function weekTitle(day: Day): string {
  const monday = mondayOf(day);
  const [from, to] = [parts(monday), parts(addDays(monday, 6))];
  const { months } = t;
  if (from.year !== to.year)
    return t.weekAcrossYears(from.date, months[from.month]!, from.year, to.date, months[to.month]!, to.year);
  if (from.month !== to.month)
    return t.weekAcrossMonths(from.date, months[from.month]!, to.date, months[to.month]!, to.year);
  return t.weekInMonth(from.date, to.date, months[to.month]!, to.year);
}
