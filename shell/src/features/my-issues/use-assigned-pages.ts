import type { AssignedIssuesPageDto } from '@trackboard/contracts';
import { api, errorReason, useSession } from '@trackboard/web-kit';
import { useRef } from 'react';
import useSWRInfinite from 'swr/infinite';
import { uiMessages } from '../../ui-messages';
import { assignedQuery, type MyIssuesFilter } from './my-issues-filter';

/** My Issues asks for this many at a time. */
export const assignedPageSize = 50;

export const myIssuesApi = {
  page: (filter: MyIssuesFilter, offset: number) =>
    api.get<AssignedIssuesPageDto>(`/dashboard/assigned?${assignedQuery(filter, assignedPageSize, offset)}`),
};

/**
 * The user's assigned issues under `filter`, a page at a time (GET /dashboard/assigned), and the
 * projects to choose from. Keyed by user and filter: another filter starts from its first page.
 */
export function useAssignedPages(filter: MyIssuesFilter) {
  const userId = useSession((state) => state.user?.id ?? null);
  const filterKey = assignedQuery(filter, assignedPageSize, 0);
  const { data, error, isLoading, isValidating, size, setSize } = useSWRInfinite(
    (index: number, previous: AssignedIssuesPageDto | null) =>
      previous && index * assignedPageSize >= previous.total
        ? null
        : (['my-issues', userId, filterKey, index] as const),
    ([, , , index]) => myIssuesApi.page(filter, index * assignedPageSize),
    { revalidateFirstPage: false, shouldRetryOnError: false },
  );
  const pages = data ?? [];
  const issues = pages.flatMap((page) => page.issues);
  const total = pages[0]?.total ?? 0;
  // The user's projects are the same whatever the filter: the choices stay while another loads.
  const projects = useRef<AssignedIssuesPageDto['projects']>([]);
  if (pages[0]) projects.current = pages[0].projects;
  return {
    issues,
    total,
    projects: projects.current,
    loaded: pages.length > 0,
    loading: isLoading || (isValidating && size > pages.length),
    error: error ? errorReason(error, uiMessages.tryAgain) : null,
    more: issues.length < total,
    showMore: () => void setSize(size + 1),
  };
}
