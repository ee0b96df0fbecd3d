import { accountStatusOf, retryUnlessClientError, useSession } from '@trackboard/web-kit';
import useSWR from 'swr';
import { authApi } from './auth-api';

/** How often a shown pending page asks whether an administrator has decided. */
export const approvalPollMs = 30_000;

/**
 * The signed-in account's status, kept fresh while it awaits approval: asked again when the
 * window regains focus and every 30 s while the page is visible (swr pauses the polling for a
 * hidden tab), each answer merged into the session. Not on mount: the page is only reached
 * right after sign-in or the app start's profile check, both of which just asked.
 */
export function useApprovalWatch(): string | undefined {
  const user = useSession((state) => state.user);
  const status = user ? accountStatusOf(user) : undefined;
  useSWR(status === 'PENDING_APPROVAL' ? ['account-status', user?.id ?? null] : null, () => authApi.profile(), {
    revalidateOnMount: false,
    revalidateOnFocus: true,
    refreshInterval: approvalPollMs,
    shouldRetryOnError: retryUnlessClientError,
    onSuccess: (profile) => {
      // An answer that arrives after a logout or another sign-in belongs to no one shown here.
      if (useSession.getState().user?.id === String(profile.id)) useSession.getState().updateUser(profile);
    },
  });
  return status;
}
