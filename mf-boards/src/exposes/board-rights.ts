import {
  canComment,
  canDeleteAttachment,
  canDeleteComment,
  canDeleteIssue,
  canEditComment,
  canEditIssues,
} from '@trackboard/contracts';
import { useSession, type SessionUser } from '@trackboard/web-kit';
import { useMemo } from 'react';
import type { CommentViewer } from '../features/comments';
import { useBoardStore } from '../shared/board-store';
import { boardMembership } from '../shared/board-store/use-board-access';
import type { BoardMeta } from '../shared/board-store/types';

/** What the signed-in user may do on the shown board: the server's own predicates, so no control answers 403. */
export interface BoardRights {
  /** Create, change and move issues (not a viewer). */
  canEditIssues: boolean;
  /** Write comments and react (a viewer only where the project allows it). */
  canComment: boolean;
  canDeleteIssue: boolean;
  /** Null without a signed-in user: comments are drawn for someone. */
  commentViewer: CommentViewer | null;
  /** May delete a file this person uploaded. */
  canDeleteAttachment(uploaderId: string): boolean;
}

const nothing: BoardRights = {
  canEditIssues: false,
  canComment: false,
  canDeleteIssue: false,
  commentViewer: null,
  canDeleteAttachment: () => false,
};

/** `board`: the shown board's lead, viewers and whether they comment (null before it is there). */
export function boardRights(
  user: SessionUser | null,
  board: Pick<BoardMeta, 'leadId' | 'viewerIds' | 'viewersMayComment'> | null,
): BoardRights {
  if (!user) return nothing;
  const membership = boardMembership(user, board);
  const id = user.id;
  return {
    canEditIssues: canEditIssues(user, membership),
    canComment: canComment(user, membership, board?.viewersMayComment ?? false),
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

/** boardRights of the signed-in user on the shown board, anew when either changes. */
export function useBoardRights(): BoardRights {
  const user = useSession((s) => s.user);
  const board = useBoardStore((s) => s.board);
  return useMemo(() => boardRights(user, board), [user, board]);
}
