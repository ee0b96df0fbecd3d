import type { IssueDto } from '@trackboard/contracts';
import { memo, useCallback, useState, type KeyboardEvent } from 'react';
import { useDrop } from 'react-dnd';
import type { BoardColumn } from '../../shared/board-store/board-model';
import { CardList, currentCardIndex, ISSUE_ITEM, IssueCard, type DraggedIssue } from '../board';
import styles from './swimlanes.module.css';

interface LaneCellProps {
  /** The lane's part of a column: its id is the cell's (lane-model's `cellId`). */
  cell: BoardColumn;
  /** The column's heading and the lane's title: the cell's name ("To Do Ada Lovelace"). */
  labelledBy: string;
  readOnly: boolean;
  liftedIssueId: string | null;
  /** The card last focused in this cell, if any: the cell's tab stop while it is here. */
  currentIssueId: string | undefined;
  revealRequest: number;
  instructionsId: string;
  onOpen(issueId: string): void;
  onCardKeyDown(event: KeyboardEvent, issueId: string): void;
  onCardFocus(issueId: string, cellId: string): void;
  onDropAt(item: DraggedIssue, cellId: string, insertAt: number): void;
}

/**
 * A lane's part of a column: a drop zone with the lane's cards of that column, drawn by the
 * board's own cards (a drag, a drop on a card, its keys). The board's column header is drawn once
 * above the lanes, so a cell has neither header nor "+ Add Issue".
 */
export const LaneCell = memo(function LaneCell({
  cell,
  labelledBy,
  readOnly,
  liftedIssueId,
  currentIssueId,
  revealRequest,
  instructionsId,
  onOpen,
  onCardKeyDown,
  onCardFocus,
  onDropAt,
}: LaneCellProps) {
  // State, not a ref: the card list's virtualiser looks for its scroll element in its own layout
  // effect, which runs before a ref would be set (as in the board's column).
  const [body, setBody] = useState<HTMLDivElement | null>(null);
  const count = cell.issues.length;
  const [{ over }, drop] = useDrop<DraggedIssue, { handled: true } | undefined, { over: boolean }>(
    () => ({
      accept: ISSUE_ITEM,
      drop: (item, monitor) => {
        if (monitor.didDrop()) return undefined;
        // A drop that no card took lands after the cell's last card.
        onDropAt(item, cell.id, count);
        return { handled: true };
      },
      collect: (monitor) => ({ over: monitor.isOver() }),
    }),
    [cell.id, count, onDropAt],
  );
  const renderCard = useCallback(
    (issue: IssueDto, index: number, current: boolean) => (
      <IssueCard
        issue={issue}
        columnId={cell.id}
        index={index}
        lifted={issue.id === liftedIssueId}
        readOnly={readOnly}
        current={current}
        instructionsId={instructionsId}
        onOpen={onOpen}
        onKeyDown={onCardKeyDown}
        onFocusCard={onCardFocus}
        onDropAt={onDropAt}
      />
    ),
    [cell.id, liftedIssueId, readOnly, instructionsId, onOpen, onCardKeyDown, onCardFocus, onDropAt],
  );

  return (
    <div
      ref={(node) => {
        drop(node);
      }}
      role="group"
      aria-labelledby={labelledBy}
      className={`${styles.cell} ${over ? styles.cellOver : ''}`}
      data-cell={cell.id}
    >
      <div ref={setBody} className={styles.cellBody}>
        {count > 0 ? (
          <CardList
            issues={cell.issues}
            columnSize={count}
            scrollElement={body}
            currentIndex={currentCardIndex(cell.issues, currentIssueId)}
            revealRequest={revealRequest}
            renderCard={renderCard}
          />
        ) : null}
      </div>
    </div>
  );
});
