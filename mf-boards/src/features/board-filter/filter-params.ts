import {
  cycleFilters,
  estimateValues,
  type CycleFilter,
  type EstimateValue,
  type IssueDto,
} from '@trackboard/contracts';
import { priorityNames, typeNames } from '@trackboard/web-kit/issue-names';

// A board's filter as it lives in the address, so a filtered board can be
// bookmarked, shared, reloaded, and stepped through with Back and Forward:
//   ?q=login&assignee=me,none,8&label=3,5&priority=high,critical&type=bug&due=overdue,week&estimate=3,5,none&cycle=current,none
// Several values of one field are comma-separated; repeated parameters (`label=3&label=5`)
// are read too. Values of a field are "any of"; fields are "all of". Ids stay ids (labels
// and people are renamed; their ids are not). Unknown words are dropped.

/** Assignee values besides a member's id. */
export const ME = 'me';
export const UNASSIGNED = 'none';

export const dueBuckets = ['overdue', 'week', 'none'] as const;
export type DueBucket = (typeof dueBuckets)[number];

/**
 * Estimate values: a scale's value as the points it is stored as (`3` is "M" in T-shirt sizes,
 * so a link means the same whichever scale the project uses), or `none` for no estimate.
 */
export const NO_ESTIMATE = 'none';
export type EstimateChoice = `${EstimateValue}` | typeof NO_ESTIMATE;
export const estimateChoices: readonly EstimateChoice[] = [
  ...estimateValues.map((value) => String(value) as `${EstimateValue}`),
  NO_ESTIMATE,
];

export interface BoardFilter {
  /** Text to find in the key, title and description (as typed; matched case- and accent-insensitively). */
  q: string;
  /** `me`, `none`, or member ids. */
  assignee: string[];
  /** Label ids. */
  label: string[];
  priority: IssueDto['priority'][];
  type: IssueDto['type'][];
  due: DueBucket[];
  estimate: EstimateChoice[];
  /** The cycle running today, the first one after it, any cycle, no cycle (by their place, not id: a link keeps meaning "current"). */
  cycle: CycleFilter[];
}

// The words come from the names the card shows, not the contracts' lists: those sit beside zod
// schemas, which must stay out of a cold board's bundle.
export const priorities = Object.keys(priorityNames) as IssueDto['priority'][];
export const types = Object.keys(typeNames) as IssueDto['type'][];

export type ListField = Exclude<keyof BoardFilter, 'q'>;
export const listFields: ListField[] = ['assignee', 'label', 'priority', 'type', 'due', 'estimate', 'cycle'];

export const emptyFilter: BoardFilter = {
  q: '',
  assignee: [],
  label: [],
  priority: [],
  type: [],
  due: [],
  estimate: [],
  cycle: [],
};

/** Whether the filter hides anything. */
export const isFilterActive = (filter: BoardFilter) =>
  filter.q.trim() !== '' || listFields.some((field) => filter[field].length > 0);

const valuesOf = (params: URLSearchParams, name: string) => [
  ...new Set(
    params
      .getAll(name)
      .flatMap((value) => value.split(','))
      .map((value) => value.trim())
      .filter(Boolean),
  ),
];

/** Only the words a field knows, in their canonical (upper) case. */
const known = <T extends string>(words: readonly T[], values: string[]) =>
  values
    .map((value) => value.toUpperCase())
    .filter((value): value is T => (words as readonly string[]).includes(value));

export function parseFilter(search: string): BoardFilter {
  const params = new URLSearchParams(search);
  return {
    q: params.get('q') ?? '',
    assignee: valuesOf(params, 'assignee'),
    label: valuesOf(params, 'label'),
    priority: known(priorities, valuesOf(params, 'priority')),
    type: known(types, valuesOf(params, 'type')),
    due: valuesOf(params, 'due').filter((value): value is DueBucket =>
      (dueBuckets as readonly string[]).includes(value),
    ),
    estimate: valuesOf(params, 'estimate')
      .map((value) => value.toLowerCase())
      .filter((value): value is EstimateChoice => (estimateChoices as readonly string[]).includes(value)),
    cycle: [...new Set(valuesOf(params, 'cycle').map((value) => value.toLowerCase()))].filter(
      (value): value is CycleFilter => (cycleFilters as readonly string[]).includes(value),
    ),
  };
}

/**
 * The address's query with `filter` in it: other parameters kept, the filter's written last in a
 * fixed order, empty fields left out, commas between values left readable.
 */
export function writeFilter(search: string, filter: BoardFilter): string {
  const others = new URLSearchParams(search);
  for (const name of ['q', ...listFields]) others.delete(name);
  const parts = others.toString() ? [others.toString()] : [];
  if (filter.q !== '') parts.push(`q=${encodeURIComponent(filter.q)}`);
  for (const field of listFields) {
    const values = filter[field].map((value) =>
      encodeURIComponent(field === 'priority' || field === 'type' ? value.toLowerCase() : value),
    );
    if (values.length) parts.push(`${field}=${values.join(',')}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** `values` with `value` added, or taken out when it is there. */
export const toggled = <T extends string>(values: T[], value: T) =>
  values.includes(value) ? values.filter((known) => known !== value) : [...values, value];
