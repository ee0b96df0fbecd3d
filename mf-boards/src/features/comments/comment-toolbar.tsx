import type { CommentDto, ReactionType } from '@trackboard/contracts';
import { uiMessages } from '../../ui-messages';
import { reactionLabels } from './comment-view';
import { ReactionIcon } from './reaction-icon';
import styles from './comments.module.css';

interface CommentToolbarProps {
  comment: CommentDto;
  viewerId: string;
  /** The project is archived (issue 15): the reactions are counted, not given. */
  readOnly: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onReply(): void;
  onEdit(): void;
  onDelete(): void;
  onReact(type: ReactionType): void;
}

/** Reply, Edit and Delete where allowed (spec §6), and the reactions with their counts. */
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
  return (
    <div className={styles.actions}>
      {readOnly ? null : (
        <button type="button" className={styles.action} onClick={onReply}>
          Reply
        </button>
      )}
      {canEdit && !readOnly ? (
        <button type="button" className={styles.action} onClick={onEdit}>
          Edit
        </button>
      ) : null}
      {canDelete && !readOnly ? (
        <button
          type="button"
          className={styles.action}
          onClick={() => {
            if (window.confirm(uiMessages.confirmDeleteComment)) onDelete();
          }}
        >
          Delete
        </button>
      ) : null}
      {(Object.keys(reactionLabels) as ReactionType[]).map((type) => {
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
    </div>
  );
}
