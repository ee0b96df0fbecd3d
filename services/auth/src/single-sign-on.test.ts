import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { messages, type SsoSessionResponse, type UserDto } from '@trackboard/contracts';
import { queryRows } from '@trackboard/server-kit';
import { createTestPlatform, freshAddress, type TestPlatform } from '@trackboard/test-platform';
import { startOidcProvider, type OidcTestProvider } from '@trackboard/test-platform/oidc-provider';
import type { SsoSettings } from './sso-config';

// Single sign-on against a real OpenID provider in this process (oidc-provider): discovery, its
// login and consent pages, the code exchange with PKCE, the ID token and userinfo. The browser is
// played by fetch: the provider's cookies are kept as a browser would, and ours (the flow's state)
// is sent back to our callback and to the session call as the sign-in page's requests carry it.

const CALLBACK = 'http://trackboard.test/api/auth/oidc/callback';
const ADMINS = 'trackboard-admins';

let provider: OidcTestProvider;
let t: TestPlatform;
const settings = (overrides: Partial<SsoSettings> = {}): SsoSettings => ({
  issuer: new URL(provider.issuer),
  clientId: provider.clientId,
  clientSecret: provider.clientSecret,
  scopes: 'openid email profile groups',
  name: 'Test ID',
  adminGroup: ADMINS,
  allowedDomains: [],
  only: false,
  ...overrides,
});

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [CALLBACK] });
  t = await createTestPlatform({ sso: settings() });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

let people = 0;
/** A person at the provider; their account id is their `sub`. */
function person(account: Partial<Parameters<OidcTestProvider['accounts']['set']>[1]> = {}) {
  const id = `person-${++people}`;
  provider.accounts.set(id, {
    email: `${id}@example.com`,
    emailVerified: true,
    name: `Person ${people}`,
    ...account,
  });
  return { id, ...provider.accounts.get(id)! };
}

/** The cookie our start sets (name=value), and where it sends the browser. */
async function start(platform: TestPlatform, returnTo = '/boards/7') {
  const res = await platform.request('GET', `/api/auth/oidc/start?returnTo=${encodeURIComponent(returnTo)}`, {
    ip: freshAddress(),
  });
  expect(res.status).toBe(302);
  const setCookie = res.headers.get('set-cookie') ?? '';
  return { cookie: setCookie.split(';')[0]!, setCookie, location: res.headers.get('location')! };
}
/** Our callback, reached with the provider's answer (`back`) and this browser's cookie. */
async function callback(platform: TestPlatform, back: URL, cookie?: string) {
  const res = await platform.request('GET', `${back.pathname}${back.search}`, { cookie });
  expect([res.status, res.headers.get('location')]).toEqual([302, '/login?sso=1']);
}
const collect = (platform: TestPlatform, cookie?: string) =>
  platform.request('POST', '/api/auth/oidc/session', { cookie, ip: freshAddress() });
/** The whole way through, as a browser goes: start, the provider's pages, our callback, the page's call. */
async function signInAs(accountId: string, platform = t, returnTo?: string) {
  const flow = await start(platform, returnTo);
  const back = await provider.signIn(flow.location, accountId);
  await callback(platform, back, flow.cookie);
  return { ...flow, back, res: await collect(platform, flow.cookie) };
}
async function sessionOf(res: Response): Promise<SsoSessionResponse> {
  expect(res.status).toBe(200);
  return (await res.json()) as SsoSessionResponse;
}
const accountsWith = (platform: TestPlatform, email: string) =>
  queryRows<{ id: number; password_hash: string | null; status: string; is_admin: boolean }>(
    platform.database.db,
    sql`select id, password_hash, status, is_admin from auth.users where lower(email) = ${email}`,
  );
const errorOf = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> });

