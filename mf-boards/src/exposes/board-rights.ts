import {
  canDeleteAttachment,
  canDeleteComment,
  canDeleteIssue,
  canEditComment,
  type Membership,
} from '@trackboard/contracts';
import type { SessionUser } from '@trackboard/web-kit';
import type { CommentViewer } from '../features/comments';

/** What the signed-in user may do on the shown board: the server's own predicates, so no control answers 403. */
export interface BoardRights {
  canDeleteIssue: boolean;
  /** Null without a signed-in user: comments are drawn for someone. */
  commentViewer: CommentViewer | null;
  /** May delete a file this person uploaded. */
  canDeleteAttachment(uploaderId: string): boolean;
}

/**
 * A user who sees a board is a member of its project or an admin (the server answers 404
 * otherwise), so the board's lead is all the membership there is to know.
 */
export function boardRights(user: SessionUser | null, leadId: string | null): BoardRights {
  if (!user) return { canDeleteIssue: false, commentViewer: null, canDeleteAttachment: () => false };
  const membership: Membership = leadId === null ? null : { isLead: user.id === leadId };
  const id = user.id;
  return {
    canDeleteIssue: canDeleteIssue(user, membership),
    commentViewer: id
      ? {
          id,
          canEdit: (authorId) => canEditComment(user, authorId),
          canDelete: (authorId) => canDeleteComment(user, authorId, membership),
        }
      : null,
    canDeleteAttachment: (uploaderId) => canDeleteAttachment(user, uploaderId, membership),
  };
}
