import { boardApi, whenArchivedRefusal } from './api';
import type { BoardSliceCreator, BoardState, ProjectSlice } from './types';

export const noProject = { project: null } satisfies Partial<ProjectSlice>;

/**
 * Whether the shown board's project is archived: read-only. Not while the project is
 * unknown: the server still refuses every write then, and the first refusal asks again.
 */
export const selectArchived = (state: BoardState): boolean =>
  state.project !== null && state.project.key === state.board?.projectKey && Boolean(state.project.archivedAt);

export const createProjectSlice: BoardSliceCreator<ProjectSlice> = (set, get) => {
  // The latest request wins: a refetch after a refusal may overtake the first read.
  let asked = 0;
  const slice: ProjectSlice = {
    ...noProject,

    async fetchProject(projectKey) {
      const request = ++asked;
      try {
        const project = await boardApi.fetchProject(projectKey);
        // Another board (or none) is shown by now, or a later request went out.
        if (request !== asked || get().board?.projectKey !== projectKey) return;
        // An older server says nothing of archiving: not archived.
        set({ project: { key: projectKey, name: project.name, archivedAt: project.archivedAt ?? null } });
      } catch {
        // Kept as it was: the breadcrumb names the project by its key, and the server still
        // refuses the writes of an archived project (with its own message).
      }
    },
  };
  whenArchivedRefusal(() => {
    const projectKey = get().board?.projectKey;
    if (projectKey) void get().fetchProject(projectKey);
  });
  return slice;
};
