import { issuePath, type IssueDto } from '@trackboard/contracts';
import { Link } from 'react-router';
import { useSubIssues } from './issue-links-api';
import { linkTexts } from './link-texts';
import styles from './issue-links.module.css';

export interface ParentCrumbProps {
  issue: Pick<
    IssueDto,
    'id' | 'key' | 'version' | 'updatedAt' | 'parentId' | 'subIssueCount' | 'subIssuesDone' | 'blocked'
  >;
}

/** Over a sub-issue's title: its parent, a link opening it, then the issue itself ("WEB-1 … › WEB-7"). */
export function ParentCrumb({ issue }: ParentCrumbProps) {
  // The same request as the dialog's sub-issues list (one key): the crumb costs nothing more.
  const { data } = useSubIssues(issue);
  const parent = issue.parentId ? data?.parent : null;
  if (!parent) return null;
  return (
    <nav className={styles.crumb} aria-label={linkTexts.parentOf}>
      <Link className={styles.crumbLink} to={issuePath(parent.boardId, parent.key)}>
        <span className={styles.key}>{parent.key}</span>
        <span className={styles.crumbTitle}>{parent.title}</span>
      </Link>
      <span aria-hidden="true">›</span>
      <span className={styles.crumbHere} aria-current="page">
        {issue.key}
      </span>
    </nav>
  );
}
