import type { DashboardDto } from '@trackboard/contracts';
import { isAdmin, MessageBox, useSession } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { AssignedIssues } from './assigned-issues';
import { loadFailureText, useDashboard } from './dashboard-api';
import styles from './dashboard-page.module.css';
import { PendingApprovals } from './pending-approvals';
import { RecentActivity } from './recent-activity';
import { RecentProjects } from './recent-projects';
import { StatCard } from './stat-card';

/** Dashboard, /dashboard and /. */
export default function DashboardPage() {
  const { dashboard, error } = useDashboard();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{uiMessages.dashboard}</h1>
      {dashboard ? (
        // A failed refresh behind loaded data keeps the data: it is still the user's latest.
        <DashboardContent dashboard={dashboard} />
      ) : error ? (
        <MessageBox tone="error">
          <h2 className={styles.errorTitle}>{uiMessages.errorLoadingDashboard}</h2>
          <p className={styles.errorText}>{loadFailureText(error)}</p>
        </MessageBox>
      ) : (
        <DashboardSkeleton />
      )}
    </div>
  );
}

function DashboardContent({ dashboard }: { dashboard: DashboardDto }) {
  // Names the project links of the two lists where the dashboard knows them.
  const projectNames = new Map(dashboard.recentProjects.map((project) => [project.key, project.name]));
  const admin = useSession((state) => isAdmin(state.user));
  return (
    <div className={styles.grid}>
      <StatCard title={uiMessages.activeProjects} count={dashboard.stats.activeProjects} />
      <StatCard title={uiMessages.totalTasks} count={dashboard.stats.totalTasks} />
      {admin ? <PendingApprovals /> : null}
      <RecentActivity activity={dashboard.recentActivity} projectNames={projectNames} />
      <AssignedIssues issues={dashboard.assignedIssues} openCount={dashboard.openAssignedCount} />
      <RecentProjects projects={dashboard.recentProjects} />
    </div>
  );
}

function DashboardSkeleton() {
  return (
    <div className={styles.grid} role="status" aria-label={uiMessages.loadingDashboard} aria-busy="true">
      <div className={`${styles.skeleton} ${styles.skeletonStat}`} />
      <div className={`${styles.skeleton} ${styles.skeletonStat}`} />
      <div className={`${styles.skeleton} ${styles.skeletonActivity} ${styles.wide}`} />
      <div className={`${styles.skeleton} ${styles.skeletonList} ${styles.wide}`} />
      <div className={`${styles.skeleton} ${styles.skeletonList} ${styles.wide}`} />
    </div>
  );
}
