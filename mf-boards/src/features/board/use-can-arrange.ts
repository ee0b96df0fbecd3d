import { canArrangeBoard } from '@trackboard/contracts';
import { useSession } from '@trackboard/web-kit';
import { useBoardStore } from '../../shared/board-store';
import { useProjectArchived } from '../../shared/board-store/use-project-archived';

/**
 * Whether the signed-in user may arrange the shown board's columns: its project's lead
 * or an admin, the server's own predicate (so no control it draws answers 403). Someone who sees
 * a board is a member or an admin, so the board's lead is all the membership there is to know.
 * Nobody, while the project is archived: the server refuses it then.
 */
export function useCanArrange(): boolean {
  const user = useSession((s) => s.user);
  const leadId = useBoardStore((s) => s.board?.leadId ?? null);
  const archived = useProjectArchived();
  if (!user || leadId === null || archived) return false;
  return canArrangeBoard(user, { isLead: user.id !== undefined && user.id === leadId });
}
