import type { ProjectDto } from '@trackboard/contracts';
import { boardApi, whenArchivedRefusal } from './api';
import type { BoardSliceCreator, BoardState } from './types';

/** What the board knows of its project: the breadcrumb's name, and whether it is archived. */
export type BoardProject = Pick<ProjectDto, 'key' | 'name' | 'archivedAt'>;

/**
 * The shown board's project, from GET /projects/{key}: one request when the board opens (the
 * breadcrumb's), and another only when a change is refused because the project was
 * archived meanwhile, so the board turns read-only without a reload.
 */
export interface ProjectSlice {
  /** As last read; null before that, or when it cannot be read (the breadcrumb shows the key). */
  project: BoardProject | null;
  fetchProject(projectKey: string): Promise<void>;
}

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
