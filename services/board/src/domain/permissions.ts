import type { AuthUser } from '@trackboard/server-kit';

// Who may see a board. Admins see every board; project membership (owned by the project
// service) widens this when the board rules land — until then everyone else is refused.
export function canSeeAnyBoard(user: AuthUser): boolean {
  return user.isAdmin || user.role === 'admin';
}
