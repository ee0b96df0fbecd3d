import type { ProjectDto } from '@trackboard/contracts';
import { useNavigate } from 'react-router';
import { uiMessages } from '../../../ui-messages';
import styles from '../projects-page.module.css';

/** One project on /projects: name, key, description, Details and Board; archived ones say so. */
export function ProjectCard({
  project,
}: {
  project: Pick<ProjectDto, 'key' | 'name' | 'description'> & Partial<Pick<ProjectDto, 'archivedAt'>>;
}) {
  const navigate = useNavigate();
  const titleId = `project-card-${project.key}`;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <header className={styles.cardHeader}>
        <h2 id={titleId} className={styles.cardTitle}>
          {project.name}
        </h2>
        <span className={styles.key}>{project.key}</span>
      </header>
      {project.archivedAt && <span className={styles.archivedBadge}>{uiMessages.archivedBadge}</span>}
      <p className={project.description ? styles.description : `${styles.description} ${styles.muted}`}>
        {project.description || uiMessages.noDescription}
      </p>
      <div className={styles.cardActions}>
        <button
          type="button"
          className={styles.secondaryButton}
          onClick={() => navigate(`/projects/${encodeURIComponent(project.key)}`)}
        >
          {uiMessages.details}
        </button>
        <button
          type="button"
          className={styles.primaryButton}
          onClick={() => navigate(`/board/${encodeURIComponent(project.key)}`)}
        >
          {uiMessages.board}
        </button>
      </div>
    </article>
  );
}
