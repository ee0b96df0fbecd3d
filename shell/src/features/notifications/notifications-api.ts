import type { IssueDto, NotificationList, NotificationSettings } from '@trackboard/contracts';
import { api } from '@trackboard/web-kit';

/** A page of the panel's list. */
export const PANEL_PAGE_SIZE = 20;

/** The answer to `POST /notifications/read`: the count left, when the service says it. */
type ReadAnswer = { unreadCount?: number } | undefined;

// The notification service's routes, as the shell calls them.
export const notificationsApi = {
  /** The unread count alone: one unread notification asked for, the count comes with it. */
  unreadCount: () => api.get<NotificationList>('/notifications?unread=true&limit=1').then((list) => list.unreadCount),
  page: (before?: string) =>
    api.get<NotificationList>(
      `/notifications?limit=${PANEL_PAGE_SIZE}${before ? `&before=${encodeURIComponent(before)}` : ''}`,
    ),
  markRead: (ids: string[]) => api.post<ReadAnswer>('/notifications/read', { ids }),
  markAllRead: () => api.post<ReadAnswer>('/notifications/read', { all: true }),
  settings: () => api.get<NotificationSettings>('/notifications/settings'),
  updateSettings: (changes: Partial<NotificationSettings>) =>
    api.put<NotificationSettings>('/notifications/settings', changes),
  /** Where an issue's notification leads: its board, found by the issue's key. */
  issueByKey: (key: string) => api.get<IssueDto>(`/issues/by-key/${encodeURIComponent(key)}`),
};
