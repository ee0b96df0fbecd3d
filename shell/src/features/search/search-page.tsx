import { issuePath } from '@trackboard/contracts';
import { MessageBox } from '@trackboard/web-kit';
import { statusLabel } from '@trackboard/web-kit/issue-names';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { uiMessages } from '../../ui-messages';
import type { SearchContext } from './search-context';
import { searchMinLength, useSearchPages } from './use-search-pages';
import styles from './search-page.module.css';

const countText = (total: number, q: string) => uiMessages.resultsFor(total, q);

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
      <h1 className={styles.title}>{uiMessages.search}</h1>
      {/* Keyed by the address's text: Back and Forward put their text in the box. */}
      <SearchForm key={q} initial={q} onSubmit={submit} />
      {q.length < searchMinLength ? (
        <p className={styles.hint}>{uiMessages.typeMoreCharacters(searchMinLength)}</p>
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
        {uiMessages.searchIssuesAndProjects}
      </label>
      <input
        id={inputId}
        type="search"
        className={styles.input}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={uiMessages.searchIssuesAndProjects}
        maxLength={200}
      />
      <button type="submit" className={styles.submit}>
        {uiMessages.search}
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
            ? uiMessages.searching
            : nothing
              ? uiMessages.noSearchMatch(q)
              : countText(search.total, q)}
      </p>
      {search.error ? <MessageBox tone="error">{uiMessages.searchFailedBecause(search.error)}</MessageBox> : null}
      {search.projects.length > 0 ? (
        <section className={styles.card} aria-labelledby={projectsId}>
          <h2 id={projectsId} className={styles.cardTitle}>
            {uiMessages.projects}
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
            {uiMessages.issues}
          </h2>
          <ol className={styles.list} aria-label={uiMessages.issuesFound}>
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
              <span className={styles.meta}>{uiMessages.showingOf(search.issues.length, search.total)}</span>
              <button type="button" className={styles.moreButton} disabled={search.loading} onClick={search.showMore}>
                {search.loading ? uiMessages.loading : uiMessages.showMoreResults}
              </button>
            </div>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
