import type { IssueDto } from '@trackboard/contracts';
import type { ReactNode } from 'react';
import { useDrop } from 'react-dnd';
import { CalendarChip, CHIP_ITEM, type ChipContext, type DraggedChip } from './calendar-chip';
import type { Day } from './calendar-dates';
import { CHIPS_PER_DAY } from './calendar-model';
import { calendarTexts as t } from './calendar-texts';
import styles from './issue-calendar.module.css';

/** Where a chip can be dropped: a day (its due date becomes that day) or the undated list (null). */
export function useChipDrop(target: Day | null, readOnly: boolean, onDrop: (issue: IssueDto, to: Day | null) => void) {
  const [{ over }, drop] = useDrop<DraggedChip, void, { over: boolean }>(
    () => ({
      accept: CHIP_ITEM,
      canDrop: (item) => !readOnly && item.issue.dueDate !== target,
      drop: (item) => onDrop(item.issue, target),
      collect: (monitor) => ({ over: monitor.isOver() && monitor.canDrop() }),
    }),
    [target, readOnly, onDrop],
  );
  return { over, drop };
}

interface CalendarDayProps {
  day: Day;
  /** The month grid's cell (`td`) or the week's row (`li`). */
  as: 'td' | 'li';
  /** What names the day: the cell's number, or the week row's heading; it says the full date. */
  label: ReactNode;
  issues: IssueDto[];
  /** Greyed: a day of the month before or after the one shown. */
  outside?: boolean;
  expanded: boolean;
  onExpand(day: Day, expanded: boolean): void;
  onDrop(issue: IssueDto, to: Day | null): void;
  chip: ChipContext;
}

/** A day with the issues due on it: three chips, and "+N more" for the rest until it is expanded. */
export function CalendarDay({
  day,
  as: Tag,
  label,
  issues,
  outside,
  expanded,
  onExpand,
  onDrop,
  chip,
}: CalendarDayProps) {
  const { over, drop } = useChipDrop(day, chip.readOnly, onDrop);
  const shown = expanded ? issues : issues.slice(0, CHIPS_PER_DAY);
  const hidden = issues.length - CHIPS_PER_DAY;
  const className = [
    styles.day,
    outside ? styles.outside : '',
    day === chip.today ? styles.today : '',
    over ? styles.dropOver : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Tag
      ref={(node: HTMLElement | null) => {
        drop(node);
      }}
      className={className}
      data-day={day}
      aria-current={day === chip.today ? 'date' : undefined}
    >
      {label}
      {shown.length ? (
        <ul className={styles.chips}>
          {shown.map((issue) => (
            <li key={issue.id}>
              <CalendarChip issue={issue} context={chip} />
            </li>
          ))}
        </ul>
      ) : null}
      {hidden > 0 ? (
        <button type="button" className={styles.more} aria-expanded={expanded} onClick={() => onExpand(day, !expanded)}>
          {expanded ? t.fewer : t.more(hidden)}
        </button>
      ) : null}
    </Tag>
  );
}
