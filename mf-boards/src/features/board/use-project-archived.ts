import { selectArchived, useBoardStore } from './store';

/**
 * Whether the shown board's project is archived (issue 15): the board is then read-only. The
 * server refuses every write with 409 "This project is archived.", so no control offers one.
 */
export function useProjectArchived(): boolean {
  return useBoardStore(selectArchived);
}
