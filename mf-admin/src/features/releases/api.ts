import type { ReleasesResponse, ReleaseUpdateRequest, ReleaseUpdateResponse, RemoteName } from '@trackboard/contracts';
import { api, retryUnlessClientError } from '@trackboard/web-kit';
import useSWR from 'swr';

// The Releases page's calls: the gateway's release table, and a change to one remote's row.

export const releasesApi = {
  list: () => api.get<ReleasesResponse>('/admin/releases'),
  update: (remote: RemoteName, body: ReleaseUpdateRequest) =>
    api.put<ReleaseUpdateResponse>(`/admin/releases/${encodeURIComponent(remote)}`, body),
};

/** Every remote's releases and the changes made to them. */
export function useReleases() {
  return useSWR('admin-releases', releasesApi.list, { shouldRetryOnError: retryUnlessClientError });
}
