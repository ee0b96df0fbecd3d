import type { ProjectProgress } from '@trackboard/contracts';
import { api } from '@trackboard/web-kit';
import useSWR from 'swr';
import { readOptions } from '../../projects-api';

// A project's progress (the board service's, read from its issues' history).

const progressPath = (key: string) => `/projects/${encodeURIComponent(key)}/progress`;

/** GET /projects/{key}/progress. */
export function useProjectProgress(key: string) {
  return useSWR(['progress', key] as const, ([, k]) => api.get<ProjectProgress>(progressPath(k)), readOptions);
}
