import {
  createTestPlatform,
  freshAddress,
  givenCaller,
  givenProject,
  type CallerKind,
  type GivenUser,
  type TestPlatform,
} from '@trackboard/test-platform';

// Who may call what on the auth service: every route × every kind of caller → status.
// Sign-up, login and verification are open to anyone (the token is ignored); the own profile
// and logout also serve pending accounts (spec §4.1); account administration is for
// administrators (§6). Rejection and suspension revoked the tokens those accounts hold: 401.
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

let emails = 0;
const freshEmail = () => `someone${++emails}.${Date.now()}@example.test`;
/** Someone else's account, in that status: the target of the administration routes. */
const another = (status: 'ACTIVE' | 'PENDING_APPROVAL' | 'PENDING_VERIFICATION' = 'ACTIVE') => t.givenUser({ status });
/** A verification link just mailed to a new account. */
async function freshVerificationToken() {
  const { email } = await another('PENDING_VERIFICATION');
  return t.verificationToken(email);
}

/** A reset link just mailed to another account. */
async function freshResetToken() {
  const { email } = await another();
  await t.ok(t.request('POST', '/api/auth/password-reset/request', { body: { email }, ip: freshAddress() }));
  const mail = t.mailer.sent.findLast((m) => m.to === email);
  return decodeURIComponent(/reset-password\?token=([\w%-]+)/.exec(mail!.text)![1]!);
}

/** One of the caller's own access tokens where the caller can make one (a live session), else an id no one owns. */
async function ownTokenId(me: GivenUser | undefined) {
  const res =
    me &&
    (await t.request('POST', '/api/auth/tokens', { token: me.token, body: { name: 'mine' }, ip: freshAddress() }));
  return res?.ok ? ((await res.json()) as { id: string }).id : '1';
}

// prettier-ignore
const rows: Row[] = [
  //                                             anon pendV pendA susp  rej  user admin
  ['POST /auth/register',                        [201, 201, 201, 201, 201, 201, 201], () => ['POST', '/api/auth/register', { name: 'New Person', email: freshEmail(), password: 'long enough pw' }]],
  ['POST /auth/login (another account)',         [200, 200, 200, 200, 200, 200, 200], async () => { const u = await another(); return ['POST', '/api/auth/login', { email: u.email, password: u.password }]; }],
  ['POST /auth/login (own account)',             [401, 200, 200, 403, 403, 200, 200], (me) => ['POST', '/api/auth/login', { email: me?.email ?? freshEmail(), password: me?.password ?? 'never registered' }]],
  ['POST /auth/verify-email',                    [200, 200, 200, 200, 200, 200, 200], async () => ['POST', '/api/auth/verify-email', { token: await freshVerificationToken() }]],
  ['POST /auth/resend-verification',             [200, 200, 200, 200, 200, 200, 200], async () => ['POST', '/api/auth/resend-verification', { email: (await another('PENDING_VERIFICATION')).email }]],
  ['POST /auth/password-reset/request',          [200, 200, 200, 200, 200, 200, 200], async () => ['POST', '/api/auth/password-reset/request', { email: (await another()).email }]],
  ['POST /auth/password-reset/confirm',          [200, 200, 200, 200, 200, 200, 200], async () => ['POST', '/api/auth/password-reset/confirm', { token: await freshResetToken(), password: 'a brand new passphrase' }]],
  // A wrong current password: 400 says the caller got through to the check (a right one would end
  // the administrator's other sessions, which these helpers use; password-reset.test.ts has it).
  ['PUT /auth/password',                         [401, 400, 400, 401, 401, 400, 400], () => ['PUT', '/api/auth/password', { currentPassword: 'not the password', password: 'a brand new passphrase' }]],
  ['POST /auth/logout',                          [401, 204, 204, 401, 401, 204, 204], () => ['POST', '/api/auth/logout']],
  ['GET /auth/profile',                          [401, 200, 200, 401, 401, 200, 200], () => ['GET', '/api/auth/profile']],
  ['PUT /auth/profile',                          [401, 200, 200, 401, 401, 200, 200], () => ['PUT', '/api/auth/profile', { name: 'Renamed', bio: 'about me' }]],
  ['PUT /users/profile',                         [401, 200, 200, 401, 401, 200, 200], () => ['PUT', '/api/users/profile', { profileSettings: { themePreference: 'DARK' } }]],
  // Account administration is service-to-service (the admin service keeps the moderation log): the gateway refuses it.
  ['PUT /auth/users/:id/status',                 [404, 404, 404, 404, 404, 404, 404], async () => ['PUT', `/api/auth/users/${(await another('PENDING_APPROVAL')).user.id}/status`, { status: 'ACTIVE' }]],
  ['POST /auth/users/:id/resend-verification',   [404, 404, 404, 404, 404, 404, 404], async () => ['POST', `/api/auth/users/${(await another('PENDING_VERIFICATION')).user.id}/resend-verification`]],
  ['PUT /auth/users/:id',                        [404, 404, 404, 404, 404, 404, 404], async () => ['PUT', `/api/auth/users/${(await another()).user.id}`, { name: 'Renamed by admin' }]],
  ['PUT /auth/users/:id/role',                   [404, 404, 404, 404, 404, 404, 404], async () => ['PUT', `/api/auth/users/${(await another()).user.id}/role`, { role: 'admin' }]],
  ['DELETE /auth/users/:id',                     [404, 404, 404, 404, 404, 404, 404], async () => ['DELETE', `/api/auth/users/${(await another()).user.id}`]],
  // Personal access tokens (issue 17): the signed-in session's own, pending accounts included (like the password).
  ['POST /auth/tokens',                          [401, 201, 201, 401, 401, 201, 201], () => ['POST', '/api/auth/tokens', { name: 'CI script' }]],
  ['GET /auth/tokens',                           [401, 200, 200, 401, 401, 200, 200], () => ['GET', '/api/auth/tokens']],
  ['DELETE /auth/tokens/:id (own)',              [401, 204, 204, 401, 401, 204, 204], async (me) => ['DELETE', `/api/auth/tokens/${await ownTokenId(me)}`]],
  ['DELETE /auth/tokens/:id (someone else’s)',   [401, 404, 404, 401, 401, 404, 404], async () => ['DELETE', `/api/auth/tokens/${await ownTokenId(await another())}`]],
  ['GET /health/auth',                           [200, 200, 200, 200, 200, 200, 200], () => ['GET', '/api/health/auth']],
];

