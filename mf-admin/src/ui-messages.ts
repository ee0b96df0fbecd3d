// What the admin screens say (spec §2.16, §5, §8.5), word for word.
export const uiMessages = {
  // User approval, /admin/user-approval (spec §2.16)
  title: 'User Approval',
  searchLabel: 'Search by Name or Email',
  pageSizeLabel: 'Users per page',
  loading: 'Loading pending users...',
  refreshing: 'Refreshing user list...',
  noUsers: 'No users found matching your criteria.',
  selectedCount: (n: number) => `${n} user(s) selected.`,
  showing: (from: number, to: number, total: number) => `Showing ${from} to ${to} of ${total} results`,
  processing: 'Processing...',

  // Confirmations and validation (spec §2.16, §5)
  confirmApprove: (name: string, email: string) => `Are you sure you want to approve user ${name} (${email})?`,
  confirmReject: (name: string, email: string) =>
    `Are you sure you want to reject user ${name} (${email})? This action may not be reversible.`,
  rejectReasonLabel: 'Reason for Rejection (Optional, for internal log)',
  noneSelectedForApproval: 'No users selected for bulk approval.',
  noneSelectedForRejection: 'No users selected for bulk rejection.',
  confirmBulkApprove: (n: number) => `Are you sure you want to approve ${n} selected users?`,
  confirmBulkReject: (n: number) =>
    `Are you sure you want to REJECT ${n} selected users? This action is usually permanent.`,
  bulkRejectionReason: 'Bulk rejection by admin.',

  // Alerts (spec §8.5): the server's message when it sent one, else these defaults.
  loadFailed: 'Could not load users.',
  approveFailed: 'Failed to approve user.',
  rejectFailed: 'Failed to reject user.',
  resendFailed: 'Failed to resend verification email.',
  bulkApproveFailed: 'Bulk approval failed for some users.',
  bulkRejectFailed: 'Bulk rejection failed for some users.',
  approved: (name: string) => `User ${name} approved.`,
  rejected: (name: string, reason: string | undefined) => `User ${name} rejected. Reason: ${reason || 'N/A'}`,
  bulkApproved: (n: number) => `${n} users approved successfully.`,
  bulkRejected: (n: number) => `${n} users rejected.`,
  resent: (name: string) => `Verification email resent to ${name}.`,

  // Phones (issue 16): cards instead of the table, and a sort control instead of its headers
  pendingUsersLabel: 'Pending users',
  sortByLabel: 'Sort by',
  sortAscending: 'Sort ascending',
  sortDescending: 'Sort descending',

  // The alerts as toasts (issue 16): their live region, and the button that closes one
  notificationsLabel: 'Notifications',
  dismiss: 'Dismiss',

  // Dates (spec §8.5)
  notAvailable: 'N/A',
  invalidDate: 'Invalid Date',
} as const;
