import { errorReason, MessageBox } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { useProjectList } from './api';
import { CreateProjectForm } from './components/create-project-form';
import { ProjectCard } from './components/project-card';
import styles from './projects-page.module.css';

/** Projects, /projects (spec §2.7): the create form and one card per project. */
export function ProjectsPage() {
  const { projects, error, isLoading, create } = useProjectList();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Projects</h1>
      <CreateProjectForm onCreate={create} />
      {error !== undefined && (
        <MessageBox tone="error">
          {uiMessages.projectsLoadFailed(errorReason(error, uiMessages.fetchProjectsDefault))}
        </MessageBox>
      )}
      {isLoading ? (
        <p role="status" className={styles.muted}>
          {uiMessages.loadingProjects}
        </p>
      ) : projects?.length === 0 ? (
        <p className={styles.empty}>{uiMessages.noProjects}</p>
      ) : projects ? (
        <ul className={styles.grid} aria-label="Your projects">
          {projects.map((project) => (
            <li key={project.id}>
              <ProjectCard project={project} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
