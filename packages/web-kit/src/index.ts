// The shared singleton of the web app (ARCHITECTURE §5): shell and remotes import these
// from one loaded copy, so they see one session store, one API client and one theme. The
// package's other entries are in its package.json (docs/decisions/0031-web-kit-exports-map.md).
export {
  api,
  apiBasePath,
  apiRequest,
  ApiError,
  onUnauthorized,
  serverMessage,
  type RequestOptions,
} from './api/api-client';
export { errorReason, retryUnlessClientError } from './api/failures';
// The releases of the remotes this page loaded: the shell records, every API call sends.
export { remoteVersionsHeader, setLoadedRemoteVersion } from './api/remote-versions';
// Commands the palette offers; remotes add theirs here, the shell reads them.
export {
  commandForShortcut,
  readCommands,
  registerCommands,
  subscribeCommands,
  UNDO_SHORTCUT,
  useCommands,
  type AppCommand,
} from './commands/command-registry';
export { appTitleOf, defaultAppConfig, loadAppConfig, useAppConfig } from './config/app-config';
export { Field, type FieldControl, type FieldProps } from './forms/field';
export {
  fieldErrorFromMessage,
  fieldErrorOf,
  fieldRule,
  fieldTexts,
  lengthError,
  type FieldError,
  type FieldRule,
  type FieldRules,
} from './forms/field-errors';
export { useSession, readStoredSession, type SessionState, type StoredSession } from './session/session-store';
export { confirmStoredSession, logout } from './session/session-api';
export { accountStatusOf, type SessionUser } from './session/session-user';
// One admin rule for server and browser: the contracts' predicate.
export { isAdmin } from '@trackboard/contracts';
export { storageKeys } from './session/storage-keys';
export { useDocumentAppearance } from './theme/document-appearance';
export { themeModeOf, useTheme, type EffectiveTheme, type ThemeMode } from './theme/theme-store';
export { Breadcrumb, type Crumb } from './ui/breadcrumb';
export { FadeIn } from './ui/fade-in';
export { MessageBox, type MessageTone } from './ui/message-box';
export { NotFoundPage } from './ui/not-found-page';
export {
  bindRealtimeToSession,
  createSocketManager,
  socketManager,
  socketOptions,
  type BoardSocket,
  type BoardUpdateListener,
  type ConnectListener,
  type SocketManager,
} from './socket/socket-manager';
export { isLoadFailure, retryUntilBack, type RetryOptions } from './socket/retry-until-back';
export { formatAbsoluteTime, formatRelativeTime, RelativeTime } from './ui/relative-time';
export { Spinner } from './ui/spinner';
export {
  clearToasts,
  dismissToast,
  showToast,
  Toaster,
  useToasts,
  type Toast,
  type ToastCloseReason,
  type ToastOptions,
} from './ui/toasts';
export { useDebouncedValue } from './ui/use-debounced-value';
export { useDocumentTitle } from './ui/use-document-title';
export { useMediaQuery } from './ui/use-media-query';
// Languages and time zones: each app's catalogue, the page's language, dates and numbers by Intl.
export {
  browserLanguage,
  currentLanguage,
  currentTimeZone,
  dateTimeFormat,
  defineCatalogue,
  numberFormat,
  relativeTimeFormat,
  setLanguage,
  setTimeZone,
  storedLanguageChoice,
  useCatalogue,
  useLanguage,
  type Catalogue,
  type CatalogueText,
  type PluralStem,
  type Translations,
} from './i18n/i18n';
export { kitText } from './i18n/kit-messages';
export { inReadersLanguage, serverText } from './i18n/server-messages';
