import { issuePath, type DashboardDto } from '@trackboard/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import styles from './dashboard-page.module.css';
import { noProjectNames, ProjectLink, type ProjectNames } from './project-link';
import { useWholeItemsHeight } from './use-whole-items-height';

type AssignedIssue = DashboardDto['assignedIssues'][number];

// A status reads as the column it comes from (spec §4.6); an unknown one is spelled out.
const columnNames: Record<string, string> = {
  TODO: 'To Do',
  IN_PROGRESS: 'In Progress',
  DONE: 'Done',
  BACKLOG: 'Backlog',
  CLOSED: 'Closed',
};
export const statusLabel = (status: string) =>
  columnNames[status] ??
  status
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0) + word.slice(1).toLowerCase())
    .join(' ');

/**
 * The issues assigned to the user, each by its key, leading to its deep link (issue 12) and
 * to its project (issue 16), in a list that ends under a whole item as Recent Activity does.
 */
export function AssignedIssues({
  issues,
  projectNames = noProjectNames,
}: {
  issues: AssignedIssue[];
  projectNames?: ProjectNames;
}) {
  const titleId = useId();
  const list = useWholeItemsHeight<HTMLUListElement>(15, issues);
  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        Assigned to Me
      </h2>
      {issues.length === 0 ? (
        <p className={styles.empty}>No issues are assigned to you.</p>
      ) : (
        <ul ref={list.ref} style={list.style} className={styles.scrollList} tabIndex={0} aria-labelledby={titleId}>
          {issues.map((issue) => (
            <li key={issue.id} className={styles.item}>
              <Link className={styles.itemLink} to={issuePath(issue.boardId, issue.key)}>
                <span className={styles.issueKey}>{issue.key}</span> {issue.title}
              </Link>
              <span className={styles.meta}>
                <ProjectLink projectKey={issue.projectKey} names={projectNames} />
                {' · '}
                <span>{statusLabel(issue.status)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
