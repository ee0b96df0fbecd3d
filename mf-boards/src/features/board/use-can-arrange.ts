import { canArrangeBoard } from '@trackboard/contracts';
import { useSession } from '@trackboard/web-kit';
import { useProjectArchived } from '../../shared/board-store/use-project-archived';
import { useBoardMembership } from '../../shared/board-store/use-board-access';

/**
 * Whether the signed-in user may arrange the shown board's columns: its project's lead
 * or an admin, the server's own predicate (so no control it draws answers 403).
 * Nobody, while the project is archived: the server refuses it then.
 */
export function useCanArrange(): boolean {
  const user = useSession((s) => s.user);
  const membership = useBoardMembership();
  const archived = useProjectArchived();
  if (!user || membership === null || archived) return false;
  return canArrangeBoard(user, membership);
}
