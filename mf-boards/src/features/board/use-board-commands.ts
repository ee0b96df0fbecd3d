import { registerCommands } from '@trackboard/web-kit';
import { useEffect } from 'react';
import { useBoardStore } from '../../shared/board-store';
import { useProjectArchived } from '../../shared/board-store/use-project-archived';

/**
 * What the board offers the shell's command palette and shortcuts while it is shown (issue
 * #13): "Create issue on this board", which `c` also runs. Registered through web-kit, so the
 * shell never imports mf-boards; withdrawn when the board leaves the screen.
 */
export function useBoardCommands(boardId: string | undefined): void {
  const hasColumns = useBoardStore((s) => s.board !== null && s.loadedBoardId === boardId && s.columns.length > 0);
  // An archived project's board has no "+ Add Issue" to open.
  const archived = useProjectArchived();
  useEffect(() => {
    if (!hasColumns || archived) return;
    return registerCommands('mf-boards', [
      {
        id: 'board.create-issue',
        label: 'Create issue on this board',
        group: 'Board',
        keywords: ['add issue', 'new issue'],
        shortcut: 'c',
        run: openAddIssueInFirstColumn,
      },
    ]);
  }, [hasColumns, archived]);
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
  const buttons = column ? [...column.querySelectorAll('button')] : [];
  buttons.find((button) => button.getAttribute('aria-label')?.startsWith('+ Add Issue'))?.click();
}
