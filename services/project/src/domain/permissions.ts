import { isAdmin, type AuthUser } from '@trackboard/server-kit';

// Spec §6 and issue rules, in one place. `membership` is the caller's row in the project, if any.
export type Membership = { isLead: boolean } | null;

export const canSeeProject = (user: AuthUser, membership: Membership) => isAdmin(user) || membership !== null;
/** Edit name/description, change the lead, add members: the lead only. */
export const canEditProject = (_user: AuthUser, membership: Membership) => membership?.isLead === true;
/** Remove members (never the lead): the lead or an admin. */
export const canRemoveMembers = (user: AuthUser, membership: Membership) => isAdmin(user) || membership?.isLead === true;
export const canDeleteProject = canRemoveMembers;
