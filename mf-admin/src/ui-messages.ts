import type { AccountStatus } from '@trackboard/contracts';
import { defineCatalogue, numberFormat } from '@trackboard/web-kit';
import english from './messages/en.json';
import type { SortField } from './shared/list-query';

/** This app's words ('admin'), in the page's language: `text('key', { name })`. */
export const text = defineCatalogue('admin', english, { de: () => import('./messages/de.json') });

/** Counts and shares in the page's language: "1,234", "10%" (German "1.234", "10 %"). */
const count = (n: number) => numberFormat().format(n);
const percent = (share: number) => numberFormat({ style: 'percent' }).format(share / 100);

/** The fields of an account (AdminUserDto and its profileSettings) the details dialog names. */
const fieldKeys = {
  id: 'fieldId',
  name: 'fieldName',
  email: 'fieldEmail',
  bio: 'fieldBio',
  avatarUrl: 'fieldAvatarUrl',
  role: 'fieldRole',
  isAdmin: 'fieldIsAdmin',
  status: 'fieldStatus',
  createdAt: 'fieldCreatedAt',
  updatedAt: 'fieldUpdatedAt',
  profileSettings: 'fieldProfileSettings',
  fontSize: 'fieldFontSize',
  highContrast: 'fieldHighContrast',
  themePreference: 'fieldThemePreference',
  language: 'fieldLanguage',
  timeZone: 'fieldTimeZone',
} as const satisfies Record<string, keyof typeof english>;

