import type { SearchResult } from '@trackboard/contracts';
import { errorReason, useSession } from '@trackboard/web-kit';
import useSWRInfinite from 'swr/infinite';
import { uiMessages } from '../../ui-messages';
import { recentIssueKeys } from './recent-issues';
import { searchApi } from './search-api';
import type { SearchContext } from './search-context';

/** The results page asks for this many at a time (the server's most). */
export const searchPageSize = 50;
/** The server refuses shorter text. */
export const searchMinLength = 2;

/**
 * Every issue matching `q`, a page at a time (GET /search with offset), and the projects the
 * first page found. Keyed by user, text and context, so another search starts from its first page.
 */
export function useSearchPages(q: string, context: SearchContext) {
  const userId = useSession((state) => state.user?.id ?? null);
  const ready = q.length >= searchMinLength;
  const { data, error, isLoading, isValidating, size, setSize } = useSWRInfinite(
    (index: number, previous: SearchResult | null) =>
      !ready || (previous && index * searchPageSize >= previous.total)
        ? null
        : (['search-page', userId, q, context.project ?? '', context.board ?? '', index] as const),
    ([, , text, , , index]) =>
      searchApi.find({
        q: text,
        limit: searchPageSize,
        offset: index * searchPageSize,
        context,
        recent: recentIssueKeys(userId),
      }),
    { revalidateFirstPage: false, revalidateOnFocus: false, shouldRetryOnError: false },
  );
  const pages = data ?? [];
  const issues = pages.flatMap((page) => page.issues);
  const total = pages[0]?.total ?? 0;
  return {
    issues,
    projects: pages[0]?.projects ?? [],
    total,
    loaded: pages.length > 0,
    loading: isLoading || (isValidating && size > pages.length),
    error: error ? errorReason(error, uiMessages.searchFailed) : null,
    more: issues.length < total,
    showMore: () => void setSize(size + 1),
  };
}
