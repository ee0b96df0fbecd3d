import { numberFormat } from '@trackboard/web-kit';
import { useId } from 'react';
import styles from './dashboard-page.module.css';

/** One count on the dashboard (spec §2.10: "Active Projects", "Total Tasks"), named by its title. */
export function StatCard({ title, count }: { title: string; count: number }) {
  const titleId = useId();
  return (
    <section className={`${styles.card} ${styles.statCard}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {title}
      </h2>
      <p className={styles.count}>{numberFormat().format(count)}</p>
    </section>
  );
}
