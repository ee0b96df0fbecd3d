import type { IssueDto } from '@trackboard/contracts';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useDrag, useDrop } from 'react-dnd';
import { uiMessages } from '../../../ui-messages';
import styles from './board.module.css';

export const ISSUE_ITEM = 'issue';

/** What a mouse drag carries: where the card was when the drag began. */
export interface DraggedIssue {
  issueId: string;
  columnId: string;
  index: number;
}

export interface IssueCardProps {
  issue: IssueDto;
  columnId: string;
  /** Index in the column as drawn. */
  index: number;
  /** Picked up with the keyboard. */
  lifted: boolean;
  instructionsId: string;
  onOpen(issueId: string): void;
  onKeyDown(event: KeyboardEvent, issueId: string): void;
  /** A mouse drop on this card: `insertAt` is the index in this column, counting the dragged card where it is now. */
  onDropAt(item: DraggedIssue, columnId: string, insertAt: number): void;
}

/** An issue card (spec §2.11): shows the title only; draggable; a click opens the issue. */
export function IssueCard({
  issue,
  columnId,
  index,
  lifted,
  instructionsId,
  onOpen,
  onKeyDown,
  onDropAt,
}: IssueCardProps) {
  const ref = useRef<HTMLDivElement | null>(null);
  const [edge, setEdge] = useState<'before' | 'after' | null>(null);

  const [{ isDragging }, drag] = useDrag(
    () => ({
      type: ISSUE_ITEM,
      item: (): DraggedIssue => ({ issueId: issue.id, columnId, index }),
      collect: (monitor) => ({ isDragging: monitor.isDragging() }),
    }),
    [issue.id, columnId, index],
  );

  const edgeAt = (y: number | undefined) => {
    const rect = ref.current?.getBoundingClientRect();
    if (!rect || y === undefined) return 'before';
    return y > rect.top + rect.height / 2 ? 'after' : 'before';
  };

  const [{ isOver }, drop] = useDrop<DraggedIssue, { handled: true }, { isOver: boolean }>(
    () => ({
      accept: ISSUE_ITEM,
      hover: (item, monitor) => setEdge(item.issueId === issue.id ? null : edgeAt(monitor.getClientOffset()?.y)),
      drop: (item, monitor) => {
        if (item.issueId !== issue.id)
          onDropAt(item, columnId, index + (edgeAt(monitor.getClientOffset()?.y) === 'after' ? 1 : 0));
        return { handled: true };
      },
      collect: (monitor) => ({ isOver: monitor.isOver({ shallow: true }) }),
    }),
    [issue.id, columnId, index, onDropAt],
  );

  const shownEdge = isOver ? edge : null;
  const className = [
    styles.card,
    isDragging ? styles.dragging : '',
    lifted ? styles.lifted : '',
    shownEdge === 'before' ? styles.dropBefore : '',
    shownEdge === 'after' ? styles.dropAfter : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      ref={(node) => {
        ref.current = node;
        drag(drop(node));
      }}
      className={className}
      role="button"
      tabIndex={0}
      aria-roledescription="draggable issue"
      aria-describedby={instructionsId}
      data-issue-id={issue.id}
      onClick={() => onOpen(issue.id)}
      onKeyDown={(event) => onKeyDown(event, issue.id)}
    >
      {issue.title || uiMessages.noTitle}
    </div>
  );
}
