import { isAdmin, type AuthUser } from '@trackboard/server-kit';

// Who may do what on a board (spec §6): members of the board's project, and admins.
// `membership` is the caller's row in the project (from the project service's view), if any.
export type Membership = { isLead: boolean } | null;

export const canSeeBoard = (user: AuthUser, membership: Membership) => isAdmin(user) || membership !== null;
/** Boards and columns are arranged by the project lead (or an admin). */
export const canArrangeBoard = (user: AuthUser, membership: Membership) => isAdmin(user) || membership?.isLead === true;
