import type { IssueDto } from '@trackboard/contracts';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useDrag, useDrop } from 'react-dnd';
import { attachToIssue, useFileDrop } from '../../attachments';
import { preloadIssueDialog } from '../../issue-dialog';
import { useBoardStore } from '../../../shared/board-store';
import { selectByClick, useIssueSelection } from '../../../shared/issue-selection';
import { uiMessages } from '../../../ui-messages';
import { IssueCardFace } from './issue-card-face';
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
  /** The project is archived: the card opens but does not move. */
  readOnly: boolean;
  /** The column's current card: its one tab stop (a roving tabindex). */
  current: boolean;
  instructionsId: string;
  onOpen(issueId: string): void;
  onKeyDown(event: KeyboardEvent, issueId: string): void;
  /** The card got the focus (a click, Tab): it becomes its column's tab stop. */
  onFocusCard(issueId: string, columnId: string): void;
  /** A mouse drop on this card: `insertAt` is the index in this column, counting the dragged card where it is now. */
  onDropAt(item: DraggedIssue, columnId: string, insertAt: number): void;
}

/**
 * An issue card: draggable; a click anywhere on it or Enter opens the issue.
 * Its focusable button is the title alone (WCAG 2.5.3: the name holds all the words the
 * button shows); the rest of its face (key, type, priority, labels, assignee, due date, comments)
 * is that button's description, ahead of the drag instructions. The box around it is the drag
 * source and drop target, and takes the clicks.
 */
export function IssueCard({
  issue,
  columnId,
  index,
  lifted,
  readOnly,
  current,
  instructionsId,
  onOpen,
  onKeyDown,
  onFocusCard,
  onDropAt,
}: IssueCardProps) {
  const ref = useRef<HTMLDivElement | null>(null);
  const id = useId();
  const boardLabels = useBoardStore((state) => state.labels);
  const users = useBoardStore((state) => state.users);
  const labels = useMemo(
    () => (issue.labelIds?.length ? boardLabels.filter((label) => issue.labelIds.includes(label.id)) : []),
    [boardLabels, issue.labelIds],
  );
  const assignee = issue.assigneeId ? users.find((user) => user.id === issue.assigneeId) : undefined;
  const selected = useIssueSelection((state) => state.ids.includes(issue.id));
  const [edge, setEdge] = useState<'before' | 'after' | null>(null);
  // Files from the desktop dropped on the card attach to its issue; how far they are shows along its foot.
  const [uploaded, setUploaded] = useState<number | null>(null);
  const fileDrop = useFileDrop(readOnly ? null : (files) => attachToIssue(issue, files, setUploaded));

  const [{ isDragging }, drag] = useDrag(
    () => ({
      type: ISSUE_ITEM,
      item: (): DraggedIssue => ({ issueId: issue.id, columnId, index }),
      canDrag: () => !readOnly,
      collect: (monitor) => ({ isDragging: monitor.isDragging() }),
    }),
    [issue.id, columnId, index, readOnly],
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
    fileDrop.over ? styles.fileOver : '',
    selected ? styles.selected : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      ref={(node) => {
        ref.current = node;
        // Read-only, the box is no drag source at all: not draggable, so no drag even begins.
        if (readOnly) drop(node);
        else drag(drop(node));
      }}
      className={className}
      data-card={issue.id}
      // Shift, ctrl or cmd picks the card for a bulk edit instead of opening it.
      onClick={(event) => {
        if (!selectByClick(event, issue.id)) onOpen(issue.id);
      }}
      // The dialog's code loads on first use: a pointer over a card or focus on one fetches it early.
      onPointerEnter={preloadIssueDialog}
      {...fileDrop.dropProps}
    >
      <IssueCardFace
        issue={issue}
        labels={labels}
        assignee={assignee}
        titleProps={{
          role: 'button',
          tabIndex: current ? 0 : -1,
          'aria-roledescription': readOnly ? undefined : uiMessages.draggableIssue,
          'aria-describedby': `${selected ? `${id}-selected ` : ''}${id}-summary ${instructionsId}`,
          'data-issue-id': issue.id,
          onKeyDown: (event) => onKeyDown(event, issue.id),
          onFocus: () => {
            preloadIssueDialog();
            onFocusCard(issue.id, columnId);
          },
        }}
        titleId={`${id}-title`}
        summaryId={`${id}-summary`}
      />
      {selected ? (
        <span id={`${id}-selected`} className={styles.visuallyHidden}>
          {uiMessages.cardSelected}
        </span>
      ) : null}
      {uploaded === null ? null : (
        <span className={styles.uploadBar} style={{ width: `${Math.round(uploaded * 100)}%` }} aria-hidden="true" />
      )}
    </div>
  );
}
