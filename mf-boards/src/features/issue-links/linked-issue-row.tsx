import { issuePath, type LinkedIssueDto } from '@trackboard/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { statusNames } from './link-texts';
import styles from './issue-links.module.css';

/**
 * Another issue, as a link opening its dialog (on its own board when it is elsewhere: the
 * issue route follows the address), with its status; `actions` after it.
 */
export function LinkedIssueRow({ issue, actions }: { issue: LinkedIssueDto; actions?: ReactNode }) {
  return (
    <li className={styles.row} data-linked-issue={issue.key}>
      <Link className={styles.issueLink} to={issuePath(issue.boardId, issue.key)}>
        <span className={styles.key}>{issue.key}</span>
        <span className={styles.title}>{issue.title}</span>
      </Link>
      <span className={styles.status} data-status={issue.status}>
        {statusNames[issue.status]}
      </span>
      {actions}
    </li>
  );
}
