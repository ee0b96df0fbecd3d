import { isAdmin, type Caller } from '@trackboard/contracts';

// Who may do what with a project: the shared predicates live once in contracts.
export {
  canArchiveProject,
  canChangeRoles,
  canDeleteProject,
  canEditProject,
  canInvite,
  canRemoveMembers,
  canSeeProject,
  type Membership,
} from '@trackboard/contracts';

/** The project list: an admin sees every project, anyone else the ones they belong to. */
export const seesEveryProject = (caller: Caller) => isAdmin(caller);
