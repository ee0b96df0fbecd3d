import { estimateLabel, type BoardUser, type IssueDto, type LabelDto } from '@trackboard/contracts';
import type { HTMLAttributes } from 'react';
import { uiMessages } from '../../../ui-messages';
import { CardCover } from '../../attachments';
import { PaperclipIcon } from '../../../shared/paperclip-icon';
import { useUnsentDraft } from '../../../shared/use-unsent-draft';
import { describeDue, dueState, formatDueDate, localToday } from '../../../shared/due-date';
import { PriorityIcon, priorityLabel, TypeIcon, typeLabel } from '../../../shared/issue-icons';
import { LabelChip } from '../../../shared/label-chip';
import { UserAvatar } from '../../../shared/user-avatar';
import { useBoardStore } from '../../../shared/board-store';
import styles from './card-face.module.css';

interface IssueCardFaceProps {
  issue: IssueDto;
  /** The board's labels that this issue carries, in the board's order. */
  labels: LabelDto[];
  /** The assignee as the board knows them (for the picture), if any. */
  assignee: BoardUser | undefined;
  /** What makes the title the card's focusable button (issue-card.tsx): role, tab stop, handlers. */
  titleProps: CardTitleProps;
  /** Ids the card points at: its name (the title) and its description (the rest, in words). */
  titleId: string;
  summaryId: string;
  /** Today, `YYYY-MM-DD` (for the due date's colour). */
  today?: string;
}

/**
 * A cover's height: fixed whatever the image, so the long-column list can reckon a covered card's
 * height before drawing it (card-list.tsx), and a cover arriving never shifts the cards below.
 */
export const CARD_COVER_HEIGHT = 120;

/** The attributes the card's title takes as its button (`data-issue-id` is how the board finds it). */
export type CardTitleProps = Omit<HTMLAttributes<HTMLDivElement>, 'className' | 'children' | 'id'> & {
  'data-issue-id': string;
};

/**
 * What a card shows: type, key, a "Blocked" mark while an unfinished issue blocks it, the
 * estimate (as the project's scale shows it: "3", "M") and priority; the title; label chips; the
 * due date (red when overdue, amber within two days, plain once done), the comment count, the
 * description's tasks done of all ("2/5"), its sub-issues finished of all ("3/5"), the
 * assignee's avatar, and a pencil when the signed-in person has words of theirs not yet sent on
 * it (a description or comment draft kept in this browser). Everything that is shown as an icon
 * or colour is also said in words.
 *
 * The title alone is the focusable button: a button's name must hold the words it
 * shows (WCAG 2.5.3, axe's label-content-name-mismatch), and the name of a card is its title.
 * The rest of the face is hidden from assistive technology and said once, in words, as the
 * button's description (the hidden summary), as it was when the whole card was the button.
 */
