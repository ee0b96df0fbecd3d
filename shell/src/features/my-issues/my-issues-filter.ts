import { issuePriorities, issueStatuses, issueTypes } from '@trackboard/contracts';

// My Issues' filter as it lives in the address, written the way a board's filter is:
//   /my-issues?status=todo,done&priority=high&type=bug&project=WEB
// Several values of one field are comma-separated and any of them matches; fields all apply.
// No status means the open ones (the server's default). Unknown words are dropped.

export interface MyIssuesFilter {
  /** How the list is grouped: by project (the default) or by status. Kept in the address as `group=status`. */
  group: Grouping;
  status: (typeof issueStatuses)[number][];
  priority: (typeof issuePriorities)[number][];
  type: (typeof issueTypes)[number][];
  /** Project keys. */
  project: string[];
}
export const groupings = ['project', 'status'] as const;
export type Grouping = (typeof groupings)[number];
export type FilterField = Exclude<keyof MyIssuesFilter, 'group'>;
export const filterFields: FilterField[] = ['status', 'priority', 'type', 'project'];
export const emptyFilter: MyIssuesFilter = { group: 'project', status: [], priority: [], type: [], project: [] };

/** The fields whose values are fixed words, written in lower case (projects keep their key). */
const words: Record<Exclude<FilterField, 'project'>, readonly string[]> = {
  status: issueStatuses,
  priority: issuePriorities,
  type: issueTypes,
};

const valuesOf = (params: URLSearchParams, name: string) => [
  ...new Set(
    params
      .getAll(name)
      .flatMap((value) => value.split(','))
      .map((value) => value.trim().toUpperCase())
      .filter(Boolean),
  ),
];

export function parseFilter(search: string): MyIssuesFilter {
  const params = new URLSearchParams(search);
  const known = <F extends keyof typeof words>(field: F) =>
    valuesOf(params, field).filter((value) => words[field].includes(value)) as MyIssuesFilter[F];
  return {
    group: params.get('group') === 'status' ? 'status' : 'project',
    status: known('status'),
    priority: known('priority'),
    type: known('type'),
    project: valuesOf(params, 'project').filter((key) => /^[A-Z0-9]{1,10}$/.test(key)),
  };
}

/** `filter`'s fields as `name=a,b` pairs, in a fixed order, empty ones left out, commas readable. */
function filterPairs(filter: MyIssuesFilter, lowerWords: boolean): string[] {
  return filterFields.flatMap((field) => {
    const values = filter[field].map((value) =>
      encodeURIComponent(lowerWords && field !== 'project' ? value.toLowerCase() : value),
    );
    return values.length ? [`${field}=${values.join(',')}`] : [];
  });
}

/** The page's address query for `filter` ('' for none). */
export function writeFilter(filter: MyIssuesFilter): string {
  const pairs = [...filterPairs(filter, true), ...(filter.group === 'project' ? [] : [`group=${filter.group}`])];
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** GET /dashboard/assigned's query for `filter` and a page. */
export function assignedQuery(filter: MyIssuesFilter, limit: number, offset: number): string {
  return [...filterPairs(filter, false), `limit=${limit}`, ...(offset ? [`offset=${offset}`] : [])].join('&');
}

export const isFiltered = (filter: MyIssuesFilter) => filterFields.some((field) => filter[field].length > 0);

/** `values` with `value` added, or taken out when it is there. */
export const toggled = <T extends string>(values: readonly T[], value: T): T[] =>
  values.includes(value) ? values.filter((known) => known !== value) : [...values, value];
