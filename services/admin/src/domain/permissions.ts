// Who may do what in administration: the predicates live once in contracts.
// Searching accounts (to add a member) is open to every active user, who finds only the people
// they share a project with, and their e-mails only as a project lead (domain/users.ts search).
import { canAdministerAccounts, messages } from '@trackboard/contracts';
import { Forbidden } from '@trackboard/server-kit';

export { canAdministerAccounts, canSeeAccount, isAdmin } from '@trackboard/contracts';

/** Administration: checked before anything is looked up, so a user learns nothing of other accounts. */
export const administrator = (caller: Parameters<typeof canAdministerAccounts>[0]) => {
  if (!canAdministerAccounts(caller)) throw new Forbidden(messages.adminOnly);
};
