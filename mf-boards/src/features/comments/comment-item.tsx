import type { CommentDto, ReactionType } from '@trackboard/contracts';
import { useState } from 'react';
import styles from './comments.module.css';

export const deleteCommentConfirmation = 'Are you sure you want to delete this comment? This action cannot be undone.';

export interface CommentViewer {
  id: string;
  /** Spec §6: the author, an admin or the project lead may delete a comment. */
  canModerate: boolean;
}

export interface CommentActions {
  onReply(parentId: string, text: string): Promise<boolean>;
  onEdit(commentId: string, text: string): Promise<boolean>;
  onDelete(commentId: string): void;
  onReact(commentId: string, type: ReactionType): void;
}

const reactionLabels: Record<ReactionType, { emoji: string; name: string }> = {
  thumbsup: { emoji: '👍', name: 'Thumbs up' },
  heart: { emoji: '❤️', name: 'Heart' },
};

function formatTime(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : date.toLocaleString();
}

function Avatar({ name, url }: { name: string; url: string | null }) {
  const [failed, setFailed] = useState(false);
  const initial = (name.trim()[0] ?? '?').toUpperCase();
  if (url && !failed) return <img className={styles.avatar} src={url} alt="" onError={() => setFailed(true)} />;
  return (
    <span className={styles.avatar} aria-hidden="true">
      {initial}
    </span>
  );
}

interface CommentItemProps extends CommentActions {
  comment: CommentDto;
  depth: number;
  viewer: CommentViewer | null;
}

/** One comment and its replies (spec §2.13). Nothing is drawn without a signed-in user. */
export function CommentItem({ comment, depth, viewer, ...actions }: CommentItemProps) {
  const [mode, setMode] = useState<'view' | 'reply' | 'edit'>('view');
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  if (!viewer) return null;

  const author = comment.author?.name?.trim() || 'Unknown User';
  const isAuthor = comment.author?.id !== undefined && String(comment.author.id) === viewer.id;
  const reactions = comment.reactions ?? { thumbsup: [], heart: [] };

  const submit = async () => {
    const text = draft.trim();
    // Blank replies are ignored; an edit that is blank or unchanged is skipped (spec §5).
    if (!text || (mode === 'edit' && text === comment.body)) {
      if (mode === 'edit') setMode('view');
      return;
    }
    setBusy(true);
    const ok = mode === 'reply' ? await actions.onReply(comment.id, text) : await actions.onEdit(comment.id, text);
    setBusy(false);
    if (ok) {
      setMode('view');
      setDraft('');
    }
  };

  return (
    <li data-comment-id={comment.id} data-depth={depth}>
      <article className={styles.comment} aria-label={`Comment by ${author}`}>
        <Avatar name={author === 'Unknown User' ? '' : author} url={comment.author?.avatarUrl ?? null} />
        <div>
          <div className={styles.meta}>
            <span className={styles.author}>{author}</span>
            <time className={styles.time} dateTime={comment.createdAt}>
              {formatTime(comment.createdAt)}
            </time>
            {comment.edited ? <span className={styles.edited}>(edited)</span> : null}
          </div>
          {mode === 'edit' ? null : <p className={styles.body}>{comment.body}</p>}
          {mode === 'view' ? (
            <div className={styles.actions}>
              <button
                type="button"
                className={styles.action}
                onClick={() => {
                  setDraft('');
                  setMode('reply');
                }}
              >
                Reply
              </button>
              {isAuthor ? (
                <button
                  type="button"
                  className={styles.action}
                  onClick={() => {
                    setDraft(comment.body);
                    setMode('edit');
                  }}
                >
                  Edit
                </button>
              ) : null}
              {isAuthor || viewer.canModerate ? (
                <button
                  type="button"
                  className={styles.action}
                  onClick={() => {
                    if (window.confirm(deleteCommentConfirmation)) actions.onDelete(comment.id);
                  }}
                >
                  Delete
                </button>
              ) : null}
              {(Object.keys(reactionLabels) as ReactionType[]).map((type) => {
                const users = (reactions[type] ?? []).map(String);
                const mine = users.includes(viewer.id);
                return (
                  <button
                    key={type}
                    type="button"
                    className={`${styles.reaction} ${mine ? styles.reacted : ''}`}
                    aria-pressed={mine}
                    aria-label={`${reactionLabels[type].name}: ${users.length}`}
                    onClick={() => actions.onReact(comment.id, type)}
                  >
                    {reactionLabels[type].emoji} {users.length}
                  </button>
                );
              })}
            </div>
          ) : (
            <form
              className={styles.form}
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              <textarea
                className={styles.input}
                aria-label={mode === 'reply' ? `Reply to ${author}` : 'Edit comment'}
                placeholder={mode === 'reply' ? `Replying to ${author}...` : undefined}
                rows={3}
                value={draft}
                autoFocus
                onChange={(event) => setDraft(event.target.value)}
              />
              <div className={styles.formActions}>
                <button type="button" className={styles.button} onClick={() => setMode('view')}>
                  Cancel
                </button>
                <button type="submit" className={styles.primary} disabled={busy || !draft.trim()}>
                  {mode === 'reply' ? 'Post Reply' : 'Save'}
                </button>
              </div>
            </form>
          )}
        </div>
      </article>
      {comment.replies?.length ? (
        <ul className={styles.replies}>
          {comment.replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} depth={depth + 1} viewer={viewer} {...actions} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
