import { CalendarDay } from './calendar-day';
import { fullDate, shortDate, weekOf } from './calendar-dates';
import type { DaysProps } from './month-grid';
import styles from './issue-calendar.module.css';

const none: never[] = [];

/** A phone's calendar: the week as seven rows, a day each, headed by its date. */
export function WeekDays({ shown, byDay, expanded, onExpand, onDrop, chip, titleId }: DaysProps) {
  return (
    <ol className={styles.week} aria-labelledby={titleId}>
      {weekOf(shown).map((day) => (
        <CalendarDay
          key={day}
          as="li"
          day={day}
          label={
            <h3 className={styles.weekDayTitle}>
              <span aria-hidden="true">{shortDate(day)}</span>
              <span className={styles.visuallyHidden}>{fullDate(day)}</span>
            </h3>
          }
          issues={byDay.get(day) ?? none}
          expanded={expanded.has(day)}
          onExpand={onExpand}
          onDrop={onDrop}
          chip={chip}
        />
      ))}
    </ol>
  );
}
