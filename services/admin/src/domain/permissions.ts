// Who may do what in administration (spec §6, §7.5): the predicates live once in contracts.
// Searching active accounts (to add a member) is open to every active user.
export { canAdministerAccounts, canSeeAccount, isAdmin } from '@trackboard/contracts';
