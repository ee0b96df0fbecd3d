import type { IssueDto } from '@trackboard/contracts';
import { CalendarDay } from './calendar-day';
import type { ChipContext } from './calendar-chip';
import { dateOf, fullDate, monthGrid, type Day } from './calendar-dates';
import { calendarTexts as t } from './calendar-texts';
import styles from './issue-calendar.module.css';

export interface DaysProps {
  /** A day of the month (or week) to show. */
  shown: Day;
  byDay: ReadonlyMap<Day, IssueDto[]>;
  expanded: ReadonlySet<Day>;
  onExpand(day: Day, expanded: boolean): void;
  onDrop(issue: IssueDto, to: Day | null): void;
  chip: ChipContext;
  /** The id of the heading that names the month or week. */
  titleId: string;
}

const none: IssueDto[] = [];

/**
 * The month as a table: a column per weekday, Monday first, a row per week. Each cell names its
 * full date (hidden beside the number that is seen), so moving through the table says the day.
 */
export function MonthGrid({ shown, byDay, expanded, onExpand, onDrop, chip, titleId }: DaysProps) {
  return (
    <table className={styles.month} aria-labelledby={titleId}>
      <thead>
        <tr>
          {t.weekdaysShort.map((short, i) => (
            <th key={short} scope="col" className={styles.weekday}>
              <span aria-hidden="true">{short}</span>
              <span className={styles.visuallyHidden}>{t.weekdays[i]}</span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthGrid(shown).map((week) => (
          <tr key={week[0]!.day}>
            {week.map(({ day, inMonth }) => (
              <CalendarDay
                key={day}
                as="td"
                day={day}
                outside={!inMonth}
                label={
                  <>
                    <span className={styles.dayNumber} aria-hidden="true">
                      {dateOf(day)}
                    </span>
                    <span className={styles.visuallyHidden}>{fullDate(day)}</span>
                  </>
                }
                issues={byDay.get(day) ?? none}
                expanded={expanded.has(day)}
                onExpand={onExpand}
                onDrop={onDrop}
                chip={chip}
              />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
