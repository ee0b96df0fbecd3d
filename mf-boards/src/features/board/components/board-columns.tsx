import { useCallback, useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { DndProvider } from 'react-dnd';
import { uiMessages } from '../../../ui-messages';
import type { BoardColumn as Column, MoveRequest } from '../../../shared/board-store/board-model';
import { useBoardStore } from '../../../shared/board-store';
import { clearSelection, setSelectionOrder, toggleSelected, useIssueSelection } from '../../../shared/issue-selection';
import { useCanArrange } from '../use-can-arrange';
import { useBoardReadOnly } from '../../../shared/board-store/use-board-access';
import { EdgeScroll } from './edge-scroll';
import { AddColumn } from './add-column';
import { BoardColumn } from './board-column';
import { dndPipeline, MultiBackend } from './dnd-backend';
import type { DraggedIssue } from './issue-card';
import { useCardFocus } from './use-card-focus';
import { useKeyboardDrag } from './use-keyboard-drag';
import { TouchDragPreview } from './touch-drag-preview';
import { useReturnFocus } from './use-return-focus';
import styles from './board.module.css';

interface BoardColumnsProps {
  /** The columns' element id: where the page's "Skip to board" link leads. */
  id: string;
  columns: Column[];
  /** While a filter hides cards: each column's full count, by column id. */
  totals?: ReadonlyMap<string, number>;
  onMove(move: MoveRequest): void;
  onOpen(issueId: string): void;
  onAdd(columnId: string, title: string, description: string): Promise<boolean>;
}

/**
 * The columns side by side, scrolling sideways.
 * Cards move by mouse or by touch (react-dnd; a long press picks a card up on phones and tablets)
 * or by keyboard; all end in the same move action.
 * A column's cards are one tab stop, the arrow keys moving inside it.
 * The lead or an admin also arranges the columns: each header's menu, a header dragged
 * to another place, and "+ Add column" after the last one; what that changes, and a card moved
 * into a column past its WIP limit, is said in a polite live region.
 * On an archived project's board nothing moves: cards open by click or Enter, and no
 * drag, Space, "+ Add Issue" or column control is offered.
 */
export function BoardColumns({ id, columns, totals, onMove, onOpen, onAdd }: BoardColumnsProps) {
  const rootRef = useRef<HTMLDivElement | null>(null);
  const instructionsId = useId();
  // Also focuses the card the keyboard moved once it is drawn anew in another place.
  const { current, target, focusCard, onCardFocus } = useCardFocus(rootRef);
  const readOnly = useBoardReadOnly();
  const { drag, preview, announcement, onCardKeyDown } = useKeyboardDrag(columns, onMove, onOpen, focusCard, readOnly);
  useReturnFocus(preview, focusCard);
  // The cards get one handler for the life of the board, reading the current one: a new list of
  // columns (a delta, a filter keystroke) then redraws only the columns and cards that changed.
  const keyDownRef = useRef(onCardKeyDown);
  useLayoutEffect(() => {
    keyDownRef.current = onCardKeyDown;
  }, [onCardKeyDown]);
  const liftedRef = useRef(false);
  liftedRef.current = drag !== null;
  const onKeyDown = useCallback((event: KeyboardEvent, issueId: string) => {
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey && !liftedRef.current;
    // `x` picks the card for a bulk edit; Escape lets go of every card picked.
    if (plain && event.key === 'x') {
      event.preventDefault();
      toggleSelected(issueId);
    } else if (plain && event.key === 'Escape' && useIssueSelection.getState().ids.length > 0) clearSelection();
    else keyDownRef.current(event, issueId);
  }, []);
  // A shift-click picks the run of cards as drawn (the filter's).
  useEffect(() => setSelectionOrder(columns.flatMap((column) => column.issues.map((issue) => issue.id))), [columns]);
  const canArrange = useCanArrange();
  const wipFlash = useBoardStore((s) => s.wipFlash);
  const notice = useBoardStore((s) => s.columnNotice);

  // A mouse drop: `insertAt` counts the dragged card where it is now; the move wants its final index.
  const onDropAt = useCallback(
    (item: DraggedIssue, columnId: string, insertAt: number) => {
      const newPosition = item.columnId === columnId && item.index < insertAt ? insertAt - 1 : insertAt;
      onMove({ issueId: item.issueId, sourceColumnId: item.columnId, destinationColumnId: columnId, newPosition });
    },
    [onMove],
  );

  return (
    <DndProvider backend={MultiBackend} options={dndPipeline}>
      <p id={instructionsId} className={styles.visuallyHidden}>
        {readOnly ? uiMessages.cardInstructionsReadOnly : uiMessages.cardInstructions}
      </p>
      <EdgeScroll target={rootRef} />
      <div ref={rootRef} id={id} className={styles.columns} data-testid="board-columns">
        {preview.map((column, index) => (
          <BoardColumn
            key={column.id}
            column={column}
            total={totals?.get(column.id)}
            index={index}
            columnCount={preview.length}
            canArrange={canArrange}
            readOnly={readOnly}
            flash={wipFlash?.columnId === column.id ? wipFlash.seq : 0}
            liftedIssueId={drag?.issueId ?? null}
            currentIssueId={current.get(column.id)}
            revealRequest={target?.columnId === column.id ? target.request : 0}
            instructionsId={instructionsId}
            onOpen={onOpen}
            onCardKeyDown={onKeyDown}
            onCardFocus={onCardFocus}
            onDropAt={onDropAt}
            onAdd={onAdd}
          />
        ))}
        {canArrange ? <AddColumn /> : null}
      </div>
      <div className={styles.visuallyHidden} aria-live="assertive" aria-atomic="true" data-testid="drag-announcer">
        {announcement}
      </div>
      <div className={styles.visuallyHidden} aria-live="polite" aria-atomic="true" data-testid="column-announcer">
        {/* A new node per notice: the same words twice in a row are said twice. */}
        {notice ? <span key={notice.seq}>{notice.text}</span> : null}
      </div>
      <TouchDragPreview columns={preview} />
    </DndProvider>
  );
}
