import { reactionTypes, type CommentDto, type ReactionType } from '@trackboard/contracts';
import { useConfirm } from '@trackboard/web-kit/confirm-dialog';
import { useState } from 'react';
import { uiMessages } from '../../ui-messages';
import { reactionLabels } from './comment-view';
import { AddReactionIcon, ReactionIcon } from './reaction-icon';
import styles from './comments.module.css';

interface CommentToolbarProps {
  comment: CommentDto;
  viewerId: string;
  /** The project is archived: the reactions are counted, not given. */
  readOnly: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onReply(): void;
  onEdit(): void;
  onDelete(): void;
  onReact(type: ReactionType): void;
}

/** Reply, Edit and Delete where allowed, and the comment's reactions. */
export function CommentToolbar({
  comment,
  viewerId,
  readOnly,
  canEdit,
  canDelete,
  onReply,
  onEdit,
  onDelete,
  onReact,
}: CommentToolbarProps) {
  const [confirmDialog, confirm] = useConfirm();
  const askDelete = async () => {
    const sure = await confirm({
      title: uiMessages.deleteCommentTitle,
      message: uiMessages.confirmDeleteComment,
      confirmLabel: uiMessages.delete,
      danger: true,
    });
    if (sure) onDelete();
  };
  return (
    <div className={styles.actions}>
      {readOnly ? null : (
        <button type="button" className={styles.action} onClick={onReply}>
          {uiMessages.reply}
        </button>
      )}
      {canEdit && !readOnly ? (
        <button type="button" className={styles.action} onClick={onEdit}>
          {uiMessages.edit}
        </button>
      ) : null}
      {canDelete && !readOnly ? (
        <button type="button" className={styles.action} onClick={() => void askDelete()}>
          {uiMessages.delete}
        </button>
      ) : null}
      {confirmDialog}
      <Reactions comment={comment} viewerId={viewerId} readOnly={readOnly} onReact={onReact} />
    </div>
  );
}

/**
 * The reactions someone gave, each with its count, and "Add reaction" for the others: a row of
 * zeros on every comment said nothing and crowded the thread.
 */
function Reactions({
  comment,
  viewerId,
  readOnly,
  onReact,
}: Pick<CommentToolbarProps, 'comment' | 'viewerId' | 'readOnly' | 'onReact'>) {
  const [adding, setAdding] = useState(false);
  const given = reactionTypes.filter((type) => comment.reactions[type].length > 0);
  const others = reactionTypes.filter((type) => comment.reactions[type].length === 0);
  return (
    <>
      {given.map((type) => {
        const users = comment.reactions[type];
        const mine = users.includes(viewerId);
        return (
          <button
            key={type}
            type="button"
            className={`${styles.reaction} ${mine ? styles.reacted : ''}`}
            aria-pressed={mine}
            aria-label={`${reactionLabels[type].name}: ${users.length}`}
            disabled={readOnly}
            onClick={() => onReact(type)}
          >
            <ReactionIcon type={type} /> {users.length}
          </button>
        );
      })}
      {readOnly || others.length === 0 ? null : (
        <span className={styles.addReaction}>
          <button
            type="button"
            className={styles.reaction}
            aria-label={uiMessages.addReaction}
            title={uiMessages.addReaction}
            aria-expanded={adding}
            onClick={() => setAdding((open) => !open)}
          >
            <AddReactionIcon />
          </button>
          {adding ? (
            <span role="group" aria-label={uiMessages.addReaction} className={styles.reactionChoices}>
              {others.map((type) => (
                <button
                  key={type}
                  type="button"
                  className={styles.reaction}
                  aria-label={reactionLabels[type].name}
                  title={reactionLabels[type].name}
                  onClick={() => {
                    setAdding(false);
                    onReact(type);
                  }}
                >
                  <ReactionIcon type={type} />
                </button>
              ))}
            </span>
          ) : null}
        </span>
      )}
    </>
  );
}
