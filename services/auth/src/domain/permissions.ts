// Who may do what with accounts: anyone their own profile; another account's status,
// fields, verification mail and deletion are administration. The predicate lives in contracts.
export { canAdministerAccounts } from '@trackboard/contracts';
