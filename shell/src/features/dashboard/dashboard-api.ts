import type { AdminDashboardDto, DashboardDto } from '@trackboard/contracts';
import { api, isAdmin, retryUnlessClientError, serverMessage, useSession } from '@trackboard/web-kit';
import useSWR from 'swr';
import { uiMessages } from '../../ui-messages';

// What the dashboard says when it cannot load (spec §8.2), word for word.
export const dashboardMessages = {
  get loadFailed() {
    return uiMessages.dashboardLoadFailed;
  },
  get adminLoadFailed() {
    return uiMessages.adminDashboardLoadFailed;
  },
  get unexpected() {
    return uiMessages.unexpectedError;
  },
};

/**
 * GET /dashboard failed: the server's message, else the default. This is the
 * "error is a string" case of the spec; anything else the screen shows as unexpected.
 */
export class DashboardLoadError extends Error {
  constructor(readonly reason: unknown) {
    super(serverMessage(reason) ?? dashboardMessages.loadFailed);
    this.name = 'DashboardLoadError';
  }
}

/**
 * An answer whose lists or counts are missing would break the screen halfway through
 * drawing; it is refused here instead and shown as an unexpected error.
 */
function isDashboard(value: unknown): value is DashboardDto {
  if (!value || typeof value !== 'object') return false;
  const answer = value as Partial<Record<keyof DashboardDto, unknown>>;
  const stats = answer.stats as Partial<Record<keyof DashboardDto['stats'], unknown>> | undefined;
  return (
    Array.isArray(answer.recentProjects) &&
    Array.isArray(answer.assignedIssues) &&
    Array.isArray(answer.recentActivity) &&
    typeof answer.openAssignedCount === 'number' &&
    typeof stats?.activeProjects === 'number' &&
    typeof stats.totalTasks === 'number'
  );
}

export const dashboardApi = {
  /** Spec §7.3: the caller's projects, issues, activity (newest first) and counts. */
  async load(): Promise<DashboardDto> {
    let answer: unknown;
    try {
      answer = await api.get<unknown>('/dashboard');
    } catch (error) {
      throw new DashboardLoadError(error);
    }
    if (!isDashboard(answer)) throw new TypeError('GET /dashboard answered something that is not a dashboard');
    return answer;
  },
  /** Spec §7.3: the administrators' counts (accounts by status, the longest waiting). */
  loadAdmin: () => api.get<AdminDashboardDto>('/dashboard/admin'),
};

/** What the error box says for a failed load. */
export function loadFailureText(error: unknown): string {
  return error instanceof DashboardLoadError ? error.message : dashboardMessages.unexpected;
}

// A malformed answer will not change by asking again; a failed call follows the usual rule.
const worthRetrying = (error: unknown) => error instanceof DashboardLoadError && retryUnlessClientError(error.reason);

/**
 * The signed-in user's dashboard. Keyed by user, so someone signing in after someone else on
 * the same tab never sees the previous user's dashboard from the cache, even for a moment.
 */
export function useDashboard() {
  const userId = useSession((state) => state.user?.id ?? null);
  const { data, error, isLoading } = useSWR(['dashboard', userId], () => dashboardApi.load(), {
    shouldRetryOnError: worthRetrying,
  });
  return { dashboard: data, error: error as unknown, isLoading };
}

/** What the pending approvals card says when the admin dashboard fails. */
export const adminDashboardFailureText = (error: unknown) => serverMessage(error) ?? dashboardMessages.adminLoadFailed;

/** The admin dashboard, for an administrator only (asked for by no one else). */
export function useAdminDashboard() {
  const user = useSession((state) => state.user);
  const { data, error } = useSWR(isAdmin(user) ? ['admin-dashboard', user!.id] : null, () => dashboardApi.loadAdmin(), {
    shouldRetryOnError: retryUnlessClientError,
  });
  return { adminDashboard: data, error: error as unknown };
}
