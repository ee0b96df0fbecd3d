import type { SearchResult } from '@trackboard/contracts';
import { errorReason, useDebouncedValue, useSession } from '@trackboard/web-kit';
import useSWR from 'swr';
import { recentIssueKeys } from '../search/recent-issues';
import { uiMessages } from '../../ui-messages';
import { searchApi } from '../search/search-api';
import type { SearchContext } from '../search/search-context';

/** Typing pauses this long before a search goes out (results as you type). */
export const searchDebounceMs = 150;
/** The server refuses shorter text (contracts' SearchQuery). */
export const searchMinLength = 2;
/** A palette shows a handful; the server's default is 20. */
export const searchLimit = 10;

export interface SearchState {
  /**
   * The answer for the text typed; while the next one is on its way, the last answer, if the
   * text now typed only adds to or takes from the text it answered (results as you type).
   */
  result: SearchResult | undefined;
  /** `result` answers other text than what is typed now: shown, but not to be chosen. */
  stale: boolean;
  /** Waiting for the typing to pause, or for the answer. */
  searching: boolean;
  /** Why the latest search failed, in words. */
  error: string | null;
}

/** An answer and the text it answers. */
type Answer = { q: string; result: SearchResult };

/**
 * Issues and projects matching `text` (GET /api/search), the project on screen (`context`) and
 * the issues viewed lately first among equal matches. swr answers only for the text now typed,
 * so an older search that answers late is never shown; the key names the user, so a new sign-in
 * on the tab never sees the previous user's hits.
 */
export function useSearch(text: string, context: SearchContext = {}): SearchState {
  const typed = text.trim();
  const settled = useDebouncedValue(typed, searchDebounceMs);
  const userId = useSession((state) => state.user?.id ?? null);
  const ready = settled.length >= searchMinLength;
  const { data, error, isLoading } = useSWR(
    ready ? ['search', userId, settled, context.project ?? '', context.board ?? ''] : null,
    async ([, , q]): Promise<Answer> => ({
      q,
      result: await searchApi.find({ q, limit: searchLimit, context, recent: recentIssueKeys(userId) }),
    }),
    { keepPreviousData: true, shouldRetryOnError: false, revalidateOnFocus: false, revalidateOnReconnect: false },
  );
  const none = { result: undefined, stale: false };
  if (typed.length < searchMinLength) return { ...none, searching: false, error: null };
  const related = data && (typed.startsWith(data.q) || data.q.startsWith(typed));
  return {
    ...(error || !related ? none : { result: data.result, stale: data.q !== typed }),
    searching: typed !== settled || isLoading,
    error: error && typed === settled ? errorReason(error, uiMessages.searchFailed) : null,
  };
}
