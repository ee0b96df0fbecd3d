import type { ProjectDto, SessionResponse } from '@trackboard/contracts';
import { ADMIN } from './admin';
import { freshAddress } from './client-addresses';
import type { GivenUser, TestPlatform } from './platform';

/** The kinds of caller every authorization table asks about. */
export type CallerKind =
  'anonymous' | 'pending-verification' | 'pending-approval' | 'suspended' | 'rejected' | 'user' | 'admin';

const statusOf = {
  'pending-verification': 'PENDING_VERIFICATION',
  'pending-approval': 'PENDING_APPROVAL',
  suspended: 'SUSPENDED',
  rejected: 'REJECTED',
  user: 'ACTIVE',
} as const;

/**
 * A caller of that kind with an account (or session) of its own: `undefined` for anonymous, and
 * for the administrator a new login, so a case that logs out never ends another case's session.
 * Suspended and rejected callers hold the token they had before the status change.
 */
export async function givenCaller(t: TestPlatform, kind: CallerKind): Promise<GivenUser | undefined> {
  if (kind === 'anonymous') return undefined;
  if (kind === 'admin') {
    const session = await t.ok<SessionResponse>(
      t.request('POST', '/api/auth/login', { body: ADMIN, ip: freshAddress() }),
    );
    return { ...session, ...ADMIN };
  }
  return t.givenUser({ status: statusOf[kind] });
}

/**
 * Anonymous and every kind of caller with an account, each arranged by givenCaller on the platform
 * `t()` answers (the file's, made in its beforeAll): an authorization table's columns, in this order.
 */
export function accountCallers(t: () => TestPlatform) {
  return {
    anonymous: () => undefined,
    'pending-verification': () => givenCaller(t(), 'pending-verification'),
    'pending-approval': () => givenCaller(t(), 'pending-approval'),
    suspended: () => givenCaller(t(), 'suspended'),
    rejected: () => givenCaller(t(), 'rejected'),
    user: () => givenCaller(t(), 'user'),
    admin: () => givenCaller(t(), 'admin'),
  };
}

let keys = 0;
/** A fresh project key: upper-case letters and digits, at most 10 characters. */
export const freshProjectKey = () => `P${Date.now().toString(36).slice(-4).toUpperCase()}${++keys}`.slice(0, 10);

/** A project (and its first board) led by `lead`, with `member` and `extra` (one to remove) on its team. */
export async function givenProject(t: TestPlatform) {
  const [lead, member, extra] = await Promise.all([
    t.givenUser({ name: 'Lena Lead' }),
    t.givenUser({ name: 'Mo Member' }),
    t.givenUser({ name: 'Ed Extra' }),
  ]);
  const key = freshProjectKey();
  const project = await t.ok<ProjectDto>(t.as(lead.token).post('/api/projects', { name: `Project ${key}`, key }));
  for (const u of [member, extra])
    await t.ok(t.as(lead.token).post(`/api/projects/${key}/members`, { email: u.email }));
  return { key, project, lead, member, extra };
}
export type GivenProject = Awaited<ReturnType<typeof givenProject>>;
