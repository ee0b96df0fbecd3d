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

  // Users, /admin/users (issue 15): every account, its role and status
  usersTitle: 'Users',
  usersLabel: 'Users',
  statusFilterLabel: 'Status',
  allStatuses: 'All',
  loadingUsers: 'Loading users...',
  roleColumn: 'Role',
  roleNames: { admin: 'Admin', user: 'User' },
  you: '(you)',
  reasonLabel: 'Reason (Optional, for the moderation log)',
  confirmMakeAdmin: (name: string, email: string) =>
    `Make ${name} (${email}) an administrator? They can manage every account and project at once.`,
  confirmMakeUser: (name: string, email: string) =>
    `Make ${name} (${email}) a regular user? They lose administration at once.`,
  confirmSuspend: (name: string, email: string) =>
    `Suspend ${name} (${email})? They are signed out everywhere at once and cannot sign in until reactivated.`,
  confirmReactivate: (name: string, email: string) => `Reactivate ${name} (${email})? They can sign in again.`,
  confirmDelete: (name: string, email: string) =>
    `Delete ${name} (${email})? This cannot be undone. Their issues and comments stay, without their name.`,
  madeAdmin: (name: string) => `${name} is now an administrator.`,
  madeUser: (name: string) => `${name} is now a regular user.`,
  suspended: (name: string) => `User ${name} suspended.`,
  reactivated: (name: string) => `User ${name} reactivated.`,
  deleted: (name: string) => `User ${name} deleted.`,
  roleFailed: 'Failed to change the role.',
  suspendFailed: 'Failed to suspend user.',
  reactivateFailed: 'Failed to reactivate user.',
  deleteFailed: 'Failed to delete user.',

  // The moderation log, /admin/moderation-log (issue 15)
  logTitle: 'Moderation Log',
  logLabel: 'Moderation log entries',
  loadingLog: 'Loading the moderation log...',
  noEntries: 'No moderation actions recorded yet.',
  entriesPerPage: 'Entries per page',
  logFor: (name: string) => `Actions on ${name}`,
  showAllEntries: 'Show all users',
  history: 'History',
  historyOf: (name: string) => `History of ${name}`,
  deletedUser: 'Deleted user',
  logColumns: { when: 'When', action: 'Action', user: 'User', actor: 'By', reason: 'Reason' },
  actionNames: {
    APPROVED: 'Approved',
    REJECTED: 'Rejected',
    SUSPENDED: 'Suspended',
    REACTIVATED: 'Reactivated',
    MADE_ADMIN: 'Made administrator',
    MADE_USER: 'Made regular user',
    VERIFICATION_RESENT: 'Verification email resent',
    DELETED: 'Deleted',
  },
  logLoadFailed: 'Could not load the moderation log.',

  // Dates (spec §8.5)
  notAvailable: 'N/A',
  invalidDate: 'Invalid Date',
} as const;
