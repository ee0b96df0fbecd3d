import type { IssueDto } from '@trackboard/contracts';
import { useId } from 'react';
import { CalendarChip, type ChipContext } from './calendar-chip';
import type { Day } from './calendar-dates';
import { useChipDrop } from './calendar-day';
import { calendarTexts as t } from './calendar-texts';
import styles from './issue-calendar.module.css';

interface UndatedListProps {
  issues: IssueDto[];
  onDrop(issue: IssueDto, to: Day | null): void;
  chip: ChipContext;
}

/** The issues without a due date: dragged onto a day they get one; a chip dropped here loses its own. */
export function UndatedList({ issues, onDrop, chip }: UndatedListProps) {
  const headingId = useId();
  const { over, drop } = useChipDrop(null, chip.readOnly, onDrop);
  return (
    <section
      ref={(node) => {
        drop(node);
      }}
      className={`${styles.undated} ${over ? styles.dropOver : ''}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className={styles.undatedTitle}>
        {t.noDueDate(issues.length)}
      </h2>
      {issues.length ? (
        <ul className={styles.chips}>
          {issues.map((issue) => (
            <li key={issue.id}>
              <CalendarChip issue={issue} context={chip} />
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t.noDueDateEmpty}</p>
      )}
    </section>
  );
}
