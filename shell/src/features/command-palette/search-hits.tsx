import { issuePath, type SearchResult } from '@trackboard/contracts';
import { Command } from 'cmdk';
import { statusLabel } from '@trackboard/web-kit/issue-names';
import { uiMessages } from '../../ui-messages';
import styles from './command-palette.module.css';

// Item values (cmdk keeps its choice by value).
const issueValue = (id: string) => `issue:${id}`;
const projectValue = (key: string) => `project:${key}`;
const showAllValue = 'search:all';

/** The palette lists a few hits; the results page (/search) has every one. */
export const showAllText = (total: number) => uiMessages.showAllResults(total);

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
  /** The results page of the text searched, offered when more issues match than are listed. */
  showAllPath: string;
  onChoose(path: string): void;
}

/**
 * What GET /api/search found: issues (to their deep link) and, when more match than the palette
 * lists, "Show all N results" (to the results page), then projects (to their page).
 */
export function SearchHits({ result, stale, showAllPath, onChoose }: SearchHitsProps) {
  return (
    <>
      {result.issues.length > 0 ? (
        <Command.Group heading={uiMessages.issues} className={styles.group}>
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
              <span className={styles.hint}>{statusLabel(issue.status)}</span>
            </Command.Item>
          ))}
          {result.total > result.issues.length ? (
            <Command.Item
              value={showAllValue}
              className={`${styles.item} ${styles.showAll}`}
              disabled={stale}
              onSelect={() => onChoose(showAllPath)}
            >
              <span className={styles.label}>{showAllText(result.total)}</span>
            </Command.Item>
          ) : null}
        </Command.Group>
      ) : null}
      {result.projects.length > 0 ? (
        <Command.Group heading={uiMessages.projects} className={styles.group}>
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
