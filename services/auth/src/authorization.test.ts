import sharp from 'sharp';
import {
  accountCallers,
  authorizationTable,
  createTestPlatform,
  freshAddress,
  givenProject,
  onDemand,
  type AuthorizationRow,
  type GivenUser,
  type TestPlatform,
} from '@trackboard/test-platform';
import { startOidcProvider, type OidcTestProvider } from '@trackboard/test-platform/oidc-provider';

// Who may call what on the auth service: every route × every kind of caller → status.
// Sign-up, login and verification are open to anyone (the token is ignored); the own profile
// and logout also serve pending accounts; account administration is for
// administrators (§6). Rejection and suspension revoked the tokens those accounts hold: 401.
let t: TestPlatform;
// Single sign-on is on, against a real provider: its routes answer here as they do in use.
let provider: OidcTestProvider;
beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: ['http://trackboard.test/api/auth/oidc/callback'] });
  t = await createTestPlatform({
    sso: {
      issuer: new URL(provider.issuer),
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      scopes: 'openid email profile',
      name: 'Test ID',
      adminGroup: null,
      allowedDomains: [],
      only: false,
    },
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

// Each caller is arranged once for the file: a call that edits the caller's own account (a name,
// a token) leaves it fit for the next row.
const callers = accountCallers(() => t);
type Whom = 'ACTIVE' | 'PENDING_APPROVAL' | 'PENDING_VERIFICATION' | 'a project lead';
/** Someone else's account, in that status or leading a project: the target of the account routes. */
const someoneElse = () =>
  onDemand((whom: Whom) =>
    whom === 'a project lead' ? givenProject(t).then((p) => p.lead) : t.givenUser({ status: whom }),
  );
type Someone = ReturnType<typeof someoneElse>;
type Row = AuthorizationRow<Someone, GivenUser | undefined>;

let emails = 0;
const freshEmail = () => `someone${++emails}.${Date.now()}@example.test`;

/** A reset link just mailed to that account. */
async function resetToken({ email }: GivenUser) {
  await t.ok(t.request('POST', '/api/auth/password-reset/request', { body: { email }, ip: freshAddress() }));
  const mail = t.mailer.sent.findLast((m) => m.to === email);
  return decodeURIComponent(/reset-password\?token=([\w%-]+)/.exec(mail!.text)![1]!);
}

let inviting: ReturnType<typeof givenProject> | undefined;
/** The token of a fresh invitation (to a project of the file's own) for an address no account has. */
async function invitationToken() {
  const p = await (inviting ??= givenProject(t));
  const email = freshEmail();
  await t.ok(t.as(p.lead.token).post(`/api/projects/${p.key}/invitations`, { email }));
  const mail = t.mailer.sent.findLast((m) => m.to === email)!;
  return decodeURIComponent(/\/invitations\/([\w%-]+)/.exec(mail.text)![1]!);
}

/**
 * Another live session of `who` (a second sign-in), for a caller that can sign in; else an id
 * no one has.
 */
async function anotherSessionOf(who: GivenUser | undefined) {
  const res =
    who &&
    (await t.request('POST', '/api/auth/login', {
      body: { email: who.email, password: who.password },
      ip: freshAddress(),
    }));
  if (!res?.ok) return '00000000-0000-4000-8000-000000000000';
  const { token } = (await res.json()) as { token: string };
  const listed = await t.ok<{ id: string; current: boolean }[]>(t.as(token).get('/api/auth/sessions'));
  return listed.find((s) => s.current)!.id;
}

/** One of the caller's own access tokens where the caller can make one (a live session), else an id no one owns. */
async function ownTokenId(me: GivenUser | undefined) {
  const res =
    me &&
    (await t.request('POST', '/api/auth/tokens', { token: me.token, body: { name: 'mine' }, ip: freshAddress() }));
  return res?.ok ? ((await res.json()) as { id: string }).id : '1';
}

let picture: Promise<Uint8Array> | undefined;
/** A small PNG, made once. */
const aPicture = () =>
  (picture ??= sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer()
    .then((bytes) => new Uint8Array(bytes)));
let avatar: Promise<string> | undefined;
/** The address of a picture someone else chose. */
const someonesAvatar = () =>
  (avatar ??= (async () => {
    const owner = await t.givenUser();
    const res = await t.request('PUT', '/api/auth/avatar', { token: owner.token, body: await aPicture() });
    return ((await res.json()) as { avatarUrl: string }).avatarUrl;
  })());

// 'target': the call uses up or changes the other account (a verification or reset link, its
// status, role or existence); 'caller': logout ends the caller's session.
// prettier-ignore
const rows: Row[] = [
  //                                             anon pendV pendA susp  rej  user admin
  ['POST /auth/register',                        [201, 201, 201, 201, 201, 201, 201], () => ['POST', '/api/auth/register', { name: 'New Person', email: freshEmail(), password: 'long enough pw' }]],
  // The invitation's link is the proof: a token the caller holds counts for nothing.
  ['POST /auth/invited-accounts',                [201, 201, 201, 201, 201, 201, 201], async () => ['POST', '/api/auth/invited-accounts', { token: await invitationToken(), name: 'Invited Person', password: 'an invited passphrase' }]],
  ['POST /auth/login (another account)',         [200, 200, 200, 200, 200, 200, 200], async (someone) => { const u = await someone('ACTIVE'); return ['POST', '/api/auth/login', { email: u.email, password: u.password }]; }],
  ['POST /auth/login (own account)',             [401, 200, 200, 403, 403, 200, 200], (_, me) => ['POST', '/api/auth/login', { email: me?.email ?? freshEmail(), password: me?.password ?? 'never registered' }]],
  ['POST /auth/verify-email',                    [200, 200, 200, 200, 200, 200, 200], async (someone) => ['POST', '/api/auth/verify-email', { token: t.verificationToken((await someone('PENDING_VERIFICATION')).email) }], 'target'],
  ['POST /auth/resend-verification',             [200, 200, 200, 200, 200, 200, 200], async (someone) => ['POST', '/api/auth/resend-verification', { email: (await someone('PENDING_VERIFICATION')).email }], 'target'],
  // One mailbox gets at most 3 reset links in 15 minutes: a new account for each cell.
  ['POST /auth/password-reset/request',          [200, 200, 200, 200, 200, 200, 200], async (someone) => ['POST', '/api/auth/password-reset/request', { email: (await someone('ACTIVE')).email }], 'target'],
  ['POST /auth/password-reset/confirm',          [200, 200, 200, 200, 200, 200, 200], async (someone) => ['POST', '/api/auth/password-reset/confirm', { token: await resetToken(await someone('ACTIVE')), password: 'a brand new passphrase' }], 'target'],
  // A wrong current password: 400 says the caller got through to the check (a right one would end
  // the administrator's other sessions, which these helpers use; password-reset.test.ts has it).
  ['PUT /auth/password',                         [401, 400, 400, 401, 401, 400, 400], () => ['PUT', '/api/auth/password', { currentPassword: 'not the password', password: 'a brand new passphrase' }]],
  ['POST /auth/logout',                          [401, 204, 204, 401, 401, 204, 204], () => ['POST', '/api/auth/logout'], 'caller'],
  ['GET /auth/profile',                          [401, 200, 200, 401, 401, 200, 200], () => ['GET', '/api/auth/profile']],
  ['PUT /auth/profile',                          [401, 200, 200, 401, 401, 200, 200], () => ['PUT', '/api/auth/profile', { name: 'Renamed', bio: 'about me' }]],
  ['PUT /users/profile',                         [401, 200, 200, 401, 401, 200, 200], () => ['PUT', '/api/users/profile', { profileSettings: { themePreference: 'DARK' } }]],
  // Account administration is service-to-service (the admin service keeps the moderation log): the gateway refuses it.
  ['PUT /auth/users/:id/status',                 [404, 404, 404, 404, 404, 404, 404], async (someone) => ['PUT', `/api/auth/users/${(await someone('PENDING_APPROVAL')).user.id}/status`, { status: 'ACTIVE' }], 'target'],
  ['POST /auth/users/:id/resend-verification',   [404, 404, 404, 404, 404, 404, 404], async (someone) => ['POST', `/api/auth/users/${(await someone('PENDING_VERIFICATION')).user.id}/resend-verification`], 'target'],
  ['PUT /auth/users/:id',                        [404, 404, 404, 404, 404, 404, 404], async (someone) => ['PUT', `/api/auth/users/${(await someone('ACTIVE')).user.id}`, { name: 'Renamed by admin' }], 'target'],
  ['PUT /auth/users/:id/role',                   [404, 404, 404, 404, 404, 404, 404], async (someone) => ['PUT', `/api/auth/users/${(await someone('ACTIVE')).user.id}/role`, { role: 'admin' }], 'target'],
  ['DELETE /auth/users/:id',                     [404, 404, 404, 404, 404, 404, 404], async (someone) => ['DELETE', `/api/auth/users/${(await someone('ACTIVE')).user.id}`], 'target'],
  // Personal access tokens: the signed-in session's own, pending accounts included (like the password).
  ['POST /auth/tokens',                          [401, 201, 201, 401, 401, 201, 201], () => ['POST', '/api/auth/tokens', { name: 'CI script' }]],
  ['GET /auth/tokens',                           [401, 200, 200, 401, 401, 200, 200], () => ['GET', '/api/auth/tokens']],
  ['DELETE /auth/tokens/:id (own)',              [401, 204, 204, 401, 401, 204, 204], async (_, me) => ['DELETE', `/api/auth/tokens/${await ownTokenId(me)}`]],
  ['DELETE /auth/tokens/:id (someone else’s)',   [401, 404, 404, 401, 401, 404, 404], async (someone) => ['DELETE', `/api/auth/tokens/${await ownTokenId(await someone('ACTIVE'))}`], 'target'],
  // Sessions: the signed-in session's own list (pending accounts included); never a token's.
  ['GET /auth/sessions',                         [401, 200, 200, 401, 401, 200, 200], () => ['GET', '/api/auth/sessions']],
  ['DELETE /auth/sessions/:sessionId (own)',     [401, 204, 204, 401, 401, 204, 204], async (_, me) => ['DELETE', `/api/auth/sessions/${await anotherSessionOf(me)}`]],
  ['DELETE /auth/sessions/:sessionId (others’)', [401, 404, 404, 401, 401, 404, 404], async (someone) => ['DELETE', `/api/auth/sessions/${await anotherSessionOf(await someone('ACTIVE'))}`], 'target'],
  // One's own picture, pending accounts included (like the profile); a kept one is served to anyone.
  ['PUT /auth/avatar',                           [401, 200, 200, 401, 401, 200, 200], async () => ['PUT', '/api/auth/avatar', await aPicture()]],
  ['DELETE /auth/avatar',                        [401, 200, 200, 401, 401, 200, 200], () => ['DELETE', '/api/auth/avatar']],
  ['GET /auth/avatars/:file',                    [200, 200, 200, 200, 200, 200, 200], async () => ['GET', await someonesAvatar()]],
  // Whether invited people wait for approval: administrators (set to the default here, harmless to others).
  ['GET /auth/registration-settings',            [401, 403, 403, 401, 401, 403, 200], () => ['GET', '/api/auth/registration-settings']],
  ['PUT /auth/registration-settings',            [401, 403, 403, 401, 401, 403, 200], () => ['PUT', '/api/auth/registration-settings', { invitedNeedApproval: false }]],
  ['GET /health/auth',                           [200, 200, 200, 200, 200, 200, 200], () => ['GET', '/api/health/auth']],
  // Single sign-on is a browser's flow, carried by its cookie: a bearer token counts for nothing.
  // Without the cookie there is no flow to collect (single-sign-on.test.ts goes all the way).
  ['GET /auth/sign-in-options',                  [200, 200, 200, 200, 200, 200, 200], () => ['GET', '/api/auth/sign-in-options']],
  ['GET /auth/oidc/start',                       [302, 302, 302, 302, 302, 302, 302], () => ['GET', '/api/auth/oidc/start?returnTo=/boards']],
  ['GET /auth/oidc/callback',                    [302, 302, 302, 302, 302, 302, 302], () => ['GET', '/api/auth/oidc/callback?code=a-code&state=a-state']],
  ['POST /auth/oidc/session',                    [401, 401, 401, 401, 401, 401, 401], () => ['POST', '/api/auth/oidc/session']],
  ['POST /auth/oidc/link',                       [401, 401, 401, 401, 401, 401, 401], () => ['POST', '/api/auth/oidc/link', { password: 'a password' }]],
];

describe('who may call what on auth', () => {
  authorizationTable(rows, callers, { platform: () => t, target: someoneElse });
});

// The same routes on the auth app itself, as the admin service reaches them (in-process, or
// AUTH_SERVICE_URL in split mode): administrators only.
// prettier-ignore
const internalRows: Row[] = [
  //                                             anon pendV pendA susp  rej  user admin
  ['PUT /auth/users/:id/status',                 [401, 403, 403, 401, 401, 403, 200], async (someone) => ['PUT', `/api/auth/users/${(await someone('PENDING_APPROVAL')).user.id}/status`, { status: 'ACTIVE' }], 'target'],
  ['POST /auth/users/:id/resend-verification',   [401, 403, 403, 401, 401, 403, 200], async (someone) => ['POST', `/api/auth/users/${(await someone('PENDING_VERIFICATION')).user.id}/resend-verification`], 'target'],
  ['PUT /auth/users/:id',                        [401, 403, 403, 401, 401, 403, 200], async (someone) => ['PUT', `/api/auth/users/${(await someone('ACTIVE')).user.id}`, { name: 'Renamed by admin' }], 'target'],
  ['PUT /auth/users/:id/role',                   [401, 403, 403, 401, 401, 403, 200], async (someone) => ['PUT', `/api/auth/users/${(await someone('ACTIVE')).user.id}/role`, { role: 'admin' }], 'target'],
  ['DELETE /auth/users/:id',                     [401, 403, 403, 401, 401, 403, 204], async (someone) => ['DELETE', `/api/auth/users/${(await someone('ACTIVE')).user.id}`], 'target'],
  // It keeps the rule of DELETE /users/:id: a lead hands the lead over first.
  ['DELETE /auth/users/:id (a project lead)',    [401, 403, 403, 401, 401, 403, 409], async (someone) => ['DELETE', `/api/auth/users/${(await someone('a project lead')).user.id}`], 'target'],
];

describe('who may call the auth service’s own account administration', () => {
  authorizationTable(internalRows, callers, {
    platform: () => t,
    target: someoneElse,
    send: ([method, path, body], me) =>
      t.platform.apps.auth.request(path, {
        method,
        headers: {
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...(me && { authorization: `Bearer ${me.token}` }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
  });
});
