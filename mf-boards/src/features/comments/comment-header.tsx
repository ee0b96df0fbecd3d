import type { CommentDto } from '@trackboard/contracts';
import { RelativeTime } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { formatTime } from './comment-view';
import styles from './comments.module.css';

/** "5 minutes ago" with the exact time on hover; the spec's "N/A" or "Invalid Date" when there is no time to tell. */
function CommentTime({ at }: { at: string | null | undefined }) {
  if (!at || Number.isNaN(Date.parse(at)))
    return (
      <time className={styles.time} dateTime={at ?? undefined}>
        {formatTime(at)}
      </time>
    );
  return <RelativeTime at={at} className={styles.time} />;
}

/** Author, time and "(edited)" above the body. */
export function CommentHeader({ comment, author }: { comment: CommentDto; author: string }) {
  return (
    <div className={styles.meta}>
      <span className={styles.author}>{author}</span>
      <CommentTime at={comment.createdAt} />
      {comment.edited ? <span className={styles.edited}>{uiMessages.edited}</span> : null}
    </div>
  );
}
