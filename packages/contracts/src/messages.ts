// The message catalogue: every user-facing text the server answers with, spec wording
// character for character, so the API and the UI never drift apart.
export const messages = {
  notFound: 'Not found',
  unauthorized: 'Authentication required',
  invalidToken: 'Invalid or expired token',
  /** The 403 page's text. */
  forbidden: 'You do not have the necessary permissions to access this page.',
  bodyTooLarge: 'Request body is too large',
  malformedJson: 'Request body must be valid JSON',
  internal: 'Internal server error',
  serviceUnavailable: 'Service unavailable',
  /** Something this needs (Redis, for the login limits) is briefly away: refused at once rather than left waiting. */
  temporarilyUnavailable: 'This is temporarily unavailable. Please try again in a minute.',
  /** A realtime connection refused: that user, or that address, holds too many already. */
  tooManyConnections: 'Too many open connections. Close other tabs of this app and try again.',
  boardNotFound: 'Board not found',
  accountNotActive: 'Your account is not active.',
  adminOnly: 'Only administrators can do this.',

  // Accounts
  emailTaken: 'An account with this email already exists.',
  invalidCredentials: 'Invalid email or password.',
  tooManyLogins: 'Too many login attempts. Please try again later.',
  tooManyRequests: 'Too many requests. Please try again later.',
  accountRejected: 'Your account has been rejected. If you believe this is an error, please contact support.',
  accountSuspended: 'Your account has been suspended. Please contact support.',
  emailNotVerified: 'Your email address is not verified yet. Please check your inbox for the verification link.',
  verificationExpired: 'Verification token has expired. Please request a new one.',
  verificationInvalid: 'Invalid verification token. Please try again or request a new one.',

  sessionNotFound: 'That session has already ended.',

  // Single sign-on (OpenID Connect)
  ssoNotStarted: 'This single sign-on was not started in this browser, or it has expired. Please try again.',
  ssoRefused: 'The identity provider did not confirm the sign-in. Please try again.',
  ssoEmailNotVerified: 'Your identity provider has not verified your email address, so it cannot sign you in here.',
  ssoDomainNotAllowed: 'Accounts with this email domain cannot sign in here.',
  ssoUnavailable: 'The identity provider cannot be reached. Please try again later.',
  ssoLinkRequired: (provider: string) =>
    `An account with this email address already exists. Enter its password once to sign in with ${provider} from now on.`,
  passwordsTurnedOff: 'Passwords are turned off here: sign in with your organisation’s account.',
  verificationSent: 'If an account with that email exists and requires verification, a new email has been sent.',
  emailVerified: 'Email successfully verified. Your account is now pending admin approval.',
  /** Not in the spec: a verification link opened again once its account is verified, answered with 409. */
  emailAlreadyVerified: 'This email address has already been verified. Please sign in to continue.',
  emailRequired: 'Email address is required.',
  userNotFound: 'User not found',
  noChanges: 'No changes provided for update.',
  statusChangeRefused: (from: string, to: string) => `An account in status ${from} cannot become ${to}.`,
  tooManyRegistrations: 'Too many accounts were registered recently. Please try again later.',
  passwordTooGuessable: 'password: is too easy to guess. Use a longer passphrase that is not a common password.',
  passwordIsPersonal: 'password: must not be your name or e-mail address.',

  // Password reset and change
  passwordResetSent: "If an account exists for that address, we've sent a link.",
  passwordResetInvalid: 'This password reset link is not valid. Please request a new one.',
  passwordResetUsed: 'This password reset link has already been used. Please request a new one.',
  passwordResetExpired: 'This password reset link has expired. Please request a new one.',
  passwordResetDone: 'Your password has been reset. You can now sign in with your new password.',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
  /** The answers when the new password also revoked the account's personal access tokens. */
  passwordResetDoneTokensRevoked:
    'Your password has been reset and your access tokens revoked. You can now sign in with your new password.',
  passwordChangedTokensRevoked:
    'Your password has been changed. Your other sessions have been signed out and your access tokens revoked.',
  /** After the field's name, like the policy's messages, so the form shows it at the field. */
  currentPasswordWrong: 'currentPassword: is incorrect',
  tooManyPasswordResets: 'Too many password reset requests. Please try again later.',
  tooManyPasswordChecks: 'Too many wrong passwords. Please try again later.',
  /** Any text field (the one rule of packages/contracts/src/text.ts), after the field's name. */
  controlCharacters: 'must not contain control characters',
  /** Half an emoji (JSON's `\ud83d` alone): no form sends one, so only API clients meet it. */
  unpairedSurrogates: 'must not contain unpaired surrogates',

  // Projects
  projectNotFound: 'Project not found',
  projectKeyTaken: 'A project with this key already exists.',
  onlyLeadEdits: 'Only the project lead can change this project.',
  sameLead: 'Please select a valid new lead different from the current one.',
  leadMustBeMember: 'The new lead must be a member of the project.',
  alreadyMember: (email: string) => `${email} is already a member of this project.`,
  invitationNotFound: 'This invitation does not exist or has been withdrawn.',
  invitationExpired: 'This invitation has expired. Ask the project lead to send it again.',
  invitationUsed: 'This invitation has already been used.',
  invitationForOtherEmail: (email: string) =>
    `This invitation is for ${email}. Sign in with that account to accept it.`,
  invitationAccountExists: 'An account with this email address already exists: sign in to accept the invitation.',
  onlyLeadInvites: 'Only the project lead or an administrator can invite people.',
  leadCannotBeRemoved: 'The project lead cannot be removed.',
  removeMemberForbidden: 'Only the project lead or an administrator can remove members.',
  notAMember: 'That user is not a member of this project.',
  /** Any change a viewer asks for (403): they read the project. */
  viewerReadOnly: 'Viewers can read this project but not change it.',
  viewerCannotComment: 'Viewers cannot comment in this project.',
  /** The lead's role is the project's lead: changed by choosing another lead. */
  leadRoleFixed: "The project lead's role changes only when another member becomes the lead.",
  deleteProjectForbidden: 'Only the project lead or an administrator can delete a project.',
  boardCreateForbidden: 'Only the project lead or an administrator can add a board.',
  /** The last board of a project can't be deleted (400); /board/{key} opens the first one. */
  lastBoard: 'A project needs at least one board.',
  /** Every write to an archived project, its boards, columns, issues and comments (409). */
  projectArchived: 'This project is archived.',
  /** What the project and board pages say while it is archived, one wording for both remotes. */
  projectArchivedNotice:
    'This project is archived. It is read-only until the project lead or an administrator unarchives it.',
  archiveForbidden: 'Only the project lead or an administrator can archive or unarchive a project.',
  /** Archiving an archived project, or unarchiving one that is not (409). */
  alreadyArchived: 'This project is already archived.',
  notArchived: 'This project is not archived.',

  // Administration
  onlyPendingApproval: 'Only accounts awaiting approval can be approved or rejected.',
  onlyPendingVerification: 'Only accounts awaiting e-mail verification can be sent a new link.',
  verificationResent: 'A new verification e-mail has been sent.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  userLeadsProjects: 'This user leads projects: hand the lead over before deleting the account.',
  // User management
  lastActiveAdmin:
    'This is the last active administrator: make another account an administrator before demoting or suspending this one.',
  onlyActiveSuspended: 'Only active accounts can be suspended.',
  onlySuspendedReactivated: 'Only suspended accounts can be reactivated.',

  // Boards, issues, comments
  columnNotFound: 'Column not found',
  issueNotFound: 'Issue not found',
  assigneeNotMember: 'Assignee must be a member of this project.',
  commentNotFound: 'Comment not found',
  arrangeForbidden: 'Only the project lead or an administrator can change the board.',
  deleteIssueForbidden: 'Only an administrator or the project lead can delete an issue.',
  editCommentForbidden: 'Only the author can edit a comment.',
  deleteCommentForbidden: 'Only the author, an administrator or the project lead can delete a comment.',
  columnNotEmpty: 'This column still has issues: choose a column to move them to.',
  targetColumnNotOther: 'targetColumnId: must be another column of this board',
  columnOnOtherBoard: 'The column belongs to another board.',
  /** A board always has a column for its issues to be in. */
  lastColumn: "A board's last column can't be deleted.",
  staleIssue: 'This issue was changed by someone else. The latest version is shown.',
  /** A tick of a task the description no longer has where the ticker saw it (409, with the current issue). */
  taskChanged: (index: number) =>
    `The description has no task at index ${index} that reads as you saw it: it was changed by someone else. The latest version is shown.`,
  parentOnOtherIssue: 'The comment you reply to belongs to another issue.',
  /** A bulk edit where some issues changed since they were selected (409, with those issues as they are now). */
  staleIssues: (count: number) =>
    count === 1
      ? 'One of these issues was changed by someone else. Nothing was changed; the latest version is shown.'
      : `${count} of these issues were changed by someone else. Nothing was changed; the latest versions are shown.`,
  bulkOneBoard: 'ids: must all be issues of one board',

  // Attachments
  attachmentNotFound: 'Attachment not found',
  relationNotFound: 'Link not found',
  noClosingColumn: 'This board has no Closed or Done column to close the issue in.',
  deleteAttachmentForbidden: 'Only the uploader, an administrator or the project lead can delete an attachment.',
  attachmentEmpty: 'body: must not be empty',
  // A person's picture (PUT /auth/avatar)
  avatarNotAPicture: 'body: must be a picture (PNG, JPEG, WebP, GIF, AVIF or TIFF)',
  avatarTooLarge: 'body: must be a picture of at most 10 MB',
  /** The link's time is up, or it was changed: the app asks for a new one. */
  attachmentLinkInvalid: 'This download link has expired. Open the file from its issue again.',
  coverNotImage: 'coverAttachmentId: must be an image attached to this issue',
  // Undoing a delete (POST /issues/:id/restore, /comments/:id/restore): who could delete it restores it.
  restoreIssueForbidden: 'Only an administrator or the project lead can restore an issue.',
  restoreCommentForbidden: 'Only the author, an administrator or the project lead can restore a comment.',
  issueNotDeleted: 'This issue is not deleted.',
  commentNotDeleted: 'This comment is not deleted.',
  restoreParentFirst: 'The comment this replies to is deleted: restore it first.',
  projectMismatch: 'The column belongs to another project.',
  reporterNotCaller: 'reporterId: must be your own user id (the reporter is whoever creates the issue)',
  /** A text owner (spec §2.12 "User ID or name") that names no member of the project. */
  ownerNotMember: 'owner: must be the id, name or e-mail of a member of this project',
  ownerAmbiguous: 'owner: matches more than one member by name; use their e-mail',
  ownerDisagrees: 'owner: names someone other than assigneeId',
  labelNotFound: 'Label not found',
  labelNameTaken: 'A label with this name already exists on this board.',
  labelEditForbidden: 'Only the project lead or an administrator can change or delete a label.',
  labelNotOnBoard: 'labelIds: must be labels of this board',
  /** An estimate off the project's scale (sizes are sent as the points they stand for). */
  estimateNotOnScale: (scale: 'points' | 'tshirt') =>
    scale === 'tshirt'
      ? 'estimate: must be 1, 2, 3, 5 or 8 (XS, S, M, L or XL), or null'
      : 'estimate: must be 1, 2, 3, 5 or 8, or null',
  estimatesOff:
    "estimate: must be null while the project uses no estimates (its lead can turn them on in the project's settings)",

  // Webhooks
  webhookNotFound: 'Webhook not found',
  webhooksForbidden: 'Only the project lead or an administrator can manage webhooks.',
  /** A target on a private, loopback or link-local address (SSRF), or one that does not resolve. */
  webhookTargetRefused: 'url: must be a public address (private, loopback and link-local addresses are refused)',
  webhookTargetUnresolved: 'url: has a host name that could not be resolved',
  webhookDeliveryCursorUnknown: 'before: is no delivery in this webhook’s log (start again from the newest page)',

  // Cycles
  cycleNotFound: 'Cycle not found',
  cyclesForbidden: "Only the project lead or an administrator can change the project's cycles.",
  /** An issue put in a cycle that has ended, or one of another project. */
  cycleNotOpen: "cycleId: must be a current or upcoming cycle of the issue's project",
  /** Cycles that are off take no issues. */
  cyclesOff:
    "cycleId: must be null while the project has no cycles (its lead can turn them on in the project's settings)",

  // Saved views
  savedViewNotFound: 'View not found',
  savedViewNameTaken: 'You already have a view with this name in this project.',
  savedViewEditForbidden: 'Only its author, the project lead or an administrator can change a shared view.',
  savedViewBoardNotInProject: 'boardId: must be a board of this project',

  // Personal access tokens
  /** Token management, password change and logout need a signed-in session (403 for a personal token). */
  personalTokenRefused: 'Personal access tokens cannot manage tokens, change the password or sign out.',
  accessTokenNotFound: 'Access token not found',
  tooManyAccessTokens: 'You have too many access tokens. Revoke one you no longer use first.',
  accessTokenExpiryPast: 'expiresAt: must be in the future',
  /** Realtime connections are for the browser's signed-in session. */
  personalTokenNoRealtime: 'Personal access tokens cannot open a realtime connection.',

  // Export and import
  importNotFound: 'Import not found',
  importUnreadable: 'The file could not be read.',
  /** A CSV import without a Title column (the header is line 1). */
  importNoTitleColumn: 'the header has no Title column',
  importEmpty: 'The file holds no issues.',
  /** A job the replica running it never finished (it stopped): marked failed when read. */
  importAbandoned: 'The import stopped before it finished. Nothing was imported; please try again.',
  importFailed: 'The import failed. Nothing was imported.',
  /** People are added once the import's issues are all in. */
  importNotFinished: 'The import has not finished.',
  importPersonNotOffered: 'is not among the people this import offered',
  /** An issue key carries at most nine digits (WEB-999999999): no number past that is handed out. */
  issueNumbersUsedUp: 'This project has used every issue number a key can carry (up to 999,999,999).',
} as const;
