import type { BoardUser, IssueDto, LabelDto } from '@trackboard/contracts';
import { uiMessages } from '../../../ui-messages';
import { describeDue, dueState, formatDueDate, localToday } from './due-date';
import { PriorityIcon, priorityLabel, TypeIcon, typeLabel } from './issue-icons';
import { LabelChip } from './label-chip';
import { UserAvatar } from './user-avatar';
import styles from './card-face.module.css';

interface IssueCardFaceProps {
  issue: IssueDto;
  /** The board's labels that this issue carries, in the board's order. */
  labels: LabelDto[];
  /** The assignee as the board knows them (for the picture), if any. */
  assignee: BoardUser | undefined;
  /** Ids the card points at: its name (the title) and its description (the rest, in words). */
  titleId: string;
  summaryId: string;
  /** Today, `YYYY-MM-DD` (for the due date's colour). */
  today?: string;
}

/**
 * What a card shows (issue 12): type, key and priority; the title; label chips; the due date
 * (red when overdue, amber within two days, plain once done), the comment count and the
 * assignee's avatar. Everything that is shown as an icon or colour is also said in words.
 */
export function IssueCardFace({
  issue,
  labels,
  assignee,
  titleId,
  summaryId,
  today = localToday(),
}: IssueCardFaceProps) {
  const assigneeName = assignee?.name ?? issue.owner ?? '';
  const due = issue.dueDate ? (issue.status === 'DONE' ? 'later' : dueState(issue.dueDate, today)) : null;
  const comments = issue.commentCount ?? 0;
  const summary = [
    issue.key,
    typeLabel(issue.type),
    priorityLabel(issue.priority),
    labels.length ? `Labels: ${labels.map((label) => label.name).join(', ')}` : '',
    assigneeName ? `Assigned to ${assigneeName}` : uiMessages.unassigned,
    issue.dueDate ? describeDue(issue.dueDate, today) : '',
    comments ? uiMessages.comments(comments) : '',
  ].filter(Boolean);

  return (
    <div className={styles.face}>
      <div className={styles.top}>
        <TypeIcon type={issue.type} />
        <span className={styles.key}>{issue.key}</span>
        <PriorityIcon priority={issue.priority} />
      </div>
      <div id={titleId} className={styles.title}>
        {issue.title || uiMessages.noTitle}
      </div>
      {labels.length ? (
        <div className={styles.labels}>
          {labels.map((label) => (
            <LabelChip key={label.id} label={label} />
          ))}
        </div>
      ) : null}
      {issue.dueDate || comments || assigneeName ? (
        <div className={styles.bottom}>
          {issue.dueDate ? (
            <span
              className={`${styles.due} ${due ? styles[due] : ''}`}
              data-due={due}
              title={describeDue(issue.dueDate, today)}
            >
              {formatDueDate(issue.dueDate, today)}
            </span>
          ) : null}
          {comments ? (
            <span className={styles.comments} title={uiMessages.comments(comments)}>
              <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
                <path d="M2 3h12v8H7l-3 3v-3H2z" fill="none" stroke="currentColor" strokeWidth="1.5" />
              </svg>
              {comments}
            </span>
          ) : null}
          {assigneeName ? (
            <span className={styles.assignee}>
              <UserAvatar name={assigneeName} url={assignee?.avatarUrl ?? null} />
            </span>
          ) : null}
        </div>
      ) : null}
      <span id={summaryId} className={styles.visuallyHidden}>
        {summary.join('. ')}.
      </span>
    </div>
  );
}
