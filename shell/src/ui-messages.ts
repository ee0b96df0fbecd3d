import type { Delivery, NotificationKind, ProfileSettings, SessionDto } from '@trackboard/contracts';
import { defineCatalogue, numberFormat, serverText } from '@trackboard/web-kit';
import english from './messages/en.json';

// What the web app itself says (spec §5, §8), word for word in English, in the page's language.
// The server's answers come from the catalogue in packages/contracts, translated once in web-kit.
// Every entry is read when it is shown, never kept: the language can change while the app runs.

export const shellText = defineCatalogue('shell', english, { de: () => import('./messages/de.json') });

type Key = keyof typeof english & string;
type Values = Record<string, string | number>;

// Where a sentence holds an element (a link, an address in bold), its text marks the place with
// `{{slot}}`; the screen draws the words before it, the element, and the words after it.
const slot = '\u0000';
const around = (key: Key, values: Values = {}): [before: string, after: string] => {
  const [before = '', after = ''] = shellText(key, { ...values, slot }).split(slot);
  return [before, after];
};

/** `texts` with a getter for each of `keys`: a text without values, read in the page's language. */
function withWords<T extends object, K extends Key>(texts: T, ...keys: K[]): T & { readonly [P in K]: string } {
  for (const key of keys) Object.defineProperty(texts, key, { get: () => shellText(key), enumerable: true });
  return texts as T & { readonly [P in K]: string };
}

type ThemePreference = ProfileSettings['themePreference'];
type FontSize = ProfileSettings['fontSize'];

const themeKeys = { LIGHT: 'themeLight', DARK: 'themeDark', SYSTEM: 'themeSystem' } satisfies Record<
  ThemePreference,
  Key
>;
const fontSizeKeys = { SMALL: 'fontSmall', MEDIUM: 'fontMedium', LARGE: 'fontLarge' } satisfies Record<FontSize, Key>;
const kindKeys = {
  assigned: 'kindAssigned',
  mentioned: 'kindMentioned',
  reply: 'kindReply',
  comment: 'kindComment',
  status: 'kindStatus',
  added_to_project: 'kindAddedToProject',
} satisfies Record<NotificationKind, Key>;
const deliveryKeys = { off: 'deliveryOff', app: 'deliveryApp', 'app+email': 'deliveryAppEmail' } satisfies Record<
  Delivery,
  Key
>;
const methodKeys = {
  password: 'signedInWithPassword',
  sso: 'signedInWithSso',
  invitation: 'signedInThroughInvitation',
} satisfies Record<SessionDto['method'], Key>;

