import {
  createTestPlatform,
  freshAddress,
  givenCaller,
  type CallerKind,
  type GivenUser,
  type TestPlatform,
} from '@trackboard/test-platform';

// Who may call what on the admin service: every route × every kind of caller → status.
// Only ACTIVE accounts get in (pending: 403; rejected and suspended hold revoked tokens: 401).
// Administration, the whole directory, roles, suspension and the moderation log (issue 15) are for
// administrators (spec §6); a user reaches their own record, stats and issues, and searches
// active accounts to add members (§7.5).
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

const callers = [
  'anonymous',
  'pending-verification',
  'pending-approval',
  'suspended',
  'rejected',
  'user',
  'admin',
] as const satisfies readonly CallerKind[];
type Call = [method: string, path: string, body?: unknown];
/** A route, the status per caller (in the order of `callers`), and the request it makes as this caller (`me`). */
type Row = [route: string, expected: number[], call: (me: GivenUser | undefined) => Promise<Call> | Call];

/** Someone else's account, in that status: the target of the administration routes. */
const another = (status: 'ACTIVE' | 'PENDING_APPROVAL' | 'PENDING_VERIFICATION' = 'ACTIVE') => t.givenUser({ status });
/** The caller's own account; an anonymous caller names someone else's. */
const own = async (me: GivenUser | undefined) => me ?? (await another());
const byEmail = (u: GivenUser) => `email=${encodeURIComponent(u.email)}`;

// prettier-ignore
const rows: Row[] = [
  //                                                   anon pendV pendA susp  rej  user admin
  ['GET /admin/users',                                 [401, 403, 403, 401, 401, 403, 200], () => ['GET', '/api/admin/users?status=PENDING_APPROVAL&status=PENDING_VERIFICATION']],
  ['PUT /admin/users/:id/approve',                     [401, 403, 403, 401, 401, 403, 200], async () => ['PUT', `/api/admin/users/${(await another('PENDING_APPROVAL')).user.id}/approve`]],
  ['PUT /admin/users/:id/reject',                      [401, 403, 403, 401, 401, 403, 200], async () => ['PUT', `/api/admin/users/${(await another('PENDING_APPROVAL')).user.id}/reject`, { reason: 'Unknown to us' }]],
  ['POST /admin/users/:id/resend-verification',        [401, 403, 403, 401, 401, 403, 200], async () => ['POST', `/api/admin/users/${(await another('PENDING_VERIFICATION')).user.id}/resend-verification`]],
  ['GET /admin/users (every status)',                  [401, 403, 403, 401, 401, 403, 200], () => ['GET', '/api/admin/users?sortField=name&sortOrder=asc']],
  ['PUT /admin/users/:id/role',                        [401, 403, 403, 401, 401, 403, 200], async () => ['PUT', `/api/admin/users/${(await another()).user.id}/role`, { role: 'admin', reason: 'Needs it' }]],
  ['PUT /admin/users/:id/status (suspend)',            [401, 403, 403, 401, 401, 403, 200], async () => ['PUT', `/api/admin/users/${(await another()).user.id}/status`, { status: 'SUSPENDED', reason: 'Spam' }]],
  ['PUT /admin/users/:id/status (reactivate)',         [401, 403, 403, 401, 401, 403, 200], async () => ['PUT', `/api/admin/users/${(await t.givenUser({ status: 'SUSPENDED' })).user.id}/status`, { status: 'ACTIVE' }]],
  ['GET /admin/moderation-log',                        [401, 403, 403, 401, 401, 403, 200], async () => ['GET', `/api/admin/moderation-log?userId=${(await another()).user.id}`]],
  ['GET /dashboard/admin',                             [401, 403, 403, 401, 401, 403, 200], () => ['GET', '/api/dashboard/admin']],
  ['GET /users',                                       [401, 403, 403, 401, 401, 403, 200], () => ['GET', '/api/users']],
  ['GET /users?email= (own)',                          [401, 403, 403, 401, 401, 200, 200], async (me) => ['GET', `/api/users?${byEmail(await own(me))}`]],
  ['GET /users?email= (another’s)',                    [401, 403, 403, 401, 401, 403, 200], async () => ['GET', `/api/users?${byEmail(await another())}`]],
  ['PUT /users?email= (own)',                          [401, 403, 403, 401, 401, 200, 200], async (me) => ['PUT', `/api/users?${byEmail(await own(me))}`, { name: 'Renamed', bio: 'about me' }]],
  ['PUT /users?email= (another’s)',                    [401, 403, 403, 401, 401, 403, 200], async () => ['PUT', `/api/users?${byEmail(await another())}`, { name: 'Renamed' }]],
  ['GET /users/search',                                [401, 403, 403, 401, 401, 200, 200], () => ['GET', '/api/users/search?query=user']],
  ['GET /users/stats?email= (own)',                    [401, 403, 403, 401, 401, 200, 200], async (me) => ['GET', `/api/users/stats?${byEmail(await own(me))}`]],
  ['GET /users/stats?email= (another’s)',              [401, 403, 403, 401, 401, 403, 200], async () => ['GET', `/api/users/stats?${byEmail(await another())}`]],
  ['GET /users/:id/issues (own)',                      [401, 403, 403, 401, 401, 200, 200], async (me) => ['GET', `/api/users/${(await own(me)).user.id}/issues`]],
  ['GET /users/:id/issues (another’s)',                [401, 403, 403, 401, 401, 403, 200], async () => ['GET', `/api/users/${(await another()).user.id}/issues`]],
  ['DELETE /users/:id',                                [401, 403, 403, 401, 401, 403, 200], async () => ['DELETE', `/api/users/${(await another()).user.id}`]],
  ['DELETE /users/:id (with a reason)',                [401, 403, 403, 401, 401, 403, 200], async () => ['DELETE', `/api/users/${(await another()).user.id}`, { reason: 'Left' }]],
  ['GET /health/admin',                                [200, 200, 200, 200, 200, 200, 200], () => ['GET', '/api/health/admin']],
];

describe('who may call what on admin', () => {
  it.each(rows)('%s', async (_route, statuses, call) => {
    const got: Record<string, number> = {};
    for (const kind of callers) {
      const me = await givenCaller(t, kind); // fresh each time: approval, rejection, edits and deletion change accounts
      const [method, path, body] = await call(me);
      got[kind] = (await t.request(method, path, { token: me?.token, body, ip: freshAddress() })).status;
    }
    expect(got).toEqual(Object.fromEntries(callers.map((kind, i) => [kind, statuses[i]])));
  });
});
