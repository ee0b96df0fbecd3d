import type { DashboardDto } from '@trackboard/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { uiMessages } from '../../ui-messages';
import styles from './dashboard-page.module.css';
import { useWholeItemsHeight } from './use-whole-items-height';

type RecentProject = DashboardDto['recentProjects'][number];

/** The user's recent projects, each leading to its details screen. */
export function RecentProjects({ projects }: { projects: RecentProject[] }) {
  const titleId = useId();
  const list = useWholeItemsHeight<HTMLUListElement>(15, projects);
  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {uiMessages.recentProjects}
      </h2>
      {projects.length === 0 ? (
        <p className={styles.empty}>{uiMessages.noRecentProjects}</p>
      ) : (
        <ul ref={list.ref} style={list.style} className={styles.scrollList} tabIndex={0} aria-labelledby={titleId}>
          {projects.map((project) => (
            <li key={project.id} className={styles.item}>
              <Link className={styles.itemLink} to={`/projects/${encodeURIComponent(project.key)}`}>
                {project.name} <span className={styles.key}>({project.key})</span>
              </Link>
              {project.description && <span className={styles.description}>{project.description}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
