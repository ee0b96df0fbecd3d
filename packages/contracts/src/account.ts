// Spec §4.1: account status, defined once. PENDING_VERIFICATION → PENDING_APPROVAL → ACTIVE,
// plus REJECTED and SUSPENDED.
export const accountStatuses = ['PENDING_VERIFICATION', 'PENDING_APPROVAL', 'ACTIVE', 'REJECTED', 'SUSPENDED'] as const;
export type AccountStatus = (typeof accountStatuses)[number];

const transitions: Record<AccountStatus, readonly AccountStatus[]> = {
  PENDING_VERIFICATION: ['PENDING_APPROVAL'], // e-mail verified
  PENDING_APPROVAL: ['ACTIVE', 'REJECTED'], // admin approval or rejection
  ACTIVE: ['SUSPENDED'],
  SUSPENDED: ['ACTIVE'],
  REJECTED: [],
};

export const canMoveAccount = (from: AccountStatus, to: AccountStatus) => transitions[from].includes(to);

/** Statuses whose sessions are refused outright (their tokens are revoked too). */
export const lockedOutStatuses: readonly AccountStatus[] = ['REJECTED', 'SUSPENDED'];
