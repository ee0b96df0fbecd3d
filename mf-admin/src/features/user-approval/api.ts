import type { MessageResponse, ModerationResponse, PendingUsersResponse } from '@trackboard/contracts';
import { api, retryUnlessClientError } from '@trackboard/web-kit';
import useSWR from 'swr';
import { listQueryString, type ListQuery } from '../../shared/list-query';

// The admin service calls this screen makes.

const userPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

export const adminUsersApi = {
  list: (query: ListQuery) => api.get<PendingUsersResponse>(`/admin/users?${listQueryString(query)}`),
  approve: (id: string) => api.put<ModerationResponse>(`${userPath(id)}/approve`),
  /** An empty reason is left out: the spec's reason is optional (§5). */
  reject: (id: string, reason?: string) =>
    api.put<ModerationResponse>(`${userPath(id)}/reject`, reason ? { reason } : {}),
  resendVerification: (id: string) => api.post<MessageResponse>(`${userPath(id)}/resend-verification`),
};

/** swr key of one page of the list. */
export const pendingUsersKey = (query: ListQuery) => ['admin-users', listQueryString(query)] as const;

/**
 * One page of the pending users. The previous page stays on screen while the next loads
 * ("Refreshing user list..."), so the table does not jump.
 */
export function usePendingUsers(query: ListQuery, onLoaded: (page: PendingUsersResponse) => void) {
  return useSWR(pendingUsersKey(query), () => adminUsersApi.list(query), {
    keepPreviousData: true,
    onSuccess: onLoaded,
    shouldRetryOnError: retryUnlessClientError,
  });
}
