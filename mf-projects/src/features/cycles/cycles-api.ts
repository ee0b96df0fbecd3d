import type { CycleReport, ProjectCycles, UpdateCycleSettingsRequest } from '@trackboard/contracts';
import { api } from '@trackboard/web-kit';
import useSWR from 'swr';
import { readOptions } from '../../projects-api';

// A project's cycles (the board service's): the plan and the cycles on the project's page, one
// cycle's issues and burn-up on its own page.

const cyclesPath = (key: string) => `/projects/${encodeURIComponent(key)}/cycles`;

export const cyclesApi = {
  configure: (key: string, changes: UpdateCycleSettingsRequest) => api.put<ProjectCycles>(cyclesPath(key), changes),
};

export function useProjectCycles(key: string) {
  return useSWR(['cycles', key] as const, ([, k]) => api.get<ProjectCycles>(cyclesPath(k)), readOptions);
}

export function useCycleReport(id: string) {
  return useSWR(
    ['cycle', id] as const,
    ([, i]) => api.get<CycleReport>(`/cycles/${encodeURIComponent(i)}`),
    readOptions,
  );
}
