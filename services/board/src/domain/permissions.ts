import { isAdmin, type AuthUser } from '@trackboard/server-kit';

// Who may do what on a board (spec §6): members of the board's project, and admins.
// `membership` is the caller's row in the project (from the project service's view), if any.
export type Membership = { isLead: boolean } | null;

export const canSeeBoard = (user: AuthUser, membership: Membership) => isAdmin(user) || membership !== null;
/** Boards and columns are arranged by the project lead (or an admin). */
export const canArrangeBoard = (user: AuthUser, membership: Membership) => isAdmin(user) || membership?.isLead === true;
/** Spec §6: deleting an issue is for admins and the project lead ("team leader"). */
export const canDeleteIssue = (user: AuthUser, membership: Membership) => isAdmin(user) || membership?.isLead === true;
/** Spec §6: the author edits a comment. */
export const canEditComment = (user: AuthUser, authorId: number) => Number(user.id) === authorId;
/** Spec §6: the author, an admin or the project lead deletes a comment. */
export const canDeleteComment = (user: AuthUser, authorId: number, membership: Membership) => canEditComment(user, authorId) || isAdmin(user) || membership?.isLead === true;