describe('who may call what on auth', () => {
  it.each(rows)('%s', async (_route, statuses, call) => {
    const got: Record<string, number> = {};
    for (const kind of callers) {
      const me = await givenCaller(t, kind); // fresh each time: logout and the admin routes change things
      const [method, path, body] = await call(me);
      got[kind] = (await t.request(method, path, { token: me?.token, body, ip: freshAddress() })).status;
    }
    expect(got).toEqual(Object.fromEntries(callers.map((kind, i) => [kind, statuses[i]])));
  });
});

// The same routes on the auth app itself, as the admin service reaches them (in-process, or
// AUTH_SERVICE_URL in split mode): administrators only.
// prettier-ignore
const internalRows: Row[] = [
  //                                             anon pendV pendA susp  rej  user admin
  ['PUT /auth/users/:id/status',                 [401, 403, 403, 401, 401, 403, 200], async () => ['PUT', `/api/auth/users/${(await another('PENDING_APPROVAL')).user.id}/status`, { status: 'ACTIVE' }]],
  ['POST /auth/users/:id/resend-verification',   [401, 403, 403, 401, 401, 403, 200], async () => ['POST', `/api/auth/users/${(await another('PENDING_VERIFICATION')).user.id}/resend-verification`]],
  ['PUT /auth/users/:id',                        [401, 403, 403, 401, 401, 403, 200], async () => ['PUT', `/api/auth/users/${(await another()).user.id}`, { name: 'Renamed by admin' }]],
  ['PUT /auth/users/:id/role',                   [401, 403, 403, 401, 401, 403, 200], async () => ['PUT', `/api/auth/users/${(await another()).user.id}/role`, { role: 'admin' }]],
  ['DELETE /auth/users/:id',                     [401, 403, 403, 401, 401, 403, 204], async () => ['DELETE', `/api/auth/users/${(await another()).user.id}`]],
  // It keeps the rule of DELETE /users/:id: a lead hands the lead over first.
  ['DELETE /auth/users/:id (a project lead)',    [401, 403, 403, 401, 401, 403, 409], async () => ['DELETE', `/api/auth/users/${(await givenProject(t)).lead.user.id}`]],
];

describe('who may call the auth service’s own account administration', () => {
  it.each(internalRows)('%s', async (_route, statuses, call) => {
    const got: Record<string, number> = {};
    for (const kind of callers) {
      const me = await givenCaller(t, kind);
      const [method, path, body] = await call(me);
      const res = await t.platform.apps.auth.request(path, {
        method,
        headers: {
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...(me && { authorization: `Bearer ${me.token}` }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      got[kind] = res.status;
    }
    expect(got).toEqual(Object.fromEntries(callers.map((kind, i) => [kind, statuses[i]])));
  });
});
