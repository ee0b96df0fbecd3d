import { useBoardStore } from './board-store';
import { selectArchived } from './project-slice';

/**
 * Whether the shown board's project is archived: the board is then read-only. The
 * server refuses every write with 409 "This project is archived.", so no control offers one.
 */
export function useProjectArchived(): boolean {
  return useBoardStore(selectArchived);
}
