import { isAdmin, type AdminUserDto } from '@trackboard/contracts';

// Which actions the Users page offers on an account, as one table of cases. The
// server decides (and refuses the rest with 409); this only leaves out buttons that could not work.

export type AccountAction = 'makeAdmin' | 'makeUser' | 'suspend' | 'reactivate' | 'resend' | 'delete';

/**
 * - The role of an account that can sign in (active or suspended); approval comes first.
 * - Suspension for an active account, reactivation for a suspended one.
 * - A new verification e-mail while the address is unconfirmed.
 * - Deletion of any account but one's own; one's own suspension neither (it would end this session).
 */
export function accountActions(account: AdminUserDto, myId: string | undefined): AccountAction[] {
  const mine = account.id === myId;
  const actions: AccountAction[] = [];
  if (account.status === 'ACTIVE' || account.status === 'SUSPENDED')
    actions.push(isAdmin(account) ? 'makeUser' : 'makeAdmin');
  if (account.status === 'ACTIVE' && !mine) actions.push('suspend');
  if (account.status === 'SUSPENDED') actions.push('reactivate');
  if (account.status === 'PENDING_VERIFICATION') actions.push('resend');
  if (!mine) actions.push('delete');
  return actions;
}
