import { registerCommands } from '@trackboard/web-kit';
import { useEffect } from 'react';
import { uiMessages } from '../../ui-messages';
import { useBoardStore } from '../../shared/board-store';
import { useBoardReadOnly } from '../../shared/board-store/use-board-access';

/**
 * What the board offers the shell's command palette and shortcuts while it is shown (issue
 * #13): "Create issue on this board", which `c` also runs. Registered through web-kit, so the
 * shell never imports mf-boards; withdrawn when the board leaves the screen.
 */
export function useBoardCommands(boardId: string | undefined): void {
  const hasColumns = useBoardStore((s) => s.board !== null && s.loadedBoardId === boardId && s.columns.length > 0);
  // A board the reader cannot change (archived, or they view it) has no "+ Add Issue" to open.
  const readOnly = useBoardReadOnly();
  useEffect(() => {
    if (!hasColumns || readOnly) return;
    return registerCommands('mf-boards', [
      {
        id: 'board.create-issue',
        label: uiMessages.createIssueCommand,
        group: uiMessages.commandGroup,
        keywords: ['add issue', 'new issue'],
        shortcut: 'c',
        run: openAddIssueInFirstColumn,
      },
    ]);
  }, [hasColumns, readOnly]);
}

/**
 * Opens "+ Add Issue" in the first column as a click on it would (the form keeps its own open
 * state and focuses its title); a form already open there gets the focus back instead.
 */
function openAddIssueInFirstColumn(): void {
  const column = document.querySelector('[data-column-id]');
  const openTitle = column?.querySelector<HTMLInputElement>('form input');
  if (openTitle) {
    openTitle.focus();
    return;
  }
  column?.querySelector<HTMLButtonElement>('button[data-add-issue]')?.click();
}
