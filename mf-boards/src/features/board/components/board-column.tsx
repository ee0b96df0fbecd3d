import type { IssueDto } from '@trackboard/contracts';
import { memo, useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { useDrop } from 'react-dnd';
import { uiMessages } from '../../../ui-messages';
import type { BoardColumn as Column } from '../../../shared/board-store/board-model';
import { droppedColumnIndex } from '../../../shared/board-store/column-model';
import { useBoardStore } from '../../../shared/board-store';
import { AddIssueForm } from './add-issue-form';
import { CardList, VIRTUALISE_AFTER } from './card-list';
import { COLUMN_ITEM, ColumnHeader, type DraggedColumn } from './column-header';
import { ISSUE_ITEM, IssueCard, type DraggedIssue } from './issue-card';
import { currentCardIndex } from './use-card-focus';
import styles from './board.module.css';
import columnStyles from './columns.module.css';

interface BoardColumnProps {
  column: Column;
  /** The column's full count while a filter hides some of its cards. */
  total?: number;
  /** Its place on the board and how many columns there are (for moving it left or right). */
  index: number;
  columnCount: number;
  /** The lead or an admin: the column menu, and the header drags the column. */
  canArrange: boolean;
  /** The project is archived: no "+ Add Issue", and its cards do not move. */
  readOnly: boolean;
  /** Bumped when a card was moved in past the column's WIP limit: the column flashes (0: never). */
  flash: number;
  /** The card the keyboard is moving, if any. */
  liftedIssueId: string | null;
  /** The card last focused in this column, if any: the column's tab stop while it is here. */
  currentIssueId: string | undefined;
  /** Bumped when the keyboard moves the focus to a card of this column (0 otherwise). */
  revealRequest: number;
  instructionsId: string;
  onOpen(issueId: string): void;
  onCardKeyDown(event: KeyboardEvent, issueId: string): void;
  onCardFocus(issueId: string, columnId: string): void;
  onDropAt(item: DraggedIssue, columnId: string, insertAt: number): void;
  onAdd(columnId: string, title: string, description: string): Promise<boolean>;
}

/**
 * A column (spec §2.11): name, issue count, a drop zone, its cards, "Empty column", "+ Add Issue".
 * It also takes a dragged column header: dropped on its left or right half, the
 * dragged column goes before or after it.
 * Memoised: a filter keystroke that leaves a column's cards as they were skips it.
 */
export const BoardColumn = memo(function BoardColumn({
  column,
  total,
  index,
  columnCount,
  canArrange,
  readOnly,
  flash,
  liftedIssueId,
  currentIssueId,
  revealRequest,
  instructionsId,
  onOpen,
  onCardKeyDown,
  onCardFocus,
  onDropAt,
  onAdd,
}: BoardColumnProps) {
  // State, not a ref: the card list's virtualiser looks for its scroll element in its own layout
  // effect, which runs before this element's ref is set; the state update draws it again with it.
  const [body, setBody] = useState<HTMLDivElement | null>(null);
  const count = column.issues.length;
  const sectionRef = useRef<HTMLElement | null>(null);
  const [side, setSide] = useState<'before' | 'after'>('before');
  const sideAt = (x: number | undefined) => {
    const rect = sectionRef.current?.getBoundingClientRect();
    if (!rect || x === undefined) return 'before';
    return x > rect.left + rect.width / 2 ? 'after' : 'before';
  };
  const [{ cardOver, columnOver }, drop] = useDrop<
    DraggedIssue | DraggedColumn,
    { handled: true } | undefined,
    { cardOver: boolean; columnOver: boolean }
  >(
    () => ({
      accept: [ISSUE_ITEM, COLUMN_ITEM],
      hover: (item, monitor) => {
        if (monitor.getItemType() === COLUMN_ITEM) setSide(sideAt(monitor.getClientOffset()?.x));
      },
      drop: (item, monitor) => {
        if (monitor.didDrop()) return undefined;
        if (monitor.getItemType() === COLUMN_ITEM) {
          const dragged = item as DraggedColumn;
          const at = droppedColumnIndex(dragged.index, index, sideAt(monitor.getClientOffset()?.x));
          void useBoardStore.getState().moveColumn(dragged.columnId, at);
          return { handled: true };
        }
        // A card drop that no card took lands at the end of the column.
        onDropAt(item as DraggedIssue, column.id, count);
        return { handled: true };
      },
      collect: (monitor) => {
        const over = monitor.isOver();
        const type = monitor.getItemType();
        const item = monitor.getItem<DraggedColumn | null>();
        return {
          cardOver: over && type === ISSUE_ITEM,
          // Over itself, a dragged column marks no place.
          columnOver: over && type === COLUMN_ITEM && item?.columnId !== column.id,
        };
      },
    }),
    [column.id, count, index, onDropAt],
  );
  const headingId = `column-${column.id}-name`;
  const currentIndex = currentCardIndex(column.issues, currentIssueId);
  const renderCard = useCallback(
    (issue: IssueDto, index: number, current: boolean) => (
      <IssueCard
        issue={issue}
        columnId={column.id}
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
    [column.id, liftedIssueId, readOnly, instructionsId, onOpen, onCardKeyDown, onCardFocus, onDropAt],
  );

  return (
    <section
      ref={(node) => {
        sectionRef.current = node;
        drop(node);
      }}
      className={[
        styles.column,
        cardOver ? styles.columnOver : '',
        columnOver ? (side === 'before' ? columnStyles.dropBefore : columnStyles.dropAfter) : '',
        // Two names for one flash, so a second warning in a row starts it again.
        flash ? (flash % 2 ? columnStyles.wipFlashOdd : columnStyles.wipFlashEven) : '',
      ]
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={headingId}
      data-column-id={column.id}
    >
      <ColumnHeader
        column={column}
        total={total}
        headingId={headingId}
        index={index}
        columnCount={columnCount}
        canArrange={canArrange}
      />
      <div ref={setBody} className={styles.columnBody}>
        {count === 0 ? (
          <p className={styles.empty}>{total ? uiMessages.noMatchingIssues : uiMessages.emptyColumn}</p>
        ) : null}
        {count > 0 || (total ?? 0) > VIRTUALISE_AFTER ? (
          <CardList
            issues={column.issues}
            columnSize={total ?? count}
            scrollElement={body}
            currentIndex={currentIndex}
            revealRequest={revealRequest}
            renderCard={renderCard}
          />
        ) : null}
      </div>
      {readOnly ? null : (
        <footer className={styles.columnFooter}>
          <AddIssueForm columnName={column.name} onAdd={(title, description) => onAdd(column.id, title, description)} />
        </footer>
      )}
    </section>
  );
});