describe('a first sign-in through the provider', () => {
  it('goes to the provider found by discovery with PKCE, state and nonce, and keeps the state in a cookie of this flow', async () => {
    const { location, setCookie } = await start(t);
    const url = new URL(location);
    const discovered = (await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json()) as {
      authorization_endpoint: string;
    };
    expect(`${url.origin}${url.pathname}`).toBe(discovered.authorization_endpoint);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: provider.clientId,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid email profile groups',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      state: expect.stringMatching(/^[\w-]{20,}$/),
      nonce: expect.stringMatching(/^[\w-]{20,}$/),
    });
    expect(setCookie).toMatch(new RegExp(`^tb_sso=${url.searchParams.get('state')};`));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\/api\/auth\/oidc/);
  });

  it('signs a new person in after the provider’s login and consent: an active account with no password, our session', async () => {
    const someone = person({ name: 'Ada Lovelace' });
    provider.prompts.length = 0;
    const { res, cookie } = await signInAs(someone.id, t, '/boards/7?view=list');
    expect(provider.prompts).toEqual(['login', 'consent']);
    const session = await sessionOf(res);
    expect(session.returnTo).toBe('/boards/7?view=list');
    expect(session.user).toMatchObject({
      name: 'Ada Lovelace',
      email: someone.email,
      status: 'ACTIVE',
      isAdmin: false,
    });
    expect(res.headers.get('set-cookie')).toMatch(/^tb_sso=;/); // the flow's cookie is cleared
    // Our own session: the same token and revocation as a password sign-in.
    const profile = await t.as(session.token).get('/api/auth/profile');
    expect((await profile.json()) as UserDto).toMatchObject({ email: someone.email });
    const [row] = await accountsWith(t, someone.email);
    expect(row).toMatchObject({ password_hash: null, status: 'ACTIVE' });
    expect(await t.ok(t.as(session.token).get('/api/auth/sessions'))).toEqual([
      expect.objectContaining({ current: true, method: 'sso' }),
    ]);
    // The outcome is collected once.
    expect(await errorOf(await collect(t, cookie))).toEqual({
      status: 401,
      body: { message: messages.ssoNotStarted },
    });
    await t.as(session.token).post('/api/auth/logout');
    expect((await t.as(session.token).get('/api/auth/profile')).status).toBe(401);
  });

  it('signs the same person into the same account next time', async () => {
    const someone = person();
    const first = await sessionOf((await signInAs(someone.id)).res);
    const second = await sessionOf((await signInAs(someone.id)).res);
    expect(second.user.id).toBe(first.user.id);
    expect(await accountsWith(t, someone.email)).toHaveLength(1);
  });

  it('never returns anywhere but into the app', async () => {
    for (const returnTo of ['//evil.example/x', '/\\evil.example', 'https://evil.example']) {
      const session = await sessionOf((await signInAs(person().id, t, returnTo)).res);
      expect(session.returnTo).toBe('/');
    }
  });
});

describe('what the flow refuses', () => {
  it('a callback whose state is not this browser’s: refused, nothing signed in', async () => {
    const someone = person();
    const mine = await start(t);
    const theirs = await start(t);
    // Another flow's answer lands in this browser (a login forced on someone else).
    const back = await provider.signIn(theirs.location, someone.id);
    await callback(t, back, mine.cookie);
    expect(await errorOf(await collect(t, mine.cookie))).toEqual({
      status: 401,
      body: { message: messages.ssoRefused },
    });
    // Without the cookie at all: nothing is known of a flow.
    const other = await start(t);
    await callback(t, await provider.signIn(other.location, someone.id));
    expect(await errorOf(await collect(t))).toEqual({ status: 401, body: { message: messages.ssoNotStarted } });
    expect(await accountsWith(t, someone.email)).toHaveLength(0);
  });

  it('a replayed code: the same answer twice signs in once; its code under another flow is refused by the provider', async () => {
    const someone = person();
    const first = await start(t);
    const back = await provider.signIn(first.location, someone.id);
    await callback(t, back, first.cookie);
    await sessionOf(await collect(t, first.cookie));
    // The same answer again, in the same browser.
    await callback(t, back, first.cookie);
    expect((await collect(t, first.cookie)).status).toBe(401);
    // The code again, with a fresh flow's state (so only the code is old).
    const second = await start(t);
    const state = second.cookie.slice('tb_sso='.length);
    const replay = new URL(back);
    replay.searchParams.set('state', state);
    await callback(t, replay, second.cookie);
    expect(await errorOf(await collect(t, second.cookie))).toEqual({
      status: 401,
      body: { message: messages.ssoRefused },
    });
  });

  it('an e-mail the provider has not verified: no account', async () => {
    const someone = person({ emailVerified: false });
    const { res } = await signInAs(someone.id);
    expect(await errorOf(res)).toEqual({ status: 403, body: { message: messages.ssoEmailNotVerified } });
    expect(await accountsWith(t, someone.email)).toHaveLength(0);
  });

  it('a person who declines consent at the provider', async () => {
    const { res } = await signInAs(person({ declines: true }).id);
    expect(await errorOf(res)).toEqual({ status: 401, body: { message: messages.ssoRefused } });
  });

  it('a suspended account, as a password sign-in would', async () => {
    const someone = person();
    const { user } = await sessionOf((await signInAs(someone.id)).res);
    const administrator = t.as((await t.admin()).token);
    await t.ok(administrator.put(`/api/admin/users/${user.id}/status`, { status: 'SUSPENDED', reason: 'Left' }));
    const { res } = await signInAs(someone.id);
    expect(await errorOf(res)).toMatchObject({ status: 403, body: { message: messages.accountSuspended } });
  });
});

