import { issuePath, type ActivityDto } from '@trackboard/contracts';
import { RelativeTime } from '@trackboard/web-kit';
import { useId } from 'react';
import { Link } from 'react-router';
import { uiMessages } from '../../ui-messages';
import styles from './dashboard-page.module.css';
import { noProjectNames, ProjectLink, projectKeyOf, type ProjectNames } from './project-link';
import { useWholeItemsHeight } from './use-whole-items-height';

/**
 * When it happened: "5 minutes ago" with the exact time on hover; spec §8.5's rule
 * for what cannot be read — missing shows "N/A", invalid shows "Invalid Date".
 */
function Timestamp({ value }: { value: string | null | undefined }) {
  if (!value) return <>{uiMessages.notAvailable}</>;
  if (Number.isNaN(Date.parse(value))) return <>{uiMessages.invalidDate}</>;
  return <RelativeTime at={value} />;
}

/**
 * The Recent Activity card: newest first, as the server orders it, in a list
 * that scrolls past about 15rem, ending under a whole item. The list takes keyboard
 * focus so that it can be scrolled without a mouse. An item about an issue leads to the
 * issue's deep link and to its project.
 */
export function RecentActivity({
  activity,
  projectNames = noProjectNames,
}: {
  activity: ActivityDto[];
  projectNames?: ProjectNames;
}) {
  const titleId = useId();
  const list = useWholeItemsHeight<HTMLUListElement>(15, activity);
  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {uiMessages.recentActivity}
      </h2>
      {activity.length === 0 ? (
        <p className={styles.empty}>{uiMessages.noRecentActivity}</p>
      ) : (
        <ul ref={list.ref} style={list.style} className={styles.scrollList} tabIndex={0} aria-labelledby={titleId}>
          {activity.map((entry) => {
            const projectKey = entry.issue ? projectKeyOf(entry.issue.key) : undefined;
            return (
              <li key={entry.id} className={styles.item}>
                {entry.issue ? (
                  <Link className={styles.activityLink} to={issuePath(entry.issue.boardId, entry.issue.key)}>
                    {entry.description}
                  </Link>
                ) : (
                  <span className={styles.itemText}>{entry.description}</span>
                )}
                <span className={styles.meta}>
                  {projectKey ? <ProjectLink projectKey={projectKey} names={projectNames} /> : null}
                  {projectKey ? ' · ' : null}
                  {entry.issue ? <span className={styles.issueKey}>{entry.issue.key}</span> : null}
                  {entry.issue ? ' · ' : null}
                  <Timestamp value={entry.timestamp} />
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
