import type { CycleFilter, IssueDto } from '@trackboard/contracts';
import { ME, NO_ESTIMATE, UNASSIGNED, type BoardFilter, type DueBucket } from './filter-params';

// Which issues a filter keeps: pure functions, run on every keystroke over the
// whole loaded board, so one pass must stay well inside a frame on 5,000 issues.

/** Anything but printable ASCII and line breaks: only such text can carry accents. */
const NOT_PLAIN = /[^\t\n\r\u0020-\u007e]/;
const MARKS = /\p{M}+/gu;

/** Lower case without accents: "Élan" and "elan" read the same (NFD, combining marks dropped). */
export function normaliseText(text: string): string {
  const lower = text.toLowerCase();
  // Most text is plain ASCII, where NFD changes nothing; skipping it is most of the cost.
  return NOT_PLAIN.test(lower) ? lower.normalize('NFD').replace(MARKS, '') : lower;
}

type Searchable = Pick<IssueDto, 'id' | 'key' | 'title' | 'description'>;
interface Entry {
  key: string;
  title: string;
  description: string;
  text: string;
}

// The normalised text of each issue, made once: by the issue object itself (a delta replaces only
// the objects it changes), and by id for an object that was replaced with the same words (a move
// renumbers a whole column). Normalising 5,000 issues afresh costs more than a frame.
const byIssue = new WeakMap<Searchable, string>();
const byId = new Map<string, Entry>();
const BY_ID_LIMIT = 50_000;

/** The key, title and description, normalised, as one string to search. */
export function searchTextOf(issue: Searchable): string {
  const cached = byIssue.get(issue);
  if (cached !== undefined) return cached;
  const { key = '', title = '', description = '' } = issue;
  let entry = byId.get(issue.id);
  if (!entry || entry.key !== key || entry.title !== title || entry.description !== description) {
    if (byId.size >= BY_ID_LIMIT) byId.clear();
    entry = { key, title, description, text: normaliseText(`${key}\n${title}\n${description ?? ''}`) };
    byId.set(issue.id, entry);
  }
  byIssue.set(issue, entry.text);
  return entry.text;
}

/**
 * Makes every issue's search text while the browser is idle, so the first keystroke after the
 * board loads is as quick as the rest (and a delta only makes the few it brings). Returns a cancel.
 */
export function warmSearchText(columns: { issues: Searchable[] }[]): () => void {
  const idle =
    typeof requestIdleCallback === 'function' ? requestIdleCallback : (run: () => void) => setTimeout(run, 50);
  const cancel = typeof cancelIdleCallback === 'function' ? cancelIdleCallback : clearTimeout;
  const pending = columns.flatMap((column) => column.issues);
  let next = 0;
  let handle: number | ReturnType<typeof setTimeout>;
  const step = (deadline?: IdleDeadline) => {
    while (next < pending.length) {
      searchTextOf(pending[next++]!);
      // Give the frame back when the idle period runs out; carry on in the next one.
      if (deadline && next % 256 === 0 && deadline.timeRemaining() < 2) {
        handle = idle(step);
        return;
      }
    }
  };
  handle = idle(step);
  return () => cancel(handle as number);
}

const DAY = 24 * 3600 * 1000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The last day (Sunday) of the week that holds `today`; weeks run Monday to Sunday (ISO 8601). */
export function endOfWeek(today: string): string {
  const time = Date.parse(`${today}T00:00:00Z`);
  const weekday = new Date(time).getUTCDay(); // 0 is Sunday
  return isoDay(time + ((7 - weekday) % 7) * DAY);
}

/**
 * Where an issue's due date falls: overdue (the day has passed and it is not done: as its card
 * shows it), this week (today to Sunday), no date; or later (or done late), in no bucket.
 */
export function dueBucketOf(
  issue: Pick<IssueDto, 'dueDate' | 'status'>,
  today: string,
  weekEnd = endOfWeek(today),
): DueBucket | null {
  if (!issue.dueDate) return 'none';
  const day = issue.dueDate.slice(0, 10);
  if (day < today) return issue.status === 'DONE' ? null : 'overdue';
  return day <= weekEnd ? 'week' : null;
}

