import type { ModerationLogResponse } from '@trackboard/contracts';
import { api, retryUnlessClientError } from '@trackboard/web-kit';
import useSWR from 'swr';
import type { PageSize } from '../../shared/list-query';

// The moderation log's one call: newest first, paged by the server, one account's rows or all.

export interface LogQuery {
  /** The account whose rows are shown; null: every account's. */
  userId: string | null;
  page: number;
  limit: PageSize;
}

export function logQueryString({ userId, page, limit }: LogQuery): string {
  return [...(userId ? [`userId=${encodeURIComponent(userId)}`] : []), `page=${page}`, `limit=${limit}`].join('&');
}

/** One page of the log; the previous page stays on screen while the next loads, as on the other lists. */
export function useModerationLog(query: LogQuery, onLoaded: (page: ModerationLogResponse) => void) {
  return useSWR(
    ['admin-moderation-log', logQueryString(query)] as const,
    () => api.get<ModerationLogResponse>(`/admin/moderation-log?${logQueryString(query)}`),
    { keepPreviousData: true, onSuccess: onLoaded, shouldRetryOnError: retryUnlessClientError },
  );
}
