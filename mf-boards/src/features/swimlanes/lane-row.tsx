import { memo, useCallback, useId, useLayoutEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import type { MoveRequest } from '../../shared/board-store/board-model';
import { clearSelection, toggleSelected, useIssueSelection } from '../../shared/issue-selection';
import { useCardFocus, useKeyboardDrag, type DraggedIssue } from '../board';
import { LaneCell } from './lane-cell';
import { cellId, type Lane } from './lane-model';
import { swimlaneTexts } from './swimlane-texts';
import styles from './swimlanes.module.css';

interface LaneRowProps {
  lane: Lane;
  expanded: boolean;
  onToggle(laneKey: string): void;
  /** The id of a column's heading in the lanes' header row. */
  headingIdOf(columnId: string): string;
  readOnly: boolean;
  instructionsId: string;
  onOpen(issueId: string): void;
  /** A card moved by mouse or keyboard: source and destination are cell ids (lane-model's `cellId`). */
  onMove(move: MoveRequest): void;
  /** j or k on a card: the focus goes to the next or previous card of the lanes. */
  onStep(from: HTMLElement, by: 1 | -1): void;
}

/**
 * A lane: a heading whose button folds it away and back (with its title and count), and a cell
 * per column. Its cards keep the board's keys: a cell's cards are one tab stop, Up and Down move
 * the focus, Enter opens, Space picks a card up and the arrows carry it within the lane (a mouse
 * drag carries it to another lane too); j and k step through every lane's cards.
 * Memoised: folding one lane redraws only that one.
 */
export const LaneRow = memo(function LaneRow({
  lane,
  expanded,
  onToggle,
  headingIdOf,
  readOnly,
  instructionsId,
  onOpen,
  onMove,
  onStep,
}: LaneRowProps) {
  const rootRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const bodyId = useId();
  // The board's card parts know columns: here a column is the lane's cell, its id naming the lane too.
  const cells = useMemo(
    () => lane.cells.map((column) => ({ ...column, id: cellId(lane.key, column.id) })),
    [lane.cells, lane.key],
  );
  // Focus is found within the lane: a card with two labels is drawn in two lanes.
  const { current, target, focusCard, onCardFocus } = useCardFocus(rootRef);
  const { drag, preview, announcement, onCardKeyDown } = useKeyboardDrag(cells, onMove, onOpen, focusCard, readOnly);
  // The cards get one handler for the life of the lane, reading the current one (as on the board).
  const keyDownRef = useRef(onCardKeyDown);
  useLayoutEffect(() => {
    keyDownRef.current = onCardKeyDown;
  }, [onCardKeyDown]);
  const liftedRef = useRef(false);
  liftedRef.current = drag !== null;
  const onKeyDown = useCallback(
    (event: KeyboardEvent, issueId: string) => {
      const plain = !event.ctrlKey && !event.metaKey && !event.altKey && !liftedRef.current;
      if (plain && (event.key === 'j' || event.key === 'k')) {
        event.preventDefault();
        onStep(event.currentTarget as HTMLElement, event.key === 'j' ? 1 : -1);
      } else if (plain && event.key === 'x') {
        // `x` picks the card for a bulk edit, Escape lets go of every card picked (as on the board).
        event.preventDefault();
        toggleSelected(issueId);
      } else if (plain && event.key === 'Escape' && useIssueSelection.getState().ids.length > 0) clearSelection();
      else keyDownRef.current(event, issueId);
    },
    [onStep],
  );
  // A mouse drop: `insertAt` counts the dragged card where it is now; the move wants its final index.
  const onDropAt = useCallback(
    (item: DraggedIssue, cell: string, insertAt: number) => {
      const newPosition = item.columnId === cell && item.index < insertAt ? insertAt - 1 : insertAt;
      onMove({ issueId: item.issueId, sourceColumnId: item.columnId, destinationColumnId: cell, newPosition });
    },
    [onMove],
  );

  return (
    <section ref={rootRef} className={styles.lane} aria-labelledby={titleId} data-lane={lane.key}>
      <h2 className={styles.laneHeading}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => onToggle(lane.key)}
        >
          <span className={styles.chevron} aria-hidden="true">
            ▸
          </span>
          <span id={titleId}>{lane.title}</span>
          <span className={styles.laneCount}>{swimlaneTexts.laneCount(lane.count)}</span>
        </button>
      </h2>
      <div id={bodyId} className={styles.cells} hidden={!expanded}>
        {expanded
          ? preview.map((cell, index) => (
              <LaneCell
                key={cell.id}
                cell={cell}
                labelledBy={`${headingIdOf(lane.cells[index]?.id ?? '')} ${titleId}`}
                readOnly={readOnly}
                liftedIssueId={drag?.issueId ?? null}
                currentIssueId={current.get(cell.id)}
                revealRequest={target?.columnId === cell.id ? target.request : 0}
                instructionsId={instructionsId}
                onOpen={onOpen}
                onCardKeyDown={onKeyDown}
                onCardFocus={onCardFocus}
                onDropAt={onDropAt}
              />
            ))
          : null}
      </div>
      <div className={styles.visuallyHidden} aria-live="assertive" aria-atomic="true">
        {announcement}
      </div>
    </section>
  );
});