/**
 * Whether every issue `after` keeps, `before` kept too: the same choices, and text that only
 * goes on from where it was ("task 2" to "task 2-1": each word before is inside a word now).
 */
export function narrows(before: BoardFilter, after: BoardFilter): boolean {
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
  return (
    same(before.assignee, after.assignee) &&
    same(before.label, after.label) &&
    same(before.priority, after.priority) &&
    same(before.type, after.type) &&
    same(before.due, after.due) &&
    same(before.estimate, after.estimate) &&
    same(before.cycle, after.cycle) &&
    normaliseText(after.q).trimStart().startsWith(normaliseText(before.q).trimStart())
  );
}

/**
 * Whether an issue's cycle is among the chosen: "none" is no cycle, "any" every cycle, "current"
 * and "next" that cycle's id (none while the ids are unknown, or the project has no such cycle).
 */
function cycleMatcher(choices: readonly CycleFilter[], cycles: MatchContext['cycles']) {
  const ids = new Set<string>();
  for (const choice of choices) {
    const id = choice === 'current' ? cycles?.current : choice === 'next' ? cycles?.next : null;
    if (id) ids.add(id);
  }
  const none = choices.includes('none');
  const any = choices.includes('any');
  return (cycleId: string | null) => (cycleId === null ? none : any || ids.has(cycleId));
}

export interface MatchContext {
  /** The signed-in user's id, for "Me" (null: "Me" matches no one). */
  meId: string | null;
  /** Today where the user is, `YYYY-MM-DD`. */
  today: string;
  /**
   * The ids of the project's current and next cycle for "current" and "next"; null while they
   * are not known (asked for once such a choice is made): those two then match nothing, so a
   * shared link never shows for a moment the cards it will hide. "Any" and "none" need no list.
   */
  cycles?: { current: string | null; next: string | null } | null;
}

/** A test for one issue, or null when the filter keeps everything. */
export function issueMatcher(
  filter: BoardFilter,
  { meId, today, cycles = null }: MatchContext,
): ((issue: IssueDto) => boolean) | null {
  const terms = normaliseText(filter.q).split(/\s+/).filter(Boolean);
  const assignees = new Set(filter.assignee.map((value) => (value === ME ? (meId ?? ME) : value)));
  const unassigned = assignees.has(UNASSIGNED);
  // "me" left in the set (no one signed in) matches no member id.
  const labels = new Set(filter.label);
  const priorities = new Set<string>(filter.priority);
  const types = new Set<string>(filter.type);
  const due = new Set<DueBucket | null>(filter.due);
  const estimates = new Set<string>(filter.estimate);
  const inCycle = filter.cycle.length ? cycleMatcher(filter.cycle, cycles) : null;
  const weekEnd = endOfWeek(today);
  if (
    !terms.length &&
    !assignees.size &&
    !labels.size &&
    !priorities.size &&
    !types.size &&
    !due.size &&
    !estimates.size &&
    !inCycle
  )
    return null;

  // Cheap tests first; the text last.
  return (issue) => {
    if (priorities.size && !priorities.has(issue.priority)) return false;
    if (types.size && !types.has(issue.type)) return false;
    if (assignees.size && !(issue.assigneeId ? assignees.has(issue.assigneeId) : unassigned)) return false;
    if (labels.size && !(issue.labelIds ?? []).some((id) => labels.has(id))) return false;
    if (due.size && !due.has(dueBucketOf(issue, today, weekEnd))) return false;
    if (estimates.size && !estimates.has(issue.estimate == null ? NO_ESTIMATE : String(issue.estimate))) return false;
    if (inCycle && !inCycle(issue.cycleId ?? null)) return false;
    if (terms.length) {
      const text = searchTextOf(issue);
      for (const term of terms) if (!text.includes(term)) return false;
    }
    return true;
  };
}
