import type { ActivityDto } from '@trackboard/contracts';
import { useId } from 'react';
import styles from './dashboard-page.module.css';

const timestampFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Spec §8.5's rule for dates: missing shows "N/A", invalid shows "Invalid Date". */
export function formatTimestamp(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : timestampFormat.format(date);
}

/**
 * The Recent Activity card (spec §2.10): newest first, as the server orders it, in a list
 * that scrolls past about 15rem (spec §9). The list takes keyboard focus so that it can be
 * scrolled without a mouse.
 */
export function RecentActivity({ activity }: { activity: ActivityDto[] }) {
  const titleId = useId();
  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        Recent Activity
      </h2>
      {activity.length === 0 ? (
        <p className={styles.empty}>No recent activity to display.</p>
      ) : (
        <ul className={styles.scrollList} tabIndex={0} aria-labelledby={titleId}>
          {activity.map((entry) => (
            <li key={entry.id} className={styles.item}>
              <span className={styles.itemText}>{entry.description}</span>
              <time className={styles.meta} dateTime={entry.timestamp}>
                {formatTimestamp(entry.timestamp)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
