import type { CommentDto } from '@trackboard/contracts';
import { MessageBox } from '@trackboard/web-kit';
import { useState } from 'react';
import { uiMessages } from '../../ui-messages';
import { MarkdownEditor } from '../markdown';
import { CommentItem, type CommentActions, type CommentViewer } from './comment-item';
import styles from './comments.module.css';

interface CommentsPanelProps extends CommentActions {
  comments: CommentDto[];
  loading: boolean;
  error: string | null;
  viewer: CommentViewer | null;
  /** The project is archived (issue 15): the comments read, and none is posted, answered, changed or reacted to. */
  readOnly?: boolean;
  onAdd(text: string): Promise<boolean>;
}

/** The dialog's right pane (spec §2.12): the comment tree and the comment box. */
export function CommentsPanel({
  comments,
  loading,
  error,
  viewer,
  readOnly = false,
  onAdd,
  ...actions
}: CommentsPanelProps) {
  const [text, setText] = useState('');
  const [posting, setPosting] = useState(false);

  const post = async () => {
    const body = text.trim();
    if (!body) return;
    setPosting(true);
    const ok = await onAdd(body);
    setPosting(false);
    if (ok) setText('');
  };

  return (
    <section className={styles.panel} aria-labelledby="comments-heading">
      <h3 id="comments-heading" className={styles.heading}>
        Comments
      </h3>
      {error ? <MessageBox tone="error">{error}</MessageBox> : null}
      {loading ? (
        <p className={styles.muted} role="status">
          {uiMessages.loadingComments}
        </p>
      ) : comments.length === 0 ? (
        <p className={styles.muted}>{uiMessages.noComments}</p>
      ) : (
        <ul className={styles.list}>
          {comments.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              depth={0}
              viewer={viewer}
              readOnly={readOnly}
              {...actions}
            />
          ))}
        </ul>
      )}
      {readOnly ? null : (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            void post();
          }}
        >
          <MarkdownEditor
            className={styles.input}
            aria-label="New comment"
            placeholder="Add a comment..."
            rows={3}
            value={text}
            onChange={setText}
          />
          <div className={styles.formActions}>
            <button type="submit" className={styles.primary} disabled={posting || !text.trim()}>
              Post Comment
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
