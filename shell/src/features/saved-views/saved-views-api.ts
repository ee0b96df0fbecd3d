import {
  savedViewsKey,
  type CreateSavedViewRequest,
  type SavedViewDto,
  type UpdateSavedViewRequest,
} from '@trackboard/contracts';
import { api, retryUnlessClientError, useSession } from '@trackboard/web-kit';
import useSWR from 'swr';

/**
 * Saved views (board addresses under a name). `mine` feeds the sidebar and the palette; the
 * others are what a "Save view" button or a view's menu sends.
 */
export const savedViewsApi = {
  /** The caller's views and the shared ones of every project they belong to. */
  mine: () => api.get<SavedViewDto[]>('/views'),
  ofProject: (projectKey: string) => api.get<SavedViewDto[]>(`/projects/${encodeURIComponent(projectKey)}/views`),
  create: (projectKey: string, view: CreateSavedViewRequest) =>
    api.post<SavedViewDto>(`/projects/${encodeURIComponent(projectKey)}/views`, view),
  update: (id: string, changes: UpdateSavedViewRequest) =>
    api.patch<SavedViewDto>(`/views/${encodeURIComponent(id)}`, changes),
  remove: (id: string) => api.delete<void>(`/views/${encodeURIComponent(id)}`),
};

const none: SavedViewDto[] = [];

/**
 * The signed-in user's views, one request for the sidebar and the palette alike. Keyed by user,
 * so a new sign-in on the tab never shows the previous user's views. A failure leaves the list
 * empty: views are a shortcut, and every board is reachable without them.
 */
export function useSavedViews(): SavedViewDto[] {
  const userId = useSession((state) => state.user?.id ?? null);
  const { data } = useSWR(userId === null ? null : savedViewsKey(userId), () => savedViewsApi.mine(), {
    shouldRetryOnError: retryUnlessClientError,
  });
  return data ?? none;
}
