import { canArrangeBoard } from '@trackboard/contracts';
import { useSession } from '@trackboard/web-kit';
import { useBoardMembership } from '../../shared/board-store';

/**
 * Whether the signed-in user looks after the shown board: its project's lead or an admin, the
 * server's own predicate for changing a board's labels and columns. Unlike the board's column
 * controls this holds while the project is archived: the settings screen then shows it read-only.
 */
export function useManagesBoard(): boolean {
  const user = useSession((s) => s.user);
  const membership = useBoardMembership();
  if (!user || membership === null) return false;
  return canArrangeBoard(user, membership);
}
