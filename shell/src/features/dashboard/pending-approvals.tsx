import { useId } from 'react';
import { Link } from 'react-router';
import { numberFormat } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { adminDashboardFailureText, useAdminDashboard } from './dashboard-api';
import styles from './dashboard-page.module.css';

/**
 * For administrators: how many accounts wait for approval, and the way to them (User Approval),
 * from the admin dashboard (GET /dashboard/admin).
 */
export function PendingApprovals() {
  const titleId = useId();
  const { adminDashboard, error } = useAdminDashboard();
  const pending = adminDashboard?.countsByStatus.PENDING_APPROVAL ?? 0;
  return (
    <section className={`${styles.card} ${styles.statCard} ${styles.wide}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {uiMessages.pendingApprovals}
      </h2>
      {adminDashboard ? (
        <div className={styles.approvalsBody}>
          <p className={styles.approvalsCount}>
            <span className={styles.count}>{numberFormat().format(pending)}</span>{' '}
            <span className={styles.approvalsText}>{uiMessages.accountsAwaitApproval(pending)}</span>
          </p>
          <Link className={styles.approvalsLink} to="/admin/user-approval">
            {uiMessages.reviewInUserApproval}
          </Link>
        </div>
      ) : error ? (
        <p className={styles.errorText} role="alert">
          {adminDashboardFailureText(error)}
        </p>
      ) : (
        <div
          className={`${styles.skeleton} ${styles.skeletonCount}`}
          role="status"
          aria-label={uiMessages.loadingApprovals}
        />
      )}
    </section>
  );
}
