import { matchPath } from 'react-router';
import { uiMessages } from '../ui-messages';
import { knownPageTitle } from './page-title';

// The pages outside the app shell have no header title: they get their own.
const publicTitles: ReadonlyArray<readonly [pattern: string, title: () => string]> = [
  ['/login', () => uiMessages.signInTitle],
  ['/register', () => uiMessages.registerTitle],
  ['/verify-email', () => uiMessages.verifyEmailTitle],
  ['/request-verification', () => uiMessages.requestVerificationTitle],
  ['/forgot-password', () => uiMessages.forgotPasswordTitle],
  ['/reset-password', () => uiMessages.resetPasswordTitle],
  ['/pending-approval', () => uiMessages.pendingApprovalTitle],
  ['/not-authorized', () => uiMessages.notAuthorizedTitle],
  ['/invitations/:token', () => uiMessages.invitationTitle],
];

// Addresses that only redirect (spec §2.1's index routes, the short /issues/{key} links): no
// title of their own, so they are not mistaken for the 404 page on their way through.
const redirects = ['/', '/admin', '/issues/:key'];

/**
 * The tab title of a path before its page says more: a public page's own title,
 * else the header's title; a path the header does not know is the 404 page.
 * Undefined on a redirect. A remote names its page more precisely (the board's name).
 */
export function documentTitle(pathname: string): string | undefined {
  const matches = (pattern: string) => matchPath(pattern, pathname) !== null;
  const own = publicTitles.find(([pattern]) => matches(pattern));
  if (own) return own[1]();
  if (redirects.some(matches)) return undefined;
  return knownPageTitle(pathname) ?? uiMessages.notFoundTitle;
}
