import type { CommentDto, ReactionType } from '@trackboard/contracts';
import { uiMessages } from '../../ui-messages';
import { Markdown } from '../markdown';
import { CommentDraftForm } from './comment-draft-form';
import { UserAvatar } from '../../shared/user-avatar';
import { CommentHeader } from './comment-header';
import { CommentToolbar } from './comment-toolbar';
import { authorName } from './comment-view';
import { useCommentDraft } from './use-comment-draft';
import styles from './comments.module.css';

/** The signed-in user as the comments see them: who they are and what they may do. */
export interface CommentViewer {
  id: string;
  /** May edit a comment by this author. */
  canEdit(authorId: string): boolean;
  /** May delete a comment by this author. */
  canDelete(authorId: string): boolean;
}

export interface CommentActions {
  onReply(parentId: string, text: string): Promise<boolean>;
  onEdit(commentId: string, text: string): Promise<boolean>;
  onDelete(commentId: string): void;
  onReact(commentId: string, type: ReactionType): void;
}

interface CommentItemProps extends CommentActions {
  comment: CommentDto;
  depth: number;
  viewer: CommentViewer | null;
  /** The project is archived: no Reply, Edit or Delete, and the reactions only count. */
  readOnly?: boolean;
}

/** One comment and its replies. Nothing is drawn without a signed-in user (the spec's rule). */
export function CommentItem({ viewer, ...props }: CommentItemProps) {
  return viewer ? <SignedInCommentItem viewer={viewer} {...props} /> : null;
}

function SignedInCommentItem({
  comment,
  depth,
  viewer,
  readOnly = false,
  ...actions
}: CommentItemProps & { viewer: CommentViewer }) {
  const draft = useCommentDraft(
    comment,
    {
      reply: (text) => actions.onReply(comment.id, text),
      edit: (text) => actions.onEdit(comment.id, text),
    },
    // An unsent reply or edit is kept (per person and issue) until sent or cancelled.
    readOnly ? null : { userId: viewer.id, issueId: comment.issueId },
  );
  const author = authorName(comment);

  return (
    <li data-comment-id={comment.id} data-depth={depth}>
      <article className={styles.comment} aria-label={uiMessages.commentBy(author)}>
        <UserAvatar name={comment.author.name} url={comment.author.avatarUrl} size="large" letters={1} />
        <div>
          <CommentHeader comment={comment} author={author} />
          {draft.mode === 'edit' ? null : (
            <div className={styles.body}>
              <Markdown text={comment.body} />
            </div>
          )}
          {draft.mode === 'view' ? (
            <CommentToolbar
              comment={comment}
              viewerId={viewer.id}
              readOnly={readOnly}
              canEdit={viewer.canEdit(comment.author.id)}
              canDelete={viewer.canDelete(comment.author.id)}
              onReply={draft.startReply}
              onEdit={draft.startEdit}
              onDelete={() => actions.onDelete(comment.id)}
              onReact={(type) => actions.onReact(comment.id, type)}
            />
          ) : (
            <CommentDraftForm
              label={draft.mode === 'reply' ? uiMessages.replyTo(author) : uiMessages.editComment}
              placeholder={draft.mode === 'reply' ? uiMessages.replyingTo(author) : undefined}
              submitLabel={draft.mode === 'reply' ? uiMessages.postReply : uiMessages.save}
              draft={draft.draft}
              busy={draft.busy}
              restored={draft.restored}
              onChange={draft.setDraft}
              onCancel={draft.cancel}
              onSubmit={() => void draft.submit()}
            />
          )}
        </div>
      </article>
      {comment.replies.length ? (
        <ul className={styles.replies}>
          {comment.replies.map((reply) => (
            <CommentItem
              key={reply.id}
              comment={reply}
              depth={depth + 1}
              viewer={viewer}
              readOnly={readOnly}
              {...actions}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
