import {
  issuePriorities,
  issueStatuses,
  issueTypes,
  mappedStatus,
  type IssueStatus,
  type issuePriorities as Priorities,
  type issueTypes as Types,
} from '@trackboard/contracts';
import { calendarDate } from './import-plan';

// What the values of other trackers' CSV exports (Jira Server and Cloud, Linear, Plane) mean
// here. Each reader answers null for a value it does not know; `exact: false` marks a value
// taken as the nearest of ours, which the import reports as a warning.

type Priority = (typeof Priorities)[number];
type IssueType = (typeof Types)[number];
type Reading<T> = { value: T; exact: boolean };

const key = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');

const ourOwn = <T extends string>(values: readonly T[], text: string): T | null => {
  const upper = text
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_') as T;
  return values.includes(upper) ? upper : null;
};

// Jira's five levels and Linear's and Plane's four map one to one; other names are a guess.
const priorityNames: Record<string, Reading<Priority>> = {
  highest: { value: 'CRITICAL', exact: true },
  urgent: { value: 'CRITICAL', exact: true },
  lowest: { value: 'LOW', exact: true },
  blocker: { value: 'CRITICAL', exact: false },
  p0: { value: 'CRITICAL', exact: false },
  p1: { value: 'CRITICAL', exact: false },
  major: { value: 'HIGH', exact: false },
  p2: { value: 'HIGH', exact: false },
  normal: { value: 'MEDIUM', exact: false },
  p3: { value: 'MEDIUM', exact: false },
  minor: { value: 'LOW', exact: false },
  trivial: { value: 'LOW', exact: false },
  p4: { value: 'LOW', exact: false },
  p5: { value: 'LOW', exact: false },
};
/** "No priority" (Linear) and "none" (Plane) are our default. */
const noPriority = new Set(['no priority', 'none']);

/** A priority by its name in any of the trackers, or null for a name none of them uses. */
export function priorityOf(text: string): Reading<Priority> | null {
  const own = ourOwn(issuePriorities, text);
  if (own) return { value: own, exact: true };
  if (noPriority.has(key(text))) return { value: 'MEDIUM', exact: true };
  return priorityNames[key(text)] ?? null;
}

const typeNames: Record<string, Reading<IssueType>> = {
  'sub task': { value: 'TASK', exact: false },
  subtask: { value: 'TASK', exact: false },
  feature: { value: 'STORY', exact: false },
  'new feature': { value: 'STORY', exact: false },
  improvement: { value: 'STORY', exact: false },
  defect: { value: 'BUG', exact: false },
};

/** An issue type: Jira's Story, Task, Bug and Epic are ours; a few others are near one. */
export function typeOf(text: string): Reading<IssueType> | null {
  const own = ourOwn(issueTypes, text);
  return own ? { value: own, exact: true } : (typeNames[key(text)] ?? null);
}

// Status names these trackers ship with; a team's own workflow names come with Jira's status
// category when the export has that column (Jira Cloud's "Status Category").
const statusNames: Record<string, IssueStatus> = {
  open: 'TODO',
  new: 'TODO',
  reopened: 'TODO',
  'selected for development': 'TODO',
  unstarted: 'TODO',
  started: 'IN_PROGRESS',
  'in review': 'IN_PROGRESS',
  review: 'IN_PROGRESS',
  'code review': 'IN_PROGRESS',
  'in development': 'IN_PROGRESS',
  'in testing': 'IN_PROGRESS',
  testing: 'IN_PROGRESS',
  'in qa': 'IN_PROGRESS',
  resolved: 'DONE',
  completed: 'DONE',
  complete: 'DONE',
  fixed: 'DONE',
  canceled: 'CLOSED',
  cancelled: 'CLOSED',
  duplicate: 'CLOSED',
  "won't do": 'CLOSED',
  "won't fix": 'CLOSED',
  rejected: 'CLOSED',
  triage: 'BACKLOG',
  icebox: 'BACKLOG',
};

/** A status by its name: ours (`In Progress`, `IN_PROGRESS`), a column name that maps to one, or a common tracker's. */
export function statusOf(text: string): IssueStatus | null {
  return ourOwn(issueStatuses, text) ?? mappedStatus(key(text)) ?? statusNames[key(text).replace(/’/g, "'")] ?? null;
}

const categories: Record<string, IssueStatus> = { 'to do': 'TODO', 'in progress': 'IN_PROGRESS', done: 'DONE' };
/** Jira's status category (To Do, In Progress, Done): what any of a team's own statuses means. */
export const statusCategoryOf = (text: string): IssueStatus | null => categories[key(text)] ?? null;

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** Jira's `dd/MMM/yy h:mm a` (`20/Nov/24 3:15 PM`), with or without the time and with a four-digit year. */
const jiraForm = /^(\d{1,2})\/([A-Za-z]{3})\/(\d{2}|\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?)?$/;

/** A date in Jira's form, with its time when given; null when the form is right but the date is not. */
function jiraMoment(match: RegExpExecArray): { date: string; time: string } | null {
  const [, day, month, year, hour, minute, second, half] = match;
  const monthIndex = months.indexOf(month!.toLowerCase());
  // Two-digit years are this century's, as Jira writes them.
  const fullYear = year!.length === 2 ? `20${year}` : year!;
  const date = calendarDate(`${fullYear}-${String(monthIndex + 1).padStart(2, '0')}-${day!.padStart(2, '0')}`);
  if (monthIndex < 0 || !date) return null;
  if (hour === undefined) return { date, time: '00:00:00' };
  let hours = Number(hour);
  if (half) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (half.toLowerCase() === 'pm' ? 12 : 0);
  }
  if (hours > 23 || Number(minute) > 59 || Number(second ?? 0) > 59) return null;
  return { date, time: `${String(hours).padStart(2, '0')}:${minute}:${second ?? '00'}` };
}

/** `2024-11-20`, `2024-11-20 15:15`, `2024-11-20T15:15:00.000Z`, `2024-11-20T15:15+01:00`. */
const isoForm = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?)?$/;

const instantText = (time: number) => (Number.isNaN(time) ? null : new Date(time).toISOString());

/** A date and time as an ISO instant (a time without a zone is taken as UTC), or null. */
export function instantOf(text: string): string | null {
  const trimmed = text.trim();
  const jira = jiraForm.exec(trimmed);
  if (jira) {
    const moment = jiraMoment(jira);
    return moment && `${moment.date}T${moment.time}.000Z`;
  }
  const iso = isoForm.exec(trimmed);
  if (iso) return calendarDate(iso[1]!) && instantText(Date.parse(`${iso[1]}T${iso[2] ?? '00:00'}${iso[3] ?? 'Z'}`));
  // Whatever else JavaScript reads: Linear writes `Mon Jan 22 2024 09:44:23 GMT+0000 (…)`.
  return instantText(Date.parse(trimmed));
}

/** A calendar day (YYYY-MM-DD): the day the file writes, whatever time is beside it. */
export function dayOf(text: string): string | null {
  const trimmed = text.trim();
  const jira = jiraForm.exec(trimmed);
  if (jira) return jiraMoment(jira)?.date ?? null;
  const iso = isoForm.exec(trimmed);
  if (iso) return calendarDate(iso[1]!);
  return instantOf(trimmed)?.slice(0, 10) ?? null;
}
