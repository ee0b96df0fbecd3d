import type { BoardDto } from '@trackboard/contracts';
import { api } from '@trackboard/web-kit';
import { useProject } from '../../projects-api';

/** The board service's calls for a project's boards: add, rename, delete. */
export const boardsApi = {
  create: (projectId: string, name: string) =>
    api.post<BoardDto>(`/projects/${encodeURIComponent(projectId)}/boards`, { name }),
  rename: (boardId: string, name: string) => api.put<BoardDto>(`/boards/${encodeURIComponent(boardId)}`, { name }),
  remove: (boardId: string) => api.delete<void>(`/boards/${encodeURIComponent(boardId)}`),
};

/**
 * What the Boards section does. The board service answers with a board, not the
 * project, so after each change the project is fetched again: its boards, their order and
 * counts are the project service's to say.
 */
export function useProjectBoards(key: string, projectId: string) {
  const { mutate } = useProject(key);
  const thenRefresh = async (change: Promise<unknown>) => {
    await change;
    await mutate();
  };
  return {
    create: (name: string) => thenRefresh(boardsApi.create(projectId, name)),
    rename: (boardId: string, name: string) => thenRefresh(boardsApi.rename(boardId, name)),
    remove: (boardId: string) => thenRefresh(boardsApi.remove(boardId)),
  };
}
export type ProjectBoardActions = ReturnType<typeof useProjectBoards>;
