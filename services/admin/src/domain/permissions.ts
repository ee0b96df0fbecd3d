// Who may do what in administration (spec §6, §7.5): the predicates live once in contracts.
// Searching active accounts (to add a member) is open to every active user.
import { canAdministerAccounts, messages } from '@trackboard/contracts';
import { Forbidden } from '@trackboard/server-kit';

export { canAdministerAccounts, canSeeAccount, isAdmin } from '@trackboard/contracts';

/** Administration: checked before anything is looked up, so a user learns nothing of other accounts. */
export const administrator = (caller: Parameters<typeof canAdministerAccounts>[0]) => {
  if (!canAdministerAccounts(caller)) throw new Forbidden(messages.adminOnly);
};
