import { issuePath, type AssignedIssueDto } from '@trackboard/contracts';
import { Link } from 'react-router';
import { priorityNames, statusLabel, typeNames } from '@trackboard/web-kit/issue-names';
import styles from './issue-list.module.css';

type Group = { key: string; name: string; issues: AssignedIssueDto[] };

/** The issues under their projects, the projects in the order their first issue comes. */
export function groupByProject(issues: readonly AssignedIssueDto[]): Group[] {
  const groups = new Map<string, Group>();
  for (const issue of issues) {
    const group = groups.get(issue.projectKey) ?? { key: issue.projectKey, name: issue.projectName, issues: [] };
    group.issues.push(issue);
    groups.set(issue.projectKey, group);
  }
  return [...groups.values()];
}

/**
 * Assigned issues grouped by project (the dashboard's "Assigned to Me", My Issues): each project
 * a heading leading to its page, each issue its key and title leading to its deep link, with
 * its status, priority and type.
 */
export function AssignedGroups({
  issues,
  headingLevel = 3,
}: {
  issues: readonly AssignedIssueDto[];
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <>
      {groupByProject(issues).map((group) => (
        <section key={group.key} className={styles.group} aria-label={group.name || group.key}>
          <Heading className={styles.groupTitle}>
            <Link className={styles.groupLink} to={`/projects/${encodeURIComponent(group.key)}`}>
              {group.name || group.key}
            </Link>
          </Heading>
          <ul className={styles.list}>
            {group.issues.map((issue) => (
              <li key={issue.id} className={styles.item}>
                <Link className={styles.link} to={issuePath(issue.boardId, issue.key)}>
                  <span className={styles.issueKey}>{issue.key}</span> {issue.title}
                </Link>
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