// What the admin screens say (spec §2.16, §5, §8.5), word for word, in the reader's language.
export const uiMessages = {
  // User approval, /admin/user-approval
  get title() {
    return text('title');
  },
  get searchLabel() {
    return text('searchLabel');
  },
  // Whether invited people wait for approval (registration settings)
  get invitedNeedApproval() {
    return text('invitedNeedApproval');
  },
  invitedApprovalFailed: (reason: string) => text('invitedApprovalFailed', { reason }),
  get tryAgain() {
    return text('tryAgain');
  },
  get pageSizeLabel() {
    return text('pageSizeLabel');
  },
  get loading() {
    return text('loading');
  },
  get refreshing() {
    return text('refreshing');
  },
  get noUsers() {
    return text('noUsers');
  },
  selectedCount: (n: number) => text('selectedCount', { n }),
  showing: (from: number, to: number, total: number) =>
    text('showing', { from: count(from), to: count(to), total: count(total) }),
  get processing() {
    return text('processing');
  },
  get bulkActionsLabel() {
    return text('bulkActionsLabel');
  },
  get approveSelected() {
    return text('approveSelected');
  },
  get rejectSelected() {
    return text('rejectSelected');
  },
  get approve() {
    return text('approve');
  },
  get reject() {
    return text('reject');
  },
  get resendEmail() {
    return text('resendEmail');
  },
  get cancel() {
    return text('cancel');
  },
  get close() {
    return text('close');
  },
  get approveUserTitle() {
    return text('approveUserTitle');
  },
  get rejectUserTitle() {
    return text('rejectUserTitle');
  },
  get confirmRejectButton() {
    return text('confirmRejectButton');
  },
  get selectAllUsers() {
    return text('selectAllUsers');
  },
  selectUser: (name: string) => text('selectUser', { name }),
  get statusColumn() {
    return text('statusColumn');
  },
  get actionsColumn() {
    return text('actionsColumn');
  },

  // The accounts' columns and statuses on every admin page
  /** The sortable columns' headings, in the table's order. */
  columns: {
    get id() {
      return text('columnId');
    },
    get name() {
      return text('columnName');
    },
    get email() {
      return text('columnEmail');
    },
    get createdAt() {
      return text('columnCreatedAt');
    },
  } satisfies Record<SortField, string>,
  /** Every status as the admin pages name it (spec §2.16 names the two pending ones). */
  statuses: {
    get ACTIVE() {
      return text('statusActive');
    },
    get PENDING_VERIFICATION() {
      return text('statusPendingVerification');
    },
    get PENDING_APPROVAL() {
      return text('statusPendingApproval');
    },
    get REJECTED() {
      return text('statusRejected');
    },
    get SUSPENDED() {
      return text('statusSuspended');
    },
  } satisfies Record<AccountStatus, string>,
  get showAllDetails() {
    return text('showAllDetails');
  },
  get userDetailsTitle() {
    return text('userDetailsTitle');
  },
  get yes() {
    return text('yes');
  },
  get no() {
    return text('no');
  },

  /** An account's field by its name in the details dialog; undefined for a field the server did not send before. */
  fieldLabel: (name: string): string | undefined =>
    Object.hasOwn(fieldKeys, name) ? text(fieldKeys[name as keyof typeof fieldKeys]) : undefined,

  // Pages of a list
  get paginationLabel() {
    return text('paginationLabel');
  },
  get previous() {
    return text('previous');
  },
  get next() {
    return text('next');
  },
  get prev() {
    return text('prev');
  },
  get prevPage() {
    return text('prevPage');
  },
  get nextPage() {
    return text('nextPage');
  },
  pageNumber: (page: number) => text('pageNumber', { page }),

  // Confirmations and validation
  confirmApprove: (name: string, email: string) => text('confirmApprove', { name, email }),
  confirmReject: (name: string, email: string) => text('confirmReject', { name, email }),
  get rejectReasonLabel() {
    return text('rejectReasonLabel');
  },
  get noneSelectedForApproval() {
    return text('noneSelectedForApproval');
  },
  get noneSelectedForRejection() {
    return text('noneSelectedForRejection');
  },
  confirmBulkApprove: (n: number) => text('confirmBulkApprove', { n }),
  confirmBulkReject: (n: number) => text('confirmBulkReject', { n }),
  get bulkRejectionReason() {
    return text('bulkRejectionReason');
  },

  // Alerts: the server's message when it sent one, else these defaults.
  get loadFailed() {
    return text('loadFailed');
  },
  get approveFailed() {
    return text('approveFailed');
  },
  get rejectFailed() {
    return text('rejectFailed');
  },
  get resendFailed() {
    return text('resendFailed');
  },
  get bulkApproveFailed() {
    return text('bulkApproveFailed');
  },
  get bulkRejectFailed() {
    return text('bulkRejectFailed');
  },
  approved: (name: string) => text('approved', { name }),
  rejected: (name: string, reason: string | undefined) =>
    text('rejected', { name, reason: reason || text('notAvailable') }),
  bulkApproved: (n: number) => text('bulkApproved', { n }),
  bulkRejected: (n: number) => text('bulkRejected', { n }),
  resent: (name: string) => text('resent', { name }),

  // Phones: cards instead of the table, and a sort control instead of its headers
  get pendingUsersLabel() {
    return text('pendingUsersLabel');
  },
  get sortByLabel() {
    return text('sortByLabel');
  },
  get sortAscending() {
    return text('sortAscending');
  },
  get sortDescending() {
    return text('sortDescending');
  },

  // The alerts as toasts: their live region, the button that closes one, and the levels they start with
  get notificationsLabel() {
    return text('notificationsLabel');
  },
  get dismiss() {
    return text('dismiss');
  },
  get levelError() {
    return text('levelError');
  },
  get levelWarning() {
    return text('levelWarning');
  },
  get levelSuccess() {
    return text('levelSuccess');
  },

  // Users, /admin/users: every account, its role and status
  get usersTitle() {
    return text('usersTitle');
  },
  get usersLabel() {
    return text('usersLabel');
  },
  get statusFilterLabel() {
    return text('statusFilterLabel');
  },
  get allStatuses() {
    return text('allStatuses');
  },
  get loadingUsers() {
    return text('loadingUsers');
  },
  get roleColumn() {
    return text('roleColumn');
  },
  roleNames: {
    get admin() {
      return text('roleAdmin');
    },
    get user() {
      return text('roleUser');
    },
  },
  get you() {
    return text('you');
  },
  get reasonLabel() {
    return text('reasonLabel');
  },
  get makeAdmin() {
    return text('makeAdmin');
  },
  get makeUser() {
    return text('makeUser');
  },
  get suspend() {
    return text('suspend');
  },
  get reactivate() {
    return text('reactivate');
  },
  get delete() {
    return text('delete');
  },
  get changeRoleTitle() {
    return text('changeRoleTitle');
  },
  get suspendUserTitle() {
    return text('suspendUserTitle');
  },
  get confirmSuspendButton() {
    return text('confirmSuspendButton');
  },
  get reactivateUserTitle() {
    return text('reactivateUserTitle');
  },
  get confirmReactivateButton() {
    return text('confirmReactivateButton');
  },
  get deleteUserTitle() {
    return text('deleteUserTitle');
  },
  confirmMakeAdmin: (name: string, email: string) => text('confirmMakeAdmin', { name, email }),
  confirmMakeUser: (name: string, email: string) => text('confirmMakeUser', { name, email }),
  confirmSuspend: (name: string, email: string) => text('confirmSuspend', { name, email }),
  confirmReactivate: (name: string, email: string) => text('confirmReactivate', { name, email }),
  confirmDelete: (name: string, email: string) => text('confirmDelete', { name, email }),
  madeAdmin: (name: string) => text('madeAdmin', { name }),
  madeUser: (name: string) => text('madeUser', { name }),
  suspended: (name: string) => text('suspended', { name }),
  reactivated: (name: string) => text('reactivated', { name }),
  deleted: (name: string) => text('deleted', { name }),
  get roleFailed() {
    return text('roleFailed');
  },
  get suspendFailed() {
    return text('suspendFailed');
  },
  get reactivateFailed() {
    return text('reactivateFailed');
  },
  get deleteFailed() {
    return text('deleteFailed');
  },

  // The moderation log, /admin/moderation-log
  get logTitle() {
    return text('logTitle');
  },
  get logLabel() {
    return text('logLabel');
  },
  get loadingLog() {
    return text('loadingLog');
  },
  get noEntries() {
    return text('noEntries');
  },
  get entriesPerPage() {
    return text('entriesPerPage');
  },
  logFor: (name: string) => text('logFor', { name }),
  get showAllEntries() {
    return text('showAllEntries');
  },
  get history() {
    return text('history');
  },
  historyOf: (name: string) => text('historyOf', { name }),
  get deletedUser() {
    return text('deletedUser');
  },
  logColumns: {
    get when() {
      return text('logColumnWhen');
    },
    get action() {
      return text('logColumnAction');
    },
    get user() {
      return text('logColumnUser');
    },
    get actor() {
      return text('logColumnActor');
    },
    get reason() {
      return text('logColumnReason');
    },
  },
  actionNames: {
    get APPROVED() {
      return text('actionApproved');
    },
    get REJECTED() {
      return text('actionRejected');
    },
    get SUSPENDED() {
      return text('actionSuspended');
    },
    get REACTIVATED() {
      return text('actionReactivated');
    },
    get MADE_ADMIN() {
      return text('actionMadeAdmin');
    },
    get MADE_USER() {
      return text('actionMadeUser');
    },
    get VERIFICATION_RESENT() {
      return text('actionVerificationResent');
    },
    get DELETED() {
      return text('actionDeleted');
    },
  },
  get logLoadFailed() {
    return text('logLoadFailed');
  },

  // Releases, /admin/releases: which build of each remote users load, and its canary
  get releasesTitle() {
    return text('releasesTitle');
  },
  get loadingReleases() {
    return text('loadingReleases');
  },
  get refreshingReleases() {
    return text('refreshingReleases');
  },
  get releasesLoadFailed() {
    return text('releasesLoadFailed');
  },
  get releaseFailed() {
    return text('releaseFailed');
  },
  remoteTitles: {
    get mf_projects() {
      return text('remoteProjects');
    },
    get mf_boards() {
      return text('remoteBoards');
    },
    get mf_admin() {
      return text('remoteAdmin');
    },
  },
  remoteLabel: (title: string, name: string) => text('remoteLabel', { title, name }),
  get currentVersion() {
    return text('currentVersion');
  },
  get canary() {
    return text('canary');
  },
  get noCanary() {
    return text('noCanary');
  },
  canaryTo: (version: string, share: number) => text('canaryTo', { version, share: percent(share) }),
  canaryFailures: (count: number) => text('canaryFailures', { n: numberFormat().format(count) }),
  lastFailure: (when: string) => text('lastFailure', { when }),
  versionsOf: (title: string) => text('versionsOf', { title }),
  versionColumns: {
    get version() {
      return text('versionColumnVersion');
    },
    get published() {
      return text('versionColumnPublished');
    },
    get compatibility() {
      return text('versionColumnCompatibility');
    },
    get actions() {
      return text('versionColumnActions');
    },
  },
  get bundled() {
    return text('bundled');
  },
  get compatible() {
    return text('compatible');
  },
  get incompatible() {
    return text('incompatible');
  },
  get currentMark() {
    return text('currentMark');
  },
  canaryMark: (share: number) => text('canaryMark', { share: percent(share) }),
  get makeCurrent() {
    return text('makeCurrent');
  },
  get startCanary() {
    return text('startCanary');
  },
  get changeShare() {
    return text('changeShare');
  },
  get endCanary() {
    return text('endCanary');
  },
  get promote() {
    return text('promote');
  },
  rollBackTo: (version: string) => text('rollBackTo', { version }),
  /** The per-version buttons' names: the visible words first (WCAG 2.5.3), then the version. */
  actionOn: (action: string, version: string) => text('actionOn', { action, version }),
  get notPublished() {
    return text('notPublished');
  },
  releaseDialogTitles: {
    get makeCurrent() {
      return text('dialogMakeCurrent');
    },
    get promote() {
      return text('dialogPromote');
    },
    get rollBack() {
      return text('dialogRollBack');
    },
    get startCanary() {
      return text('dialogStartCanary');
    },
    get changeShare() {
      return text('dialogChangeShare');
    },
  },
  get shareLabel() {
    return text('shareLabel');
  },
  get shareInvalid() {
    return text('shareInvalid');
  },
  confirmMakeCurrent: (remote: string, version: string) => text('confirmMakeCurrent', { remote, version }),
  confirmPromote: (remote: string, version: string) => text('confirmPromote', { remote, version }),
  confirmRollBack: (remote: string, from: string, to: string) => text('confirmRollBack', { remote, from, to }),
  askStartCanary: (remote: string, version: string, current: string) =>
    text('askStartCanary', { remote, version, current }),
  askReplaceCanary: (remote: string, version: string, canary: string) =>
    text('askReplaceCanary', { remote, version, canary }),
  askChangeShare: (remote: string, version: string) => text('askChangeShare', { remote, version }),
  madeCurrent: (remote: string, version: string) => text('madeCurrent', { remote, version }),
  promoted: (remote: string, version: string) => text('promoted', { remote, version }),
  rolledBack: (remote: string, version: string) => text('rolledBack', { remote, version }),
  canaryStarted: (remote: string, version: string, share: number) =>
    text('canaryStarted', { remote, version, share: percent(share) }),
  shareChanged: (remote: string, version: string, share: number) =>
    text('shareChanged', { remote, version, share: percent(share) }),
  canaryEnded: (remote: string, version: string) => text('canaryEnded', { remote, version }),
  get releaseHistory() {
    return text('releaseHistory');
  },
  get noReleaseChanges() {
    return text('noReleaseChanges');
  },
  historyColumns: {
    get when() {
      return text('historyColumnWhen');
    },
    get by() {
      return text('historyColumnBy');
    },
    get remote() {
      return text('historyColumnRemote');
    },
    get what() {
      return text('historyColumnWhat');
    },
    get change() {
      return text('historyColumnChange');
    },
    get share() {
      return text('historyColumnShare');
    },
  },
  changeKinds: {
    get current() {
      return text('changeKindCurrent');
    },
    get canary() {
      return text('changeKindCanary');
    },
  },
  get noVersion() {
    return text('noVersion');
  },
  fromTo: (from: string, to: string) => text('fromTo', { from, to }),
  percent,

  // Dates
  get notAvailable() {
    return text('notAvailable');
  },
  get invalidDate() {
    return text('invalidDate');
  },
};
