import type { IssueAnswer } from './api';
import { useBoardStore } from './board-store';

/**
 * A change's answer for the shown board, as the store takes its own changes (a version gap
 * refetches): for a change made outside the store's actions (an undo, a cover, a parent), whose
 * echo from the board room the store skips as its own.
 */
export function applyAnswer(boardId: string, { boardVersion, rebalanced, ...issue }: IssueAnswer): void {
  const state = useBoardStore.getState();
  if (state.board?.id !== boardId) return;
  if (typeof boardVersion === 'number')
    state.applyOwnChange({ issues: [issue, ...(rebalanced ?? [])], version: boardVersion });
  else state.refreshBoard();
}
