import type { IssueDto } from '@trackboard/contracts';
import { memo, useCallback, useState, type KeyboardEvent } from 'react';
import { useDrop } from 'react-dnd';
import { uiMessages } from '../../../ui-messages';
import type { BoardColumn as Column } from '../board-model';
import { AddIssueForm } from './add-issue-form';
import { CardList, VIRTUALISE_AFTER } from './card-list';
import { ISSUE_ITEM, IssueCard, type DraggedIssue } from './issue-card';
import { currentCardIndex } from './use-card-focus';
import styles from './board.module.css';

interface BoardColumnProps {
  column: Column;
  /** The column's full count while a filter hides some of its cards (issue 13). */
  total?: number;
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
 * Memoised: a filter keystroke that leaves a column's cards as they were (issue 13) skips it.
 */
export const BoardColumn = memo(function BoardColumn({
  column,
  total,
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
  const [{ isOver }, drop] = useDrop<DraggedIssue, { handled: true } | undefined, { isOver: boolean }>(
    () => ({
      accept: ISSUE_ITEM,
      // A drop that no card took lands at the end of the column.
      drop: (item, monitor) => {
        if (monitor.didDrop()) return undefined;
        onDropAt(item, column.id, count);
        return { handled: true };
      },
      collect: (monitor) => ({ isOver: monitor.isOver() }),
    }),
    [column.id, count, onDropAt],
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
        current={current}
        instructionsId={instructionsId}
        onOpen={onOpen}
        onKeyDown={onCardKeyDown}
        onFocusCard={onCardFocus}
        onDropAt={onDropAt}
      />
    ),
    [column.id, liftedIssueId, instructionsId, onOpen, onCardKeyDown, onCardFocus, onDropAt],
  );

  return (
    <section
      ref={(node) => {
        drop(node);
      }}
      className={`${styles.column} ${isOver ? styles.columnOver : ''}`}
      aria-labelledby={headingId}
      data-column-id={column.id}
    >
      <header className={styles.columnHeader}>
        <h2 id={headingId} className={styles.columnName}>
          {column.name}
        </h2>
        {total === undefined ? (
          <span className={styles.count} aria-label={`${count} ${count === 1 ? 'issue' : 'issues'}`}>
            {count}
          </span>
        ) : (
          <span className={styles.count} aria-label={uiMessages.filteredCount(count, total)}>
            {count}/{total}
          </span>
        )}
      </header>
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
      <footer className={styles.columnFooter}>
        <AddIssueForm columnName={column.name} onAdd={(title, description) => onAdd(column.id, title, description)} />
      </footer>
    </section>
  );
});
