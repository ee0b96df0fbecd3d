import { accountStatusOf, isAdmin, type StoredSession } from '@trackboard/web-kit';
import { uiMessages } from '../ui-messages';
import type { LoginLocationState } from './login-state';

export type GuardDecision =
  { action: 'wait' } | { action: 'pass' } | { action: 'redirect'; to: string; state?: LoginLocationState };

export interface GuardInput {
  session: StoredSession & { checked: boolean };
  location: { pathname: string; search: string; hash?: string };
  /** Admin routes additionally need role admin or the isAdmin flag. */
  adminOnly?: boolean;
}

/** Screens an account awaiting e-mail verification may still see. */
const verificationPaths = ['/request-verification', '/verify-email'];

/** Spec §4.1: logging out must never be redirected away from. */
export function isLogoutPath({ pathname, search }: GuardInput['location']): boolean {
  return pathname === '/logout' || new URLSearchParams(search).get('logout') === 'true';
}

const pass: GuardDecision = { action: 'pass' };

/** The route guard, as a table: who may see `location`, and where the others go. */
export function decideRoute({ session, location, adminOnly = false }: GuardInput): GuardDecision {
  if (!session.checked) return { action: 'wait' };
  const { token, user } = session;
  if (!token || !user) {
    return {
      action: 'redirect',
      to: '/login',
      state: { from: location.pathname + location.search + (location.hash ?? '') },
    };
  }
  const status = accountStatusOf(user);
  switch (status) {
    case 'PENDING_VERIFICATION':
      if (verificationPaths.includes(location.pathname) || isLogoutPath(location)) return pass;
      return {
        action: 'redirect',
        to: '/login',
        state: { notice: { text: uiMessages.emailNotVerified, tone: 'notice', verifyEmail: user.email } },
      };
    case 'PENDING_APPROVAL':
      if (location.pathname === '/pending-approval' || isLogoutPath(location)) return pass;
      return { action: 'redirect', to: '/pending-approval' };
    case 'ACTIVE':
      return adminOnly && !isAdmin(user) ? { action: 'redirect', to: '/not-authorized' } : pass;
    default:
      return {
        action: 'redirect',
        to: '/login',
        state: { notice: { text: uiMessages.statusUnrecognized, tone: 'notice' } },
      };
  }
}
