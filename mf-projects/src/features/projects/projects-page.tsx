import { errorReason, MessageBox } from '@trackboard/web-kit';
import { useState } from 'react';
import { uiMessages } from '../../ui-messages';
import { useProjectList } from './api';
import { CreateProjectForm } from './components/create-project-form';
import { ProjectCard } from './components/project-card';
import { ImportDialog } from '../transfer/import-dialog';
import { projectSorts, searchAndSort, type ProjectSort } from './project-order';
import styles from './projects-page.module.css';

const sortLabels: Record<ProjectSort, string> = {
  get recent() {
    return uiMessages.sortRecent;
  },
  get name() {
    return uiMessages.sortName;
  },
  get key() {
    return uiMessages.sortKey;
  },
};

/**
 * Projects, /projects: the create form and one card per project, searched by name
 * or key and sorted in the browser: the list is the caller's whole list already.
 */
export function ProjectsPage() {
  const [withArchived, setWithArchived] = useState(false);
  const { projects, error, isLoading, create, refresh } = useProjectList(withArchived);
  const [term, setTerm] = useState('');
  const [sort, setSort] = useState<ProjectSort>('recent');
  const shown = projects ? searchAndSort(projects, term, sort) : undefined;
  return (
    <div className={styles.page}>
      <div className={styles.heading}>
        <h1 className={styles.title}>{uiMessages.projectsTitle}</h1>
        {/* A new project from a file; the list is read again once it is in. */}
        <ImportDialog onImported={refresh} />
      </div>
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
      ) : shown ? (
        <>
          <div className={styles.toolbar}>
            <div role="search" className={styles.searchField}>
              <label className={styles.label} htmlFor="project-search">
                {uiMessages.searchLabel}
              </label>
              <input
                id="project-search"
                type="search"
                className={styles.input}
                placeholder={uiMessages.searchPlaceholder}
                value={term}
                onChange={(event) => setTerm(event.target.value)}
              />
            </div>
            <div className={styles.sortField}>
              <label className={styles.label} htmlFor="project-sort">
                {uiMessages.sortLabel}
              </label>
              <select
                id="project-sort"
                className={styles.input}
                value={sort}
                onChange={(event) => setSort(event.target.value as ProjectSort)}
              >
                {projectSorts.map((s) => (
                  <option key={s} value={s}>
                    {sortLabels[s]}
                  </option>
                ))}
              </select>
            </div>
            <label className={styles.checkboxField}>
              <input
                type="checkbox"
                checked={withArchived}
                onChange={(event) => setWithArchived(event.target.checked)}
              />
              {uiMessages.showArchived}
            </label>
          </div>
          {projects?.length === 0 ? (
            <p className={styles.empty}>{uiMessages.noProjects}</p>
          ) : shown.length === 0 ? (
            <p role="status" className={styles.empty}>
              {uiMessages.noMatches(term.trim())}
            </p>
          ) : (
            <ul className={styles.grid} aria-label={uiMessages.yourProjects}>
              {shown.map((project) => (
                <li key={project.id}>
                  <ProjectCard project={project} />
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </div>
  );
}
