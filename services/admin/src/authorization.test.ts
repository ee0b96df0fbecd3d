import {
  accountCallers,
  authorizationTable,
  createTestPlatform,
  onDemand,
  type AuthorizationRow,
  type GivenUser,
  type TestPlatform,
} from '@trackboard/test-platform';
import type { AccountStatus } from '@trackboard/contracts';

// Who may call what on the admin service: every route × every kind of caller → status.
// Only ACTIVE accounts get in (pending: 403; rejected and suspended hold revoked tokens: 401).
// Administration, the whole directory, roles, suspension and the moderation log are for
// administrators; a user reaches their own record, stats and issues, and searches
// active accounts to add members (§7.5).
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

// Each caller is arranged once for the file: renaming their own record leaves them fit for the next row.
const callers = accountCallers(() => t);
/** Someone else's account, in that status: the target of the administration routes. */
const someoneElse = () => onDemand((status: AccountStatus) => t.givenUser({ status }));
type Someone = ReturnType<typeof someoneElse>;
type Row = AuthorizationRow<Someone, GivenUser | undefined>;

/** The caller's own account; an anonymous caller names someone else's. */
const own = async (me: GivenUser | undefined, someone: Someone) => me ?? (await someone('ACTIVE'));
const byEmail = (u: GivenUser) => `email=${encodeURIComponent(u.email)}`;

// 'target': the call approves, rejects, mails, promotes, suspends, reactivates, edits or deletes
// the other account, so each administrator's cell gets one of its own.
// prettier-ignore
const rows: Row[] = [
  //                                                   anon pendV pendA susp  rej  user admin
  ['GET /admin/users',                                 [401, 403, 403, 401, 401, 403, 200], () => ['GET', '/api/admin/users?status=PENDING_APPROVAL&status=PENDING_VERIFICATION']],
  ['PUT /admin/users/:id/approve',                     [401, 403, 403, 401, 401, 403, 200], async (someone) => ['PUT', `/api/admin/users/${(await someone('PENDING_APPROVAL')).user.id}/approve`], 'target'],
  ['PUT /admin/users/:id/reject',                      [401, 403, 403, 401, 401, 403, 200], async (someone) => ['PUT', `/api/admin/users/${(await someone('PENDING_APPROVAL')).user.id}/reject`, { reason: 'Unknown to us' }], 'target'],
  ['POST /admin/users/:id/resend-verification',        [401, 403, 403, 401, 401, 403, 200], async (someone) => ['POST', `/api/admin/users/${(await someone('PENDING_VERIFICATION')).user.id}/resend-verification`], 'target'],
  ['GET /admin/users (every status)',                  [401, 403, 403, 401, 401, 403, 200], () => ['GET', '/api/admin/users?sortField=name&sortOrder=asc']],
  ['PUT /admin/users/:id/role',                        [401, 403, 403, 401, 401, 403, 200], async (someone) => ['PUT', `/api/admin/users/${(await someone('ACTIVE')).user.id}/role`, { role: 'admin', reason: 'Needs it' }], 'target'],
  ['PUT /admin/users/:id/status (suspend)',            [401, 403, 403, 401, 401, 403, 200], async (someone) => ['PUT', `/api/admin/users/${(await someone('ACTIVE')).user.id}/status`, { status: 'SUSPENDED', reason: 'Spam' }], 'target'],
  ['PUT /admin/users/:id/status (reactivate)',         [401, 403, 403, 401, 401, 403, 200], async (someone) => ['PUT', `/api/admin/users/${(await someone('SUSPENDED')).user.id}/status`, { status: 'ACTIVE' }], 'target'],
  ['GET /admin/moderation-log',                        [401, 403, 403, 401, 401, 403, 200], async (someone) => ['GET', `/api/admin/moderation-log?userId=${(await someone('ACTIVE')).user.id}`]],
  ['GET /dashboard/admin',                             [401, 403, 403, 401, 401, 403, 200], () => ['GET', '/api/dashboard/admin']],
  ['GET /users',                                       [401, 403, 403, 401, 401, 403, 200], () => ['GET', '/api/users']],
  ['GET /users?email= (own)',                          [401, 403, 403, 401, 401, 200, 200], async (someone, me) => ['GET', `/api/users?${byEmail(await own(me, someone))}`]],
  ['GET /users?email= (another’s)',                    [401, 403, 403, 401, 401, 403, 200], async (someone) => ['GET', `/api/users?${byEmail(await someone('ACTIVE'))}`]],
  ['PUT /users?email= (own)',                          [401, 403, 403, 401, 401, 200, 200], async (someone, me) => ['PUT', `/api/users?${byEmail(await own(me, someone))}`, { name: 'Renamed', bio: 'about me' }]],
  ['PUT /users?email= (another’s)',                    [401, 403, 403, 401, 401, 403, 200], async (someone) => ['PUT', `/api/users?${byEmail(await someone('ACTIVE'))}`, { name: 'Renamed' }], 'target'],
  ['GET /users/search',                                [401, 403, 403, 401, 401, 200, 200], () => ['GET', '/api/users/search?query=user']],
  ['GET /users/stats?email= (own)',                    [401, 403, 403, 401, 401, 200, 200], async (someone, me) => ['GET', `/api/users/stats?${byEmail(await own(me, someone))}`]],
  ['GET /users/stats?email= (another’s)',              [401, 403, 403, 401, 401, 403, 200], async (someone) => ['GET', `/api/users/stats?${byEmail(await someone('ACTIVE'))}`]],
  ['GET /users/:id/issues (own)',                      [401, 403, 403, 401, 401, 200, 200], async (someone, me) => ['GET', `/api/users/${(await own(me, someone)).user.id}/issues`]],
  ['GET /users/:id/issues (another’s)',                [401, 403, 403, 401, 401, 403, 200], async (someone) => ['GET', `/api/users/${(await someone('ACTIVE')).user.id}/issues`]],
  ['DELETE /users/:id',                                [401, 403, 403, 401, 401, 403, 200], async (someone) => ['DELETE', `/api/users/${(await someone('ACTIVE')).user.id}`], 'target'],
  ['DELETE /users/:id (with a reason)',                [401, 403, 403, 401, 401, 403, 200], async (someone) => ['DELETE', `/api/users/${(await someone('ACTIVE')).user.id}`, { reason: 'Left' }], 'target'],
  ['GET /health/admin',                                [200, 200, 200, 200, 200, 200, 200], () => ['GET', '/api/health/admin']],
];

describe('who may call what on admin', () => {
  authorizationTable(rows, callers, { platform: () => t, target: someoneElse });
});
