import type { SessionUser } from '@trackboard/web-kit';
import { decideRoute, type GuardDecision, type GuardInput } from './guard-decision';

const notVerified = 'Your email address is not verified yet. Please check your inbox for the verification link.';
const user = (fields: SessionUser): SessionUser => ({ id: 'u-1', email: 'ada@example.com', ...fields });
const at = (url: string): GuardInput['location'] => {
  const { pathname, search, hash } = new URL(url, 'http://app');
  return { pathname, search, hash };
};
const decide = (who: SessionUser | null, url: string, adminOnly = false, checked = true) =>
  decideRoute({ session: { token: who ? 't0ken' : null, user: who, checked }, location: at(url), adminOnly });

const pass: GuardDecision = { action: 'pass' };

describe('route guard', () => {
  it('waits (spinner) while the stored session is being checked', () => {
    expect(decide(user({ status: 'ACTIVE' }), '/dashboard', false, false)).toEqual({ action: 'wait' });
  });

  it('sends the signed-out to /login, remembering where they were going', () => {
    expect(decide(null, '/projects/WEB?tab=members#lead')).toEqual({
      action: 'redirect',
      to: '/login',
      state: { from: '/projects/WEB?tab=members#lead' },
    });
  });

  it('counts a token without a user (or the reverse) as signed out', () => {
    const location = at('/dashboard');
    expect(decideRoute({ session: { token: 't0ken', user: null, checked: true }, location })).toMatchObject({
      to: '/login',
    });
    expect(decideRoute({ session: { token: null, user: user({}), checked: true }, location })).toMatchObject({
      to: '/login',
    });
  });

  it.each<[string, SessionUser, string, boolean, GuardDecision]>([
    ['ACTIVE passes', user({ status: 'ACTIVE' }), '/dashboard', false, pass],
    ['a missing status counts as active', user({}), '/profile', false, pass],
    ['an empty status counts as active', user({ status: '' }), '/profile', false, pass],
    ['ACTIVE may stay on /pending-approval', user({ status: 'ACTIVE' }), '/pending-approval', false, pass],
    ['admin routes pass role admin', user({ status: 'ACTIVE', role: 'admin' }), '/admin/user-approval', true, pass],
    [
      'admin routes pass the isAdmin flag',
      user({ status: 'ACTIVE', role: 'user', isAdmin: true }),
      '/admin',
      true,
      pass,
    ],
    [
      'admin routes refuse others',
      user({ status: 'ACTIVE', role: 'team leader' }),
      '/admin/user-approval',
      true,
      { action: 'redirect', to: '/not-authorized' },
    ],
    [
      'PENDING_APPROVAL goes to /pending-approval',
      user({ status: 'PENDING_APPROVAL' }),
      '/dashboard',
      false,
      { action: 'redirect', to: '/pending-approval' },
    ],
    [
      'PENDING_APPROVAL stays on /pending-approval',
      user({ status: 'PENDING_APPROVAL' }),
      '/pending-approval',
      false,
      pass,
    ],
    ['PENDING_APPROVAL may log out', user({ status: 'PENDING_APPROVAL' }), '/login?logout=true', false, pass],
    [
      'PENDING_APPROVAL on an admin route still goes to /pending-approval',
      user({ status: 'PENDING_APPROVAL', role: 'admin' }),
      '/admin',
      true,
      { action: 'redirect', to: '/pending-approval' },
    ],
    [
      'PENDING_VERIFICATION goes to /login with the reason',
      user({ status: 'PENDING_VERIFICATION' }),
      '/dashboard',
      false,
      {
        action: 'redirect',
        to: '/login',
        state: { notice: { text: notVerified, tone: 'notice', verifyEmail: 'ada@example.com' } },
      },
    ],
    [
      'PENDING_VERIFICATION is not let onto /pending-approval',
      user({ status: 'PENDING_VERIFICATION' }),
      '/pending-approval',
      false,
      {
        action: 'redirect',
        to: '/login',
        state: { notice: { text: notVerified, tone: 'notice', verifyEmail: 'ada@example.com' } },
      },
    ],
    [
      'PENDING_VERIFICATION may request a new e-mail',
      user({ status: 'PENDING_VERIFICATION' }),
      '/request-verification',
      false,
      pass,
    ],
    [
      'PENDING_VERIFICATION may verify',
      user({ status: 'PENDING_VERIFICATION' }),
      '/verify-email?token=abc',
      false,
      pass,
    ],
    ['PENDING_VERIFICATION may log out', user({ status: 'PENDING_VERIFICATION' }), '/login?logout=true', false, pass],
    [
      'any other status goes to /login as unrecognized',
      user({ status: 'SUSPENDED' }),
      '/dashboard',
      false,
      {
        action: 'redirect',
        to: '/login',
        state: { notice: { text: 'Your account status is unrecognized.', tone: 'notice' } },
      },
    ],
    [
      'an unknown status goes to /login as unrecognized',
      user({ status: 'ON_HOLIDAY', role: 'admin' }),
      '/admin',
      true,
      {
        action: 'redirect',
        to: '/login',
        state: { notice: { text: 'Your account status is unrecognized.', tone: 'notice' } },
      },
    ],
  ])('%s', (_case, who, url, adminOnly, expected) => {
    expect(decide(who, url, adminOnly)).toEqual(expected);
  });
});
