// Who may do what, written once for the services and the browser alike. The
// server decides; the browser uses the same predicates only to hide controls that would
// answer 403. Zod-free, so importing it ships no schema code to the browser.

/** Who is asking: enough of an account for the rules below (an AuthUser or a SessionUser). */
export type Caller = { id?: string | number | null; role?: string | null; isAdmin?: boolean | null };

/**
 * The caller's row in a project (from the project service's `memberships` view), or null. A
 * viewer reads everything and changes nothing (comments, if the project lets viewers comment).
 */
export type Membership = { isLead: boolean; isViewer: boolean } | null;

/** Admin rights: role "admin" or the isAdmin flag (spec §4.1, §6). */
export const isAdmin = (caller: Caller | null | undefined): boolean =>
  caller?.isAdmin === true || caller?.role === 'admin';

const isLead = (membership: Membership) => membership?.isLead === true;
const isEditor = (membership: Membership) => membership !== null && !membership.isViewer;
const isSelf = (caller: Caller, userId: string | number) =>
  caller.id !== undefined && caller.id !== null && String(caller.id) === String(userId);

/** Projects and their boards are seen by members and admins; others get 404. */
export const canSeeProject = (caller: Caller, membership: Membership) => isAdmin(caller) || membership !== null;
export const canSeeBoard = canSeeProject;

/** Edit name/description, change the lead, add members: the lead only. */
export const canEditProject = (_caller: Caller, membership: Membership) => isLead(membership);
/** Remove members (never the lead) and delete the project: the lead or an admin. */
export const canRemoveMembers = (caller: Caller, membership: Membership) => isAdmin(caller) || isLead(membership);
export const canDeleteProject = canRemoveMembers;
/** Archive and unarchive a project: the lead or an admin, as deleting it. */
export const canArchiveProject = canRemoveMembers;
/** Invitations to a project (send, list, resend, withdraw): the lead or an admin. */
export const canInvite = canRemoveMembers;
/** Webhooks of a project: the lead or an admin. */
export const canManageWebhooks = canRemoveMembers;
/** A project's cycle plan (on or off, length, start day): the lead or an admin. */
export const canManageCycles = canRemoveMembers;

/**
 * Issues, their fields, moves, labels, links, tasks and attachments: every member but a viewer,
 * and admins. The rules below that name the lead are narrower still.
 */
export const canEditIssues = (caller: Caller, membership: Membership) => isAdmin(caller) || isEditor(membership);
/** Writing a comment (and reacting to one): whoever edits issues, and viewers where the project allows it. */
export const canComment = (caller: Caller, membership: Membership, viewersMayComment: boolean) =>
  canEditIssues(caller, membership) || (membership?.isViewer === true && viewersMayComment);
/** Changing a member's role (member or viewer): as adding members, the lead or an admin. */
export const canChangeRoles = canRemoveMembers;

/** Boards and columns are arranged by the project lead or an admin. */
export const canArrangeBoard = (caller: Caller, membership: Membership) => isAdmin(caller) || isLead(membership);
/** Deleting an issue is for admins and the project lead ("team leader"). */
export const canDeleteIssue = (caller: Caller, membership: Membership) => isAdmin(caller) || isLead(membership);
/** The author edits a comment. */
export const canEditComment = (caller: Caller, authorId: string | number) => isSelf(caller, authorId);
/** The author, an admin or the project lead deletes a comment. */
export const canDeleteComment = (caller: Caller, authorId: string | number, membership: Membership) =>
  isSelf(caller, authorId) || isAdmin(caller) || isLead(membership);
/** An attachment goes by the same rule as a comment: its uploader, an admin or the project's lead. */
export const canDeleteAttachment = canDeleteComment;

/**
 * A saved view, for someone who sees its project: a shared one is the team's, a personal one its
 * author's alone (anyone else gets 404). A shared one is changed or deleted by its author, the
 * project lead or an admin; a personal one by its author only.
 */
export const canSeeSavedView = (caller: Caller, view: { authorId: string | number; shared: boolean }) =>
  view.shared || isSelf(caller, view.authorId);
export const canChangeSavedView = (
  caller: Caller,
  view: { authorId: string | number; shared: boolean },
  membership: Membership,
) => isSelf(caller, view.authorId) || (view.shared && (isAdmin(caller) || isLead(membership)));

/** Account administration (approval, status, the directory, the admin dashboard): admins only. */
export const canAdministerAccounts = (caller: Caller) => isAdmin(caller);
/** An account's record, stats and issues: its own user, or an admin. */
export const canSeeAccount = (caller: Caller, accountId: string | number) =>
  isSelf(caller, accountId) || isAdmin(caller);
