// What the admin screens say (spec §2.16, §5, §8.5), word for word.
export const uiMessages = {
  // User approval, /admin/user-approval
  title: 'User Approval',
  searchLabel: 'Search by Name or Email',
  pageSizeLabel: 'Users per page',
  loading: 'Loading pending users...',
  refreshing: 'Refreshing user list...',
  noUsers: 'No users found matching your criteria.',
  selectedCount: (n: number) => `${n} user(s) selected.`,
  showing: (from: number, to: number, total: number) => `Showing ${from} to ${to} of ${total} results`,
  processing: 'Processing...',

  // Confirmations and validation
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

  // Alerts: the server's message when it sent one, else these defaults.
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

  // Phones: cards instead of the table, and a sort control instead of its headers
  pendingUsersLabel: 'Pending users',
  sortByLabel: 'Sort by',
  sortAscending: 'Sort ascending',
  sortDescending: 'Sort descending',

  // The alerts as toasts: their live region, and the button that closes one
  notificationsLabel: 'Notifications',
  dismiss: 'Dismiss',

  // Users, /admin/users: every account, its role and status
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

  // The moderation log, /admin/moderation-log
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

  // Releases, /admin/releases: which build of each remote users load, and its canary
  releasesTitle: 'Releases',
  loadingReleases: 'Loading releases...',
  refreshingReleases: 'Refreshing releases...',
  releasesLoadFailed: 'Could not load the releases.',
  releaseFailed: 'Failed to change the release.',
  remoteTitles: { mf_projects: 'Projects', mf_boards: 'Boards', mf_admin: 'Admin' },
  remoteLabel: (title: string, name: string) => `${title} (${name})`,
  currentVersion: 'Current version',
  canary: 'Canary',
  noCanary: 'No canary',
  canaryTo: (version: string, share: number) => `${version} to ${share}% of users`,
  canaryFailures: (count: number) => `Canary load failures: ${count}`,
  lastFailure: (when: string) => `Last at ${when}`,
  versionsOf: (title: string) => `Versions of ${title}`,
  versionColumns: { version: 'Version', published: 'Published', compatibility: 'Compatibility', actions: 'Actions' },
  bundled: 'Shipped with this install',
  compatible: 'Compatible',
  incompatible: 'Not compatible with the shell',
  currentMark: 'Current',
  canaryMark: (share: number) => `Canary ${share}%`,
  makeCurrent: 'Make current',
  startCanary: 'Start canary',
  changeShare: 'Change share',
  endCanary: 'End canary',
  promote: 'Promote',
  rollBackTo: (version: string) => `Roll back to ${version}`,
  /** The per-version buttons' names: the visible words first (WCAG 2.5.3), then the version. */
  actionOn: (action: string, version: string) => `${action}: ${version}`,
  notPublished: 'is no longer published',
  releaseDialogTitles: {
    makeCurrent: 'Make Current',
    promote: 'Promote Canary',
    rollBack: 'Roll Back',
    startCanary: 'Start Canary',
    changeShare: 'Change Canary Share',
  },
  shareLabel: 'Share of users (%)',
  shareInvalid: 'Enter a whole number from 1 to 100.',
  confirmMakeCurrent: (remote: string, version: string) =>
    `Make ${version} the current version of ${remote}? Every user loads it from their next page load.`,
  confirmPromote: (remote: string, version: string) =>
    `Make the canary ${version} the current version of ${remote}? Every user loads it from their next page load, and the canary ends.`,
  confirmRollBack: (remote: string, from: string, to: string) =>
    `Roll ${remote} back from ${from} to ${to}? Every user loads ${to} from their next page load.`,
  askStartCanary: (remote: string, version: string, current: string) =>
    `Load ${version} of ${remote} for a share of users; the others keep ${current}.`,
  askReplaceCanary: (remote: string, version: string, canary: string) =>
    `Load ${version} of ${remote} for a share of users instead of the canary ${canary}.`,
  askChangeShare: (remote: string, version: string) => `How many users load the canary ${version} of ${remote}?`,
  madeCurrent: (remote: string, version: string) => `${remote}: ${version} is now current.`,
  promoted: (remote: string, version: string) => `${remote}: the canary ${version} is now current.`,
  rolledBack: (remote: string, version: string) => `${remote}: rolled back to ${version}.`,
  canaryStarted: (remote: string, version: string, share: number) =>
    `${remote}: canary ${version} started for ${share}% of users.`,
  shareChanged: (remote: string, version: string, share: number) =>
    `${remote}: canary ${version} now goes to ${share}% of users.`,
  canaryEnded: (remote: string, version: string) => `${remote}: canary ${version} ended.`,
  releaseHistory: 'History',
  noReleaseChanges: 'No release changes yet.',
  historyColumns: { when: 'When', by: 'By', remote: 'Remote', what: 'What', change: 'Change', share: 'Share' },
  changeKinds: { current: 'Current', canary: 'Canary' },
  noVersion: 'None',
  fromTo: (from: string, to: string) => `${from} → ${to}`,
  percent: (share: number) => `${share}%`,

  // Dates
  notAvailable: 'N/A',
  invalidDate: 'Invalid Date',
} as const;
