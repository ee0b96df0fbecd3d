import { useEffect, useLayoutEffect, useRef } from 'react';
import type { BoardColumn } from '../../../shared/board-store/board-model';
import { useBoardStore } from '../../../shared/board-store';

/**
 * When the issue dialog closes (Escape, ×, the backdrop, Back: the selection is cleared), the
 * focus goes to that issue's card, also when the dialog was opened by its address
 * and the card never had the focus; a long column draws the card first. Radix cannot do it:
 * the dialog is opened by the address, not by a Dialog.Trigger, and with no trigger to go back
 * to the focus was left on <body>. A card not on the board (deleted, filtered out) is skipped.
 */
export function useReturnFocus(columns: BoardColumn[], focusCard: (issueId: string, columnId: string) => void) {
  const selectedIssueId = useBoardStore((state) => state.selectedIssueId);
  const columnsRef = useRef(columns);
  useLayoutEffect(() => {
    columnsRef.current = columns;
  }, [columns]);
  const last = useRef(selectedIssueId);

  useEffect(() => {
    const closed = last.current;
    last.current = selectedIssueId;
    if (!closed || selectedIssueId) return;
    const column = columnsRef.current.find((c) => c.issues.some((issue) => issue.id === closed));
    if (column) focusCard(closed, column.id);
  }, [selectedIssueId, focusCard]);
}
