import type { IssueDto } from '@trackboard/contracts';
import { useDrag } from 'react-dnd';
import { PriorityIcon, priorityLabel } from '../../shared/issue-icons';
import type { Day } from './calendar-dates';
import { isFinished, isOverdue, keyboardMove } from './calendar-model';
import { calendarTexts as t } from './calendar-texts';
import styles from './issue-calendar.module.css';

/** What a chip carries while it is dragged: the issue as it was shown. */
export const CHIP_ITEM = 'calendar-chip';
export interface DraggedChip {
  issue: IssueDto;
}

/** What every chip shares: made once per calendar, not per chip. */
export interface ChipContext {
  today: Day;
  readOnly: boolean;
  /** The id of the hidden sentence that tells how to move a chip by keyboard. */
  hintId: string;
  onOpen(issueId: string): void;
  /** Alt+Arrow on the chip: a new due date, asked for by keyboard. */
  onKeyMove(issue: IssueDto, dueDate: Day): void;
}

/**
 * An issue on the calendar: a button that opens it, a drag source that reschedules it, and
 * Alt+Arrow to move its due date without a mouse. Overdue is a red edge and a word; finished is
 * struck through and a word; neither rests on what is seen alone.
 */
export function CalendarChip({ issue, context }: { issue: IssueDto; context: ChipContext }) {
  const { today, readOnly, hintId, onOpen, onKeyMove } = context;
  const [{ isDragging }, drag] = useDrag(
    () => ({
      type: CHIP_ITEM,
      item: (): DraggedChip => ({ issue }),
      canDrag: () => !readOnly,
      collect: (monitor) => ({ isDragging: monitor.isDragging() }),
    }),
    [issue, readOnly],
  );
  const overdue = isOverdue(issue, today);
  const finished = isFinished(issue);
  const className = [
    styles.chip,
    overdue ? styles.overdue : '',
    finished ? styles.finished : '',
    isDragging ? styles.dragging : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    // The drag source is a box around the button: Chromium starts no drag from a button itself.
    <div
      ref={(node) => {
        // Read-only, the chip is no drag source at all: not draggable, so no drag even begins.
        if (!readOnly) drag(node);
      }}
      className={styles.chipSource}
    >
      <button
        type="button"
        className={className}
        data-chip={issue.id}
        aria-describedby={readOnly ? undefined : hintId}
        aria-keyshortcuts={readOnly ? undefined : 'Alt+ArrowLeft Alt+ArrowRight Alt+ArrowUp Alt+ArrowDown'}
        title={`${issue.key} ${issue.title}`}
        onClick={() => onOpen(issue.id)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.altKey) {
            // Opened here, not by the click the browser makes of Enter: that click is cancelled.
            event.preventDefault();
            onOpen(issue.id);
            return;
          }
          if (readOnly) return;
          const dueDate = keyboardMove(event, issue.dueDate, today);
          if (dueDate === undefined) return;
          // Alt+ArrowLeft is also the browser's Back.
          event.preventDefault();
          onKeyMove(issue, dueDate);
        }}
      >
        {/* Its name says the priority after the title: a chip is found by its key and title. */}
        <span aria-hidden="true" className={styles.chipIcon}>
          <PriorityIcon priority={issue.priority} />
        </span>
        <span className={styles.chipKey}>{issue.key}</span> <span className={styles.chipTitle}>{issue.title}</span>
        <span className={styles.visuallyHidden}>, {priorityLabel(issue.priority)}</span>
        {overdue ? <span className={styles.visuallyHidden}>, {t.overdue}</span> : null}
        {finished ? <span className={styles.visuallyHidden}>, {t.finished}</span> : null}
      </button>
    </div>
  );
}
