import { issuePath, issueStatuses, type AssignedIssueDto } from '@trackboard/contracts';
import { Link } from 'react-router';
import { priorityNames, statusLabel, typeNames } from '@trackboard/web-kit/issue-names';
import styles from './issue-list.module.css';

/** `link`: where the group's heading leads (a project's page); none for a status. */
type Group = { key: string; name: string; link?: string; issues: AssignedIssueDto[] };

/** The issues under their projects, the projects in the order their first issue comes. */
export function groupByProject(issues: readonly AssignedIssueDto[]): Group[] {
  const groups = new Map<string, Group>();
  for (const issue of issues) {
    const group = groups.get(issue.projectKey) ?? {
      key: issue.projectKey,
      name: issue.projectName || issue.projectKey,
      link: `/projects/${encodeURIComponent(issue.projectKey)}`,
      issues: [],
    };
    group.issues.push(issue);
    groups.set(issue.projectKey, group);
  }
  return [...groups.values()];
}

/** The issues under their statuses, in the workflow's order (To Do first), each status once. */
export function groupByStatus(issues: readonly AssignedIssueDto[]): Group[] {
  return issueStatuses.flatMap((status) => {
    const inStatus = issues.filter((issue) => issue.status === status);
    return inStatus.length ? [{ key: status, name: statusLabel(status), issues: inStatus }] : [];
  });
}

/**
 * Assigned issues grouped by project (the dashboard's "Assigned to Me", My Issues) or by status
 * (My Issues): each project a heading leading to its page, each issue its key and title leading
 * to its deep link, with its status, priority and type.
 */
export function AssignedGroups({
  issues,
  by = 'project',
  headingLevel = 3,
}: {
  issues: readonly AssignedIssueDto[];
  by?: 'project' | 'status';
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  const groups = by === 'status' ? groupByStatus(issues) : groupByProject(issues);
  return (
    <>
      {groups.map((group) => (
        <section key={group.key} className={styles.group} aria-label={group.name}>
          <Heading className={styles.groupTitle}>
            {group.link ? (
              <Link className={styles.groupLink} to={group.link}>
                {group.name}
              </Link>
            ) : (
              group.name
            )}
          </Heading>
          <ul className={styles.list}>
            {group.issues.map((issue) => (
              <li key={issue.id} className={styles.item}>
                <Link className={styles.link} to={issuePath(issue.boardId, issue.key)}>
                  <span className={styles.issueKey}>{issue.key}</span> {issue.title}
                </Link>
                {by === 'status' ? <span className={styles.meta}>{issue.projectName || issue.projectKey}</span> : null}
                <span className={styles.meta}>
                  {statusLabel(issue.status)} · {priorityNames[issue.priority] ?? issue.priority} ·{' '}
                  {typeNames[issue.type] ?? issue.type}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
