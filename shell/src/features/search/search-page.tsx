import { issuePath } from '@trackboard/contracts';
import { MessageBox } from '@trackboard/web-kit';
import { statusLabel } from '@trackboard/web-kit/issue-names';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { SearchContext } from './search-context';
import { searchMinLength, useSearchPages } from './use-search-pages';
import styles from './search-page.module.css';

const countText = (total: number, q: string) =>
  `${total.toLocaleString()} ${total === 1 ? 'result' : 'results'} for “${q}”`;

/**
 * Search results, /search?q= (the palette's "Show all N results"): every issue the search finds,
 * best first, a page at a time, and the projects it finds. `project` or `board` in the address
 * is the page the search began on, still favoured here.
 */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const context: SearchContext = {
    ...(params.get('project') ? { project: params.get('project')! } : {}),
    ...(params.get('board') ? { board: params.get('board')! } : {}),
  };

  const submit = (text: string) => {
    const next = new URLSearchParams(params);
    next.set('q', text.trim());
    setParams(next);
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Search</h1>
      {/* Keyed by the address's text: Back and Forward put their text in the box. */}
      <SearchForm key={q} initial={q} onSubmit={submit} />
      {q.length < searchMinLength ? (
        <p className={styles.hint}>Type {searchMinLength} or more characters to search issues and projects.</p>
      ) : (
        <Results q={q} context={context} />
      )}
    </div>
  );
}

function SearchForm({ initial, onSubmit }: { initial: string; onSubmit(text: string): void }) {
  const [text, setText] = useState(initial);
  const inputId = useId();
  return (
    <form
      role="search"
      className={styles.form}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit(text);
      }}
    >
      <label htmlFor={inputId} className={styles.visuallyHidden}>
        Search issues and projects
      </label>
      <input
        id={inputId}
        type="search"
        className={styles.input}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search issues and projects"
        maxLength={200}
      />
      <button type="submit" className={styles.submit}>
        Search
      </button>
    </form>
  );
}

function Results({ q, context }: { q: string; context: SearchContext }) {
  const search = useSearchPages(q, context);
  const issuesId = useId();
  const projectsId = useId();
  const nothing = search.loaded && search.total === 0 && search.projects.length === 0;
  return (
    <>
      <p role="status" className={styles.status}>
        {search.error
          ? ''
          : !search.loaded
            ? 'Searching…'
            : nothing
              ? `No issue or project matches “${q}”.`
              : countText(search.total, q)}
      </p>
      {search.error ? <MessageBox tone="error">{`Search failed: ${search.error}`}</MessageBox> : null}
      {search.projects.length > 0 ? (
        <section className={styles.card} aria-labelledby={projectsId}>
          <h2 id={projectsId} className={styles.cardTitle}>
            Projects
          </h2>
          <ul className={styles.list}>
            {search.projects.map((project) => (
              <li key={project.key} className={styles.item}>
                <Link className={styles.link} to={`/projects/${encodeURIComponent(project.key)}`}>
                  {project.name} <span className={styles.key}>({project.key})</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {search.issues.length > 0 ? (
        <section className={styles.card} aria-labelledby={issuesId}>
          <h2 id={issuesId} className={styles.cardTitle}>
            Issues
          </h2>
          <ol className={styles.list} aria-label="Issues found">
            {search.issues.map((issue) => (
              <li key={issue.id} className={styles.item}>
                <Link className={styles.link} to={issuePath(issue.boardId, issue.key)}>
                  <span className={styles.issueKey}>{issue.key}</span> {issue.title}
                </Link>
                <span className={styles.meta}>
                  <Link className={styles.projectLink} to={`/projects/${encodeURIComponent(issue.projectKey)}`}>
                    {issue.projectKey}
                  </Link>
                  {' · '}
                  {statusLabel(issue.status)}
                </span>
                {issue.snippet && issue.snippet !== issue.title ? (
                  <span className={styles.snippet}>{issue.snippet}</span>
                ) : null}
              </li>
            ))}
          </ol>
          {search.more ? (
            <div className={styles.more}>
              <span className={styles.meta}>
                Showing {search.issues.length.toLocaleString()} of {search.total.toLocaleString()}
              </span>
              <button type="button" className={styles.moreButton} disabled={search.loading} onClick={search.showMore}>
                {search.loading ? 'Loading…' : 'Show more results'}
              </button>
            </div>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
