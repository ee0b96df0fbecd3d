import type { EstimateScale, MemberRole, ProjectDto } from '@trackboard/contracts';
import { api, ApiError, retryUnlessClientError } from '@trackboard/web-kit';
import useSWR, { type SWRConfiguration } from 'swr';

// The project service calls, shared by this remote's features: the projects list, the details
// screen and the /board/{key} redirect all read the same project objects.

const projectPath = (key: string) => `/projects/${encodeURIComponent(key)}`;

export type ProjectChanges = {
  name?: string;
  description?: string;
  estimateScale?: EstimateScale;
  viewersMayComment?: boolean;
};
/** POST /projects: the description is optional. */
export type NewProject = { name: string; key: string; description?: string };

export const projectsApi = {
  /** Archived projects are left out unless asked for. */
  list: (withArchived = false) => api.get<ProjectDto[]>(withArchived ? '/projects?archived=true' : '/projects'),
  get: (key: string) => api.get<ProjectDto>(projectPath(key)),
  create: (input: NewProject) => api.post<ProjectDto>('/projects', input),
  remove: (key: string) => api.delete<void>(projectPath(key)),
  update: (key: string, changes: ProjectChanges | { leadId: string }) => api.put<ProjectDto>(projectPath(key), changes),
  addMember: (key: string, email: string, role: MemberRole) =>
    api.post<ProjectDto>(`${projectPath(key)}/members`, { email, role }),
  changeRole: (key: string, userId: string, role: MemberRole) =>
    api.patch<ProjectDto>(`${projectPath(key)}/members/${encodeURIComponent(userId)}`, { role }),
  removeMember: (key: string, userId: string) =>
    api.delete<ProjectDto>(`${projectPath(key)}/members/${encodeURIComponent(userId)}`),
  archive: (key: string) => api.post<ProjectDto>(`${projectPath(key)}/archive`),
  unarchive: (key: string) => api.post<ProjectDto>(`${projectPath(key)}/unarchive`),
};

/** swr cache keys: the list (with or without archived projects), one per project key. */
export const projectKeys = {
  list: (withArchived = false) => ['projects', withArchived] as const,
  one: (key: string) => ['project', key] as const,
  /** Matches both lists, for a change that moves a project in or out of them. */
  isList: (key: unknown) => Array.isArray(key) && key[0] === 'projects',
};

export const readOptions: SWRConfiguration = { shouldRetryOnError: retryUnlessClientError };

/** One project by key (GET /projects/{key}); no call without a key. */
export function useProject(key: string | undefined) {
  return useSWR(key ? projectKeys.one(key) : null, ([, k]) => projectsApi.get(k), readOptions);
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
