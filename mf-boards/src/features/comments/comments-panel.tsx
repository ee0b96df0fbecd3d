import type { CommentDto } from '@trackboard/contracts';
import { MessageBox } from '@trackboard/web-kit';
import { useEffect, useState } from 'react';
import { uiMessages } from '../../ui-messages';
import { draftStore } from '../../shared/draft-store';
import { MarkdownEditor } from '../markdown';
import { CommentItem, type CommentActions, type CommentViewer } from './comment-item';
import { useNewCommentDraft, type DraftOwner } from './use-comment-draft';
import styles from './comments.module.css';

interface CommentsPanelProps extends CommentActions {
  /** The issue the comments are of: unsent comment drafts are kept per issue (none: not kept). */
  issueId?: string;
  comments: CommentDto[];
  loading: boolean;
  error: string | null;
  viewer: CommentViewer | null;
  /** The project is archived: the comments read, and none is posted, answered, changed or reacted to. */
  readOnly?: boolean;
  onAdd(text: string): Promise<boolean>;
}

/** The dialog's right pane: the comment tree and the comment box. */
export function CommentsPanel({
  issueId,
  comments,
  loading,
  error,
  viewer,
  readOnly = false,
  onAdd,
  ...actions
}: CommentsPanelProps) {
  const owner = viewer && issueId && !readOnly ? { userId: viewer.id, issueId } : null;
  useForgetDraftsOfGoneComments(owner, comments, !loading && !error);

  return (
    <section className={styles.panel} aria-labelledby="comments-heading">
      <h3 id="comments-heading" className={styles.heading}>
        {uiMessages.commentsHeading}
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
      {/* One box per issue: the dialog may move to another issue without closing. */}
      {readOnly ? null : <NewCommentForm key={issueId} owner={owner} onAdd={onAdd} />}
    </section>
  );
}

/** The comment box. Its unsent text is kept until posted or discarded. */
function NewCommentForm({ owner, onAdd }: { owner: DraftOwner | null; onAdd(text: string): Promise<boolean> }) {
  const draft = useNewCommentDraft(owner);
  const [posting, setPosting] = useState(false);

  const post = async () => {
    const body = draft.text.trim();
    if (!body) return;
    setPosting(true);
    const ok = await onAdd(body);
    setPosting(false);
    if (ok) draft.clear();
  };

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void post();
      }}
    >
      {draft.restored ? (
        <div className={styles.draftNote}>
          <span>{uiMessages.draftRestored}</span>
          <button type="button" className={styles.button} onClick={draft.clear}>
            {uiMessages.discardDraft}
          </button>
        </div>
      ) : null}
      <MarkdownEditor
        className={styles.input}
        aria-label={uiMessages.newComment}
        placeholder={uiMessages.commentPlaceholder}
        rows={3}
        value={draft.text}
        onChange={draft.setText}
      />
      <div className={styles.formActions}>
        <button type="submit" className={styles.primary} disabled={posting || !draft.text.trim()}>
          {uiMessages.postComment}
        </button>
      </div>
    </form>
  );
}

/**
 * A kept reply to a comment deleted since, or an edit of one, could never be sent or discarded
 * (its box is gone), and would mark the card for ever: once the thread is loaded, such drafts go.
 */
function useForgetDraftsOfGoneComments(owner: DraftOwner | null, comments: CommentDto[], loaded: boolean) {
  const userId = owner?.userId;
  const issueId = owner?.issueId;
  useEffect(() => {
    if (!userId || !issueId || !loaded || comments.some((comment) => comment.issueId !== issueId)) return;
    const ids = new Set<string>();
    const collect = (list: CommentDto[]) =>
      list.forEach((comment) => {
        ids.add(comment.id);
        collect(comment.replies);
      });
    collect(comments);
    draftStore.dropCommentDraftsExcept(userId, issueId, ids);
  }, [userId, issueId, comments, loaded]);
}