export function IssueCardFace({
  issue,
  labels,
  assignee,
  titleProps,
  titleId,
  summaryId,
  today = localToday(),
}: IssueCardFaceProps) {
  const assigneeName = assignee?.name ?? issue.owner ?? '';
  const due = issue.dueDate ? (issue.status === 'DONE' ? 'later' : dueState(issue.dueDate, today)) : null;
  const comments = issue.commentCount ?? 0;
  const attachments = issue.attachmentCount ?? 0;
  const tasks = issue.tasks?.total ? issue.tasks : null;
  const subIssues = issue.subIssueCount > 0;
  const hasDraft = useUnsentDraft(issue.id);
  // Shown as its project's scale shows it ("3", "M"); none while the project uses no estimates.
  const scale = useBoardStore((state) => state.board?.estimateScale ?? 'none');
  const estimate = scale !== 'none' && issue.estimate != null ? estimateLabel(scale, issue.estimate) : null;
  const summary = [
    issue.key,
    typeLabel(issue.type),
    priorityLabel(issue.priority),
    estimate ? uiMessages.estimateBadge(estimate) : '',
    labels.length ? uiMessages.cardLabels(labels.map((label) => label.name).join(', ')) : '',
    assigneeName ? uiMessages.assignedTo(assigneeName) : uiMessages.unassigned,
    issue.dueDate ? describeDue(issue.dueDate, today) : '',
    comments ? uiMessages.comments(comments) : '',
    attachments ? uiMessages.attachments(attachments) : '',
    tasks ? uiMessages.tasksDone(tasks.done, tasks.total) : '',
    subIssues ? uiMessages.subIssuesDone(issue.subIssuesDone, issue.subIssueCount) : '',
    issue.blocked ? uiMessages.blockedByOpenIssue : '',
    hasDraft ? uiMessages.unsentDraft : '',
  ].filter(Boolean);

  return (
    <div className={styles.face}>
      {issue.coverAttachmentId ? (
        <div className={styles.cover} style={{ height: CARD_COVER_HEIGHT }} aria-hidden="true">
          <CardCover attachmentId={issue.coverAttachmentId} />
        </div>
      ) : null}
      <div className={styles.top} aria-hidden="true">
        <TypeIcon type={issue.type} />
        <span className={styles.key}>{issue.key}</span>
        {/* On the key's row: the mark adds no line, so a card's height stays as reckoned. */}
        {issue.blocked ? (
          <span className={styles.blocked} title={uiMessages.blockedByOpenIssue} data-blocked>
            {uiMessages.blocked}
          </span>
        ) : null}
        {estimate ? (
          <span className={styles.estimate} title={uiMessages.estimateBadge(estimate)} data-estimate={estimate}>
            {estimate}
          </span>
        ) : null}
        <PriorityIcon priority={issue.priority} />
      </div>
      <div {...titleProps} className={`${styles.title} ${styles.titleButton}`} aria-labelledby={titleId}>
        <span id={titleId}>{issue.title || uiMessages.noTitle}</span>
      </div>
      {labels.length ? (
        <div className={styles.labels} aria-hidden="true">
          {labels.map((label) => (
            <LabelChip key={label.id} label={label} />
          ))}
        </div>
      ) : null}
      {issue.dueDate || comments || attachments || tasks || subIssues || hasDraft || assigneeName ? (
        <div className={styles.bottom} aria-hidden="true">
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
          {attachments ? (
            <span className={styles.attachments} title={uiMessages.attachments(attachments)}>
              <PaperclipIcon />
              {attachments}
            </span>
          ) : null}
          {tasks ? (
            <span className={styles.tasks} title={uiMessages.tasksDone(tasks.done, tasks.total)} data-tasks>
              <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
                <rect x="2" y="2" width="12" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
                <path d="M5 8.5l2 2 4-4.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
              </svg>
              {tasks.done}/{tasks.total}
            </span>
          ) : null}
          {subIssues ? (
            <span
              className={styles.tasks}
              title={uiMessages.subIssuesDone(issue.subIssuesDone, issue.subIssueCount)}
              data-sub-issues
            >
              <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
                <path
                  d="M4 2v9.5h5M4 6h5m1-1.5h3v3h-3zm0 5.5h3v3h-3z"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.5"
                />
              </svg>
              {issue.subIssuesDone}/{issue.subIssueCount}
            </span>
          ) : null}
          {hasDraft ? <DraftMark /> : null}
          {assigneeName ? (
            <span className={styles.assignee}>
              <UserAvatar name={assigneeName} url={assignee?.avatarUrl ?? null} />
            </span>
          ) : null}
        </div>
      ) : null}
      {/* Said only as the description: not read a second time as text after the button. */}
      <span id={summaryId} hidden>
        {summary.join('. ')}.
      </span>
    </div>
  );
}

/** A pencil: words of the signed-in person's, on this issue, not yet sent. */
function DraftMark() {
  return (
    <svg
      className={styles.draft}
      viewBox="0 0 16 16"
      width="12"
      height="12"
      role="img"
      aria-label={uiMessages.unsentDraft}
    >
      <title>{uiMessages.unsentDraft}</title>
      <path
        d="M10.5 2.5l3 3L6 13H3v-3z M9 4l3 3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}
