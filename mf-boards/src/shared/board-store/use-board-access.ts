import type { Membership } from '@trackboard/contracts';
import { useSession, type SessionUser } from '@trackboard/web-kit';
import { useShallow } from 'zustand/react/shallow';
import { useBoardStore } from './board-store';
import { selectArchived } from './project-slice';
import type { BoardMeta } from './types';

/**
 * The signed-in user's membership of a board's project. Someone who sees a board is a member or
 * an admin (the server answers 404 otherwise), so the board's lead and viewers are all there is
 * to know; null while no board is shown.
 */
export function boardMembership(
  user: SessionUser | null,
  board: Pick<BoardMeta, 'leadId' | 'viewerIds'> | null,
): Membership {
  if (!user?.id || !board) return null;
  return { isLead: user.id === board.leadId, isViewer: board.viewerIds.includes(user.id) };
}

/** The signed-in user's membership of the shown board's project (boardMembership). */
export function useBoardMembership(): Membership {
  const user = useSession((s) => s.user);
  const board = useBoardStore(
    useShallow((s) => (s.board ? { leadId: s.board.leadId, viewerIds: s.board.viewerIds } : null)),
  );
  return boardMembership(user, board);
}

/**
 * Why the shown board takes no change from the signed-in user, if it takes none: its project is
 * archived (no one changes it), or they are one of its viewers. The server refuses those writes
 * (409, 403), so no control offers one.
 */
export function useReadOnlyReason(): 'archived' | 'viewer' | null {
  const archived = useBoardStore(selectArchived);
  const membership = useBoardMembership();
  if (archived) return 'archived';
  return membership?.isViewer ? 'viewer' : null;
}

/** Whether the shown board takes no change from the signed-in user (useReadOnlyReason). */
export const useBoardReadOnly = (): boolean => useReadOnlyReason() !== null;