describe('administrators and existing accounts', () => {
  it('makes a member of the admin group an administrator (a Keycloak group path too)', async () => {
    for (const group of [ADMINS, `/${ADMINS}`]) {
      const session = await sessionOf((await signInAs(person({ groups: ['staff', group] }).id)).res);
      expect(session.user.isAdmin).toBe(true);
      expect((await t.as(session.token).get('/api/admin/users')).status).toBe(200);
    }
    const plain = await sessionOf((await signInAs(person({ groups: ['staff'] }).id)).res);
    expect(plain.user.isAdmin).toBe(false);
  });

  it('links an existing account with the same e-mail only once its password confirms it', async () => {
    const existing = await t.givenUser();
    const someone = person({ email: existing.email.toUpperCase() });
    const { res, cookie } = await signInAs(someone.id);
    expect(await errorOf(res)).toEqual({
      status: 409,
      body: { message: messages.ssoLinkRequired('Test ID'), link: { email: existing.email, provider: 'Test ID' } },
    });
    const link = (password: string) =>
      t.request('POST', '/api/auth/oidc/link', { cookie, body: { password }, ip: freshAddress() });
    expect(await errorOf(await link('not the password'))).toEqual({
      status: 401,
      body: { message: messages.invalidCredentials },
    });
    const linked = await sessionOf(await link(existing.password));
    expect(linked.user.id).toBe(existing.user.id);
    expect((await link(existing.password)).status).toBe(401); // spent
    // From now on the provider signs the account in directly; its password still works too.
    const again = await sessionOf((await signInAs(someone.id)).res);
    expect(again.user.id).toBe(existing.user.id);
    expect((await t.login(existing.email, existing.password)).user.id).toBe(existing.user.id);
    expect(await accountsWith(t, existing.email)).toHaveLength(1);
  });
});

describe('settings', () => {
  it('says how people sign in: single sign-on by name beside passwords', async () => {
    expect(await (await t.request('GET', '/api/auth/sign-in-options')).json()).toEqual({
      sso: { name: 'Test ID' },
      passwords: true,
    });
  });

  it('OIDC_ONLY and allowed domains: passwords refused; only the listed domains come in', async () => {
    const only = await createTestPlatform({ sso: settings({ only: true, allowedDomains: ['example.com'] }) });
    try {
      expect(await (await only.request('GET', '/api/auth/sign-in-options')).json()).toEqual({
        sso: { name: 'Test ID' },
        passwords: false,
      });
      const refused = { status: 403, body: { message: messages.passwordsTurnedOff } };
      const body = { email: 'someone@example.com', password: 'correct horse battery', name: 'Someone' };
      expect(
        await errorOf(
          await only.request('POST', '/api/auth/login', { body: { email: body.email, password: body.password } }),
        ),
      ).toEqual(refused);
      expect(await errorOf(await only.request('POST', '/api/auth/register', { body }))).toEqual(refused);
      expect(
        await errorOf(await only.request('POST', '/api/auth/password-reset/request', { body: { email: body.email } })),
      ).toEqual(refused);
      await sessionOf((await signInAs(person().id, only)).res);
      const elsewhere = person({ email: `${people}@elsewhere.org` });
      expect(await errorOf((await signInAs(elsewhere.id, only)).res)).toEqual({
        status: 403,
        body: { message: messages.ssoDomainNotAllowed },
      });
    } finally {
      await only.close();
    }
  });

  it('a provider that cannot be reached: the sign-in page is told so', async () => {
    const port = await closedPort();
    const away = await createTestPlatform({ sso: settings({ issuer: new URL(`http://127.0.0.1:${port}`) }) });
    try {
      const { location, cookie } = await start(away);
      expect(location).toBe('/login?sso=1');
      expect(await errorOf(await collect(away, cookie))).toMatchObject({
        status: 503,
        body: { message: messages.ssoUnavailable },
      });
    } finally {
      await away.close();
    }
  });

  it('without single sign-on: passwords only, and its routes are not there', async () => {
    const plain = await createTestPlatform();
    try {
      expect(await (await plain.request('GET', '/api/auth/sign-in-options')).json()).toEqual({
        sso: null,
        passwords: true,
      });
      expect((await plain.request('GET', '/api/auth/oidc/start')).status).toBe(404);
      expect((await plain.request('POST', '/api/auth/oidc/session')).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

/** A port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
