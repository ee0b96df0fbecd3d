import type { DashboardDto } from '@trackboard/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { uiMessages } from '../../ui-messages';
import { AssignedGroups } from '../issues/assigned-groups';
import styles from './dashboard-page.module.css';

/**
 * The open issues assigned to the user (Done and Closed ones are left out by the server): the
 * few most recently updated, grouped by project, each leading to its deep link, with how many
 * are open in all and View all for the rest (My Issues, with its filters).
 */
export function AssignedIssues({ issues, openCount }: { issues: DashboardDto['assignedIssues']; openCount: number }) {
  const titleId = useId();
  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby={titleId}>
      <div className={styles.cardHeader}>
        <h2 id={titleId} className={styles.cardTitle}>
          {uiMessages.assignedToMe}
        </h2>
        {openCount > 0 ? <span className={styles.cardCount}>{uiMessages.openCount(openCount)}</span> : null}
      </div>
      {issues.length === 0 ? (
        <p className={styles.empty}>{uiMessages.noOpenAssigned}</p>
      ) : (
        <AssignedGroups issues={issues} />
      )}
      <p className={styles.cardFooter}>
        <Link className={styles.footerLink} to="/my-issues" aria-label={uiMessages.viewAllAssigned}>
          {uiMessages.viewAll}
        </Link>
      </p>
    </section>
  );
}