export const uiMessages = withWords(
  {
    // Sign in
    unexpectedStatus: (status: string) => shellText('unexpectedStatus', { status }),
    get accountRejected() {
      return serverText('accountRejected');
    },
    get accountSuspended() {
      return serverText('accountSuspended');
    },
    get emailNotVerified() {
      return serverText('emailNotVerified');
    },
    get passwordsTurnedOff() {
      return serverText('passwordsTurnedOff');
    },
    /** The server's 409 when single sign-on finds an account with the provider's e-mail. */
    ssoLinkRequired: (provider: string) => shellText('ssoLinkRequired', { provider }),
    signInWith: (name: string) => shellText('signInWith', { name }),

    // Verification
    get verificationSent() {
      return serverText('verificationSent');
    },
    get emailVerified() {
      return serverText('emailVerified');
    },
    get emailAlreadyVerified() {
      return serverText('emailAlreadyVerified');
    },
    get verificationInvalid() {
      return serverText('verificationInvalid');
    },
    /** Around the e-mail address it went to (or "your email address"). */
    verificationSentTo: () => around('verificationSentTo'),
    /** Around the link to enter the code. */
    haveVerificationCode: () => around('haveVerificationCode'),
    /** Around the support address. */
    pendingApprovalSupport: () => around('pendingApprovalSupport'),

    // Password reset
    get passwordResetSent() {
      return serverText('passwordResetSent');
    },
    get passwordResetInvalid() {
      return serverText('passwordResetInvalid');
    },

    // Profile
    profileUpdateFailed: (reason: string) => shellText('profileUpdateFailed', { reason }),
    /** "Failed to save (setting): …" (spec §8.5), the setting named by settingName or kindSettingName. */
    settingSaveFailed: (setting: string, reason: string) => shellText('settingSaveFailed', { setting, reason }),
    errorWithReason: (reason: string) => shellText('errorWithReason', { reason }),
    avatarOf: (name: string) => shellText('avatarOf', { name }),
    avatarFailed: (reason: string) => shellText('avatarFailed', { reason }),
    themeName: (preference: ThemePreference) => shellText(themeKeys[preference]),
    fontSizeName: (size: FontSize) => shellText(fontSizeKeys[size]),
    browserLanguage: (name: string) => shellText('browserLanguage', { name }),
    browserTimeZone: (zone: string) => shellText('browserTimeZone', { zone }),
    kindName: (kind: NotificationKind) => shellText(kindKeys[kind]),
    /** A kind as "Failed to save …" names it. */
    kindSettingName: (kind: NotificationKind) => shellText(`${kindKeys[kind]}Setting` as const),
    deliveryName: (delivery: Delivery) => shellText(deliveryKeys[delivery]),

    // Access tokens
    tokenCreated: (name: string) => shellText('tokenCreated', { name }),
    revokeNamed: (name: string) => shellText('revokeNamed', { name }),
    confirmRevoke: (name: string) => shellText('confirmRevoke', { name }),
    tokenExpired: (at: string) => shellText('tokenExpired', { at }),
    revokedOnPasswordChange: (at: string) => shellText('revokedOnPasswordChange', { at }),
    revokedOnPasswordReset: (at: string) => shellText('revokedOnPasswordReset', { at }),

    // Active sessions
    fromAddress: (address: string) => shellText('fromAddress', { address }),
    signedInMethod: (method: SessionDto['method']) => shellText(methodKeys[method]),
    signOutSessionLabel: (device: string, at: string) => shellText('signOutSessionLabel', { device, at }),
    signedOutSession: (device: string) => shellText('signedOutSession', { device }),
    browserOnSystem: (browser: string, system: string) => shellText('browserOnSystem', { browser, system }),

    // A project invitation's link, /invitations/{token}
    invitationForOtherEmail: (email: string) => shellText('invitationForOtherEmail', { email }),
    get invitationAccountExists() {
      return serverText('invitationAccountExists');
    },
    invitedToProject: (invitedBy: string, projectName: string, projectKey: string) =>
      shellText('invitedToProject', { invitedBy, projectName, projectKey }),
    invitedYou: (invitedBy: string, projectName: string) => shellText('invitedYou', { invitedBy, projectName }),
    joinProject: (projectName: string) => shellText('joinProject', { projectName }),

    // The 403 page says what the server's 403 says.
    get forbidden() {
      return serverText('forbidden');
    },

    // Dashboard
    openCount: (count: number) => shellText('openCount', { n: numberFormat().format(count) }),
    accountsAwaitApproval: (count: number) => shellText.plural('accountsAwaitApproval', count),

    // Search and the command palette
    searchFailedBecause: (reason: string) => shellText('searchFailedBecause', { reason }),
    typeMoreCharacters: (min: number) => shellText('typeMoreCharacters', { min }),
    noPaletteMatch: (text: string) => shellText('noPaletteMatch', { text }),
    noSearchMatch: (q: string) => shellText('noSearchMatch', { q }),
    resultsFor: (total: number, q: string) => shellText.plural('resultsFor', total, { q }),
    showAllResults: (total: number) => shellText('showAllResults', { n: numberFormat().format(total) }),
    /** A shortcut's keys in words: "Shortcut: g then d". */
    shortcutKeys: (keys: string[]) => shellText('shortcutKeys', { keys: keys.join(` ${shellText('then')} `) }),
    goTo: (page: string) => shellText('goTo', { page }),
    switchTheme: (theme: string) => shellText('switchTheme', { theme }),
    openView: (name: string, project: string) => shellText('openView', { name, project }),
    /** A saved view's tooltip: its name and project, and who shares it. */
    viewTitle: (name: string, project: string, shared: boolean, author: string | null | undefined) =>
      shared
        ? author
          ? shellText('viewSharedByTitle', { name, project, author })
          : shellText('viewSharedTitle', { name, project })
        : shellText('viewTitle', { name, project }),

    // My Issues
    chosenCount: (count: number) => shellText('chosenCount', { count: numberFormat().format(count) }),
    openIssuesAssigned: (total: number) => shellText.plural('openIssuesAssigned', total),
    issuesMatchFilters: (total: number) => shellText.plural('issuesMatchFilters', total),
    myIssuesLoadFailed: (reason: string) => shellText('myIssuesLoadFailed', { reason }),
    showingOf: (shown: number, total: number) =>
      shellText('showingOf', { shown: numberFormat().format(shown), total: numberFormat().format(total) }),

    // Notifications
    notificationsUnread: (shown: string) => shellText('notificationsUnread', { shown }),
    newNotification: (text: string) => shellText('newNotification', { text }),
    notifiedStatusTo: (status: string) => shellText('notifiedStatusTo', { status }),
  },
  // Sign in, register, verification, password reset
  'loginFailed',
  'statusUnrecognized',
  'logoutFailed',
  'invalidLoginEmail',
  'passwordRequired',
  /** Single sign-on refused without the server's reason (it could not be reached). */
  'ssoFailed',
  'allFieldsRequired',
  'passwordsDoNotMatch',
  'registrationFailed',
  // The fields' names in their errors ("Password must be at least 10 characters.")
  'usernameField',
  'bioField',
  'emailField',
  'passwordField',
  'noVerificationToken',
  'resendNeedsEmail',
  'resendFailed',
  'passwordResetRequestFailed',
  'passwordResetFailed',
  'passwordChangeFailed',
  'currentPasswordField',
  'newPasswordField',
  'keepAccessTokensField',
  'keepAccessTokensHint',
  'signIn',
  'signingIn',
  'signUp',
  'or',
  'then',
  'cancel',
  'close',
  'retry',
  'loading',
  'saving',
  'sending',
  'emailAddressLabel',
  'confirmPasswordLabel',
  'newPasswordLabel',
  'confirmNewPasswordLabel',
  'currentPasswordLabel',
  'backToSignIn',
  'backToLogin',
  'goToLogin',
  'goToSignIn',
  'goToDashboard',
  'completingSso',
  'requestNewVerificationEmail',
  'forgotYourPassword',
  'noAccount',
  'haveAccount',
  'linkAndSignIn',
  'forgotPasswordHeading',
  'forgotPasswordIntro',
  'resetLinkNote',
  'sendResetLink',
  'resetPasswordHeading',
  'requestNewLink',
  'setNewPassword',
  'createAccountHeading',
  'creatingAccountCapitalized',
  'registrationSuccessful',
  'pendingApprovalHeading',
  'pendingApprovalText',
  'logout',
  'verificationRequiredHeading',
  'yourEmailAddress',
  'enterCodeManually',
  'resendVerificationEmail',
  'verifyEmailHeading',
  'checkingVerificationLink',
  'verifyingEmail',
  'proceedToLogin',
  'registerAgain',
  'needNewVerificationLink',
  'verificationCode',
  'verify',
  'notAuthorizedHeading',

  // Profile
  'profileUpdated',
  'tryAgain',
  'profileLoadFailed',
  'invalidEmailFormat',
  'usernameRequired',
  'profileHeading',
  'authenticating',
  'logInToViewProfile',
  'loadingProfile',
  'appearancePreferences',
  'theme',
  'fontSize',
  'highContrastMode',
  'settingTheme',
  'settingFontSize',
  'settingHighContrast',
  'settingLanguage',
  'settingTimeZone',
  'languageAndRegion',
  'language',
  'timeZone',
  'profileInformation',
  'email',
  'bioPlaceholder',
  'updating',
  'updateProfileInfo',
  'avatar',
  'avatarUpload',
  'avatarChange',
  'avatarRemove',
  'avatarChoose',
  'usernameNotSet',
  'emailNotSet',
  'changePassword',
  'changing',
  'notifications',
  'notificationSettingsIntro',
  'loadingNotificationSettings',
  'notificationSettingsLoadFailed',
  'tokensTitle',
  'tokensIntro',
  'tokenNameField',
  'tokenExpiryField',
  'tokenExpiryHint',
  'tokenExpiryDate',
  'createToken',
  'creating',
  'copy',
  'copied',
  'copyFailed',
  'newToken',
  'noTokens',
  'loadingTokens',
  'tokensLoadFailed',
  'tokenCreateFailed',
  'revoke',
  'revokeTitle',
  'revokeFailed',
  'never',
  'created',
  'lastUsed',
  'expires',
  'actions',
  'sessionsTitle',
  'sessionsIntro',
  'loadingSessions',
  'sessionsLoadFailed',
  'thisDevice',
  'signedIn',
  'signOutSessionFailed',
  'noOtherSessions',
  'unknownBrowser',

  // A project invitation's link
  'openingInvitation',
  'invitationLoadFailed',
  'createAccountToJoin',
  'joining',
  'joinFailed',
  'createAccountAndJoin',
  'creatingAccount',
  'invitedAccountFailed',
  'nameField',
  'signOut',
  'signingOut',

  // Tab titles of the pages outside the app shell (the shell's own pages use their header titles)
  'signInTitle',
  'registerTitle',
  'verifyEmailTitle',
  'requestVerificationTitle',
  'pendingApprovalTitle',
  'forgotPasswordTitle',
  'resetPasswordTitle',
  'notAuthorizedTitle',
  'invitationTitle',
  'notFoundTitle',

  // The app shell: its pages' titles, the sidebar, the header
  'dashboard',
  'projects',
  'projectDetails',
  'board',
  'boardSettings',
  'profile',
  'search',
  'myIssues',
  'userApproval',
  'users',
  'moderationLog',
  'releases',
  'defaultPageTitle',
  'sidebar',
  'mainNavigation',
  'openNavigation',
  'closeNavigation',
  'searchAndCommands',
  'searchEllipsis',
  'remoteFailed',
  'checkingSession',
  /** Spec §8's default for a failed issue read, word for word. */
  'fetchIssueFailed',
  'views',

  // The command palette, search and the shortcuts
  'commandFailed',
  'commandPalette',
  'paletteSearchPlaceholder',
  'searchFailed',
  'searching',
  'resultsAndCommands',
  'commands',
  'moreCommands',
  'current',
  'issues',
  'goToGroup',
  'searchIssuesAndProjects',
  'issuesFound',
  'showMoreResults',
  'keyboardShortcuts',
  'singleKeysNote',
  'shortcutPalette',
  'shortcutFilter',
  'shortcutAddIssue',
  'shortcutUndo',
  'shortcutHelp',
  'shortcutClose',

  // Dashboard (spec §8.2's failures word for word)
  'assignedToMe',
  'noOpenAssigned',
  'viewAllAssigned',
  'viewAll',
  'dashboardLoadFailed',
  'adminDashboardLoadFailed',
  'unexpectedError',
  'errorLoadingDashboard',
  'activeProjects',
  'totalTasks',
  'loadingDashboard',
  'pendingApprovals',
  'reviewInUserApproval',
  'loadingApprovals',
  'notAvailable',
  'invalidDate',
  'recentActivity',
  'noRecentActivity',
  'recentProjects',
  'noRecentProjects',

  // My Issues
  'status',
  'priority',
  'type',
  'project',
  'nothingToChoose',
  'noAssignedMatch',
  'filterMyIssues',
  'clearFilters',
  'groupBy',
  'groupByProject',
  'groupByStatus',
  'showMoreIssues',

  // Notifications: the bell, its panel, and what each kind says after the actor's name
  'markAllRead',
  'loadingNotifications',
  'noNotifications',
  'showOlder',
  'unread',
  'notificationsLoadFailed',
  'notificationsMarkFailed',
  'notifiedAssigned',
  'notifiedMentioned',
  'notifiedReply',
  'notifiedComment',
  'notifiedStatus',
  'notifiedAddedToProject',
  'notifiedUpdated',
);
