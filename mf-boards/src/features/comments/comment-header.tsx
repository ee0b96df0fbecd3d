import type { CommentDto } from '@trackboard/contracts';
import { useState } from 'react';
import { formatTime } from './comment-view';
import styles from './comments.module.css';

/** The author's picture, else the first letter of the name, else "?". */
export function Avatar({ name, url }: { name: string; url: string | null }) {
  const [failed, setFailed] = useState(false);
  const initial = (name.trim()[0] ?? '?').toUpperCase();
  if (url && !failed) return <img className={styles.avatar} src={url} alt="" onError={() => setFailed(true)} />;
  return (
    <span className={styles.avatar} aria-hidden="true">
      {initial}
    </span>
  );
}

/** Author, time and "(edited)" above the body (spec §2.13). */
export function CommentHeader({ comment, author }: { comment: CommentDto; author: string }) {
  return (
    <div className={styles.meta}>
      <span className={styles.author}>{author}</span>
      <time className={styles.time} dateTime={comment.createdAt}>
        {formatTime(comment.createdAt)}
      </time>
      {comment.edited ? <span className={styles.edited}>(edited)</span> : null}
    </div>
  );
}
