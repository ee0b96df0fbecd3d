import type {
  AccountRole,
  MessageResponse,
  ModerationResponse,
  PendingUsersResponse,
  SuspensionRequest,
} from '@trackboard/contracts';
import { api, apiRequest, retryUnlessClientError } from '@trackboard/web-kit';
import useSWR from 'swr';
import { listQueryString, type ListQuery } from '../../shared/list-query';

// The Users page's calls. The list is the approval list's call without its statuses.

const userPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;
/** An empty reason is left out: it is optional everywhere. */
const withReason = <T extends object>(body: T, reason: string) => (reason ? { ...body, reason } : body);

export const usersApi = {
  list: (query: ListQuery) => api.get<PendingUsersResponse>(`/admin/users?${listQueryString(query)}`),
  setRole: (id: string, role: AccountRole, reason: string) =>
    api.put<ModerationResponse>(`${userPath(id)}/role`, withReason({ role }, reason)),
  setStatus: (id: string, status: SuspensionRequest['status'], reason: string) =>
    api.put<ModerationResponse>(`${userPath(id)}/status`, withReason({ status }, reason)),
  resendVerification: (id: string) => api.post<MessageResponse>(`${userPath(id)}/resend-verification`),
  /** Spec §7.5's DELETE /users/:id, with the reason for the log in its body. */
  remove: (id: string, reason: string) =>
    apiRequest<{ id: string }>(`/users/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      body: withReason({}, reason),
    }),
};

/** One page of accounts; the previous page stays on screen while the next loads, as on the approval list. */
export function useUsers(query: ListQuery, onLoaded: (page: PendingUsersResponse) => void) {
  return useSWR(['admin-all-users', listQueryString(query)] as const, () => usersApi.list(query), {
    keepPreviousData: true,
    onSuccess: onLoaded,
    shouldRetryOnError: retryUnlessClientError,
  });
}
