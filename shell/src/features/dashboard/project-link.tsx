import { Link } from 'react-router';
import styles from './dashboard-page.module.css';

/** Project names by key, as far as the dashboard knows them (its recent projects). */
export type ProjectNames = ReadonlyMap<string, string>;

export const noProjectNames: ProjectNames = new Map();

/**
 * The project an issue key belongs to: a key is the project's key, a dash and a number
 * (WEB-12, as GET /issues/by-key reads it); project keys hold no dash.
 */
export function projectKeyOf(issueKey: string): string | undefined {
  const dash = issueKey.lastIndexOf('-');
  return dash > 0 ? issueKey.slice(0, dash) : undefined;
}

/** A link to the project's details, by name when known, else by key. */
export function ProjectLink({ projectKey, names }: { projectKey: string; names: ProjectNames }) {
  return (
    <Link className={styles.projectLink} to={`/projects/${encodeURIComponent(projectKey)}`}>
      {names.get(projectKey) ?? projectKey}
    </Link>
  );
}
