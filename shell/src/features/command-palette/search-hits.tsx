import { issuePath, type SearchResult } from '@trackboard/contracts';
import { Command } from 'cmdk';
import styles from './command-palette.module.css';

// Item values (cmdk keeps its choice by value).
const issueValue = (id: string) => `issue:${id}`;
const projectValue = (key: string) => `project:${key}`;

/** The item value of the first hit drawn (issues come before projects), if any. */
export function firstHitValue(result: SearchResult): string | undefined {
  const [issue] = result.issues;
  if (issue) return issueValue(issue.id);
  const [project] = result.projects;
  return project ? projectValue(project.key) : undefined;
}

interface SearchHitsProps {
  result: SearchResult;
  /** An answer to earlier text: drawn dimmed and not chosen, so Enter never acts on it. */
  stale: boolean;
  onChoose(path: string): void;
}

/** What GET /api/search found: issues (to their deep link), then projects (to their page). */
export function SearchHits({ result, stale, onChoose }: SearchHitsProps) {
  return (
    <>
      {result.issues.length > 0 ? (
        <Command.Group heading="Issues" className={styles.group}>
          {result.issues.map((issue) => (
            <Command.Item
              key={issue.id}
              value={issueValue(issue.id)}
              className={styles.item}
              disabled={stale}
              onSelect={() => onChoose(issuePath(issue.boardId, issue.key))}
            >
              <span className={styles.key}>{issue.key}</span>
              <span className={styles.itemText}>
                <span className={styles.label}>{issue.title}</span>
                {issue.snippet && issue.snippet !== issue.title ? (
                  <span className={styles.snippet}>{issue.snippet}</span>
                ) : null}
              </span>
              <span className={styles.hint}>{issue.status}</span>
            </Command.Item>
          ))}
        </Command.Group>
      ) : null}
      {result.projects.length > 0 ? (
        <Command.Group heading="Projects" className={styles.group}>
          {result.projects.map((project) => (
            <Command.Item
              key={project.key}
              value={projectValue(project.key)}
              className={styles.item}
              disabled={stale}
              onSelect={() => onChoose(`/projects/${encodeURIComponent(project.key)}`)}
            >
              <span className={styles.key}>{project.key}</span>
              <span className={styles.itemText}>
                <span className={styles.label}>{project.name}</span>
              </span>
            </Command.Item>
          ))}
        </Command.Group>
      ) : null}
    </>
  );
}
