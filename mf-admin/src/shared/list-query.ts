import { adminPageSizes, type AccountStatus } from '@trackboard/contracts';

// Which page of accounts is asked for, and the rules for changing it: the
// approval list's pending accounts, or the Users page's accounts in the chosen status.

export type SortField = 'id' | 'name' | 'email' | 'createdAt';
export type SortOrder = 'asc' | 'desc';
export type PageSize = (typeof adminPageSizes)[number];

export interface ListQuery {
  /** The statuses listed; none: every account. */
  statuses: readonly AccountStatus[];
  searchTerm: string;
  page: number;
  limit: PageSize;
  sortField: SortField;
  sortOrder: SortOrder;
}

/** Spec §9: 10 per page, newest registrations first. */
export const initialListQuery: ListQuery = {
  statuses: [],
  searchTerm: '',
  page: 1,
  limit: 10,
  sortField: 'createdAt',
  sortOrder: 'desc',
};

export type ListQueryChange =
  | { type: 'statuses'; statuses: readonly AccountStatus[] }
  | { type: 'search'; searchTerm: string }
  | { type: 'pageSize'; limit: PageSize }
  | { type: 'sort'; field: SortField }
  | { type: 'page'; page: number; totalPages: number };

const sameStatuses = (a: readonly AccountStatus[], b: readonly AccountStatus[]) => a.join() === b.join();

/**
 * Spec §5: changing the statuses, the search, the page size or the sort returns to page 1; the page only
 * moves within 1..total pages. Clicking the sorted column flips its direction; another
 * column starts ascending.
 */
export function changeListQuery(query: ListQuery, change: ListQueryChange): ListQuery {
  switch (change.type) {
    case 'statuses':
      return sameStatuses(change.statuses, query.statuses) ? query : { ...query, statuses: change.statuses, page: 1 };
    case 'search':
      return change.searchTerm === query.searchTerm ? query : { ...query, searchTerm: change.searchTerm, page: 1 };
    case 'pageSize':
      return change.limit === query.limit ? query : { ...query, limit: change.limit, page: 1 };
    case 'sort':
      return change.field === query.sortField
        ? { ...query, sortOrder: query.sortOrder === 'asc' ? 'desc' : 'asc', page: 1 }
        : { ...query, sortField: change.field, sortOrder: 'asc', page: 1 };
    case 'page':
      if (
        !Number.isInteger(change.page) ||
        change.page < 1 ||
        change.page > change.totalPages ||
        change.page === query.page
      )
        return query;
      return { ...query, page: change.page };
  }
}

/** The query string of GET /admin/users: `status` repeated, then the paging, search and sort. */
export function listQueryString(query: ListQuery): string {
  const pairs: [string, string | number][] = [
    ...query.statuses.map((status): [string, string] => ['status', status]),
    ['page', query.page],
    ['limit', query.limit],
    ['searchTerm', query.searchTerm],
    ['sortField', query.sortField],
    ['sortOrder', query.sortOrder],
  ];
  return pairs.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
}

export const isPageSize = (value: number): value is PageSize => (adminPageSizes as readonly number[]).includes(value);
