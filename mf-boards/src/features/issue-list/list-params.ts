// The list's arrangement in the address, beside the board's filter, so a sorted or grouped list
// can be bookmarked, shared and reloaded:
//   ?view=list&sort=-updated&group=assignee
// `sort` names a field, `-` before it for descending; `group` names what the list is grouped
// by. Unknown words are dropped (the board's order, no groups). Read by the list's own chunk; the
// view, which the cold board reads, is view-param.ts's alone (shared with this chunk, it would be
// a module of its own in the first load, and cost more there).

export const sortFields = [
  'key',
  'title',
  'status',
  'assignee',
  'labels',
  'priority',
  'type',
  'estimate',
  'due',
  'updated',
] as const;
export type SortField = (typeof sortFields)[number];

export interface ListSort {
  field: SortField;
  descending: boolean;
}

export const groupFields = ['status', 'assignee', 'priority', 'label', 'parent'] as const;
export type GroupField = (typeof groupFields)[number];

export interface ListArrangement {
  /** null: the board's order (column, then rank). */
  sort: ListSort | null;
  group: GroupField | null;
}

const names = ['sort', 'group'] as const;

/** A parameter's name as written, or '' when it is not valid percent-encoding (kept as it is). */
const nameOf = (part: string) => {
  try {
    return decodeURIComponent(part.split('=')[0]!.replace(/\+/g, ' '));
  } catch {
    return '';
  }
};

const isOneOf = <T extends string>(words: readonly T[], value: string | null): value is T =>
  value !== null && (words as readonly string[]).includes(value);

export function parseListParams(search: string): ListArrangement {
  const params = new URLSearchParams(search);
  const sortWord = params.get('sort')?.trim().toLowerCase() ?? '';
  const descending = sortWord.startsWith('-');
  const sortField = descending ? sortWord.slice(1) : sortWord;
  const group = params.get('group')?.trim().toLowerCase() ?? null;
  return {
    sort: isOneOf(sortFields, sortField) ? { field: sortField, descending } : null,
    group: isOneOf(groupFields, group) ? group : null,
  };
}

/**
 * The address's query with `changes` in it. The other parameters are kept as they are written
 * (not re-encoded through URLSearchParams, which would turn the filter's readable commas into
 * `%2C`); the sort and the grouping are written last, the defaults left out.
 */
export function writeListParams(search: string, changes: Partial<ListArrangement>): string {
  const next = { ...parseListParams(search), ...changes };
  const others = search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && !(names as readonly string[]).includes(nameOf(part)));
  if (next.sort) others.push(`sort=${next.sort.descending ? '-' : ''}${next.sort.field}`);
  if (next.group) others.push(`group=${next.group}`);
  return others.length ? `?${others.join('&')}` : '';
}

/**
 * A header's click: ascending first, then descending, then back to the board's order (so the
 * board's own order is one click away, not only through the address).
 */
export function nextSort(current: ListSort | null, field: SortField): ListSort | null {
  if (current?.field !== field) return { field, descending: false };
  return current.descending ? null : { field, descending: true };
}
