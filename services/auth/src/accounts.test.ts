import { sql } from 'drizzle-orm';
import { queryRows } from '@trackboard/server-kit';
import { ADMIN, createTestPlatform, freshAddress, type TestPlatform } from '@trackboard/test-platform';

const json = { 'content-type': 'application/json' };
let t: TestPlatform;
let n = 0;
const alreadyVerified = 'This email address has already been verified. Please sign in to continue.';
const freshEmail = () => `person${++n}.${Date.now()}@example.test`;

beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

const register = (body: unknown, ip?: string) => t.request('POST', '/api/auth/register', { body, ip });
const login = (email: string, password: string, ip?: string) =>
  t.request('POST', '/api/auth/login', { body: { email, password }, ip });
/** The auth service's own account administration, called as the admin service calls it (the gateway refuses it). */
const changeStatus = (token: string, id: string | number, status: string) =>
  t.platform.apps.auth.request(`/api/auth/users/${id}/status`, {
    method: 'PUT',
    headers: { ...json, authorization: `Bearer ${token}` },
    body: JSON.stringify({ status }),
  });
const count = async (table: string) =>
  (await queryRows<{ n: number }>(t.database.db, sql.raw(`select count(*)::int as n from auth.${table}`)))[0]!.n;

describe('registration', () => {
  it('creates an account awaiting verification, signs it in and mails a verification link', async () => {
    const email = freshEmail();
    const res = await register({ name: 'Ada', email: email.toUpperCase(), password: 'long enough' });
    expect(res.status).toBe(201);
    const { token, user } = await res.json();
    expect(token).toEqual(expect.any(String));
    expect(user).toMatchObject({
      name: 'Ada',
      email,
      status: 'PENDING_VERIFICATION',
      role: 'user',
      isAdmin: false,
      bio: '',
      profileSettings: { fontSize: 'MEDIUM', highContrast: false, themePreference: 'SYSTEM' },
    });
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.text).toMatch(/http:\/\/trackboard\.test\/verify-email\?token=[\w-]{40,}/);
  });

  it('stores the password only as an argon2id hash', async () => {
    const email = freshEmail();
    await register({ name: 'Hash', email, password: 'secret password' });
    const [row] = await queryRows<{ password_hash: string }>(
      t.database.db,
      sql`select password_hash from auth.users where email = ${email}`,
    );
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.password_hash).not.toContain('secret password');
  });

  it('refuses an e-mail that is taken, whatever its case, and writes nothing', async () => {
    const email = freshEmail();
    await register({ name: 'First', email, password: 'long enough' });
    const before = await count('users');
    const res = await register({ name: 'Second', email: email.toUpperCase(), password: 'long enough' });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'An account with this email already exists.' });
    expect(await count('users')).toBe(before);
  });
});

describe('e-mail verification', () => {
  it('moves the account to PENDING_APPROVAL once, with the spec’s message', async () => {
    const { email, token } = await t.givenUser({ status: 'PENDING_VERIFICATION' });
    const link = t.verificationToken(email);
    const res = await t.request('POST', '/api/auth/verify-email', { body: { token: link } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      message: 'Email successfully verified. Your account is now pending admin approval.',
    });
    expect((await (await t.as(token).get('/api/auth/profile')).json()).status).toBe('PENDING_APPROVAL');

    const again = await t.request('POST', '/api/auth/verify-email', { body: { token: link } });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: alreadyVerified });
    expect((await (await t.as(token).get('/api/auth/profile')).json()).status).toBe('PENDING_APPROVAL');
  });

  // The link opened a second time (the mail read again, a second device) is
  // not "invalid": its account is verified, and signing in is what comes next.
  it.each(['PENDING_APPROVAL', 'ACTIVE', 'REJECTED'] as const)(
    'says a used link is already verified for an account now %s, also once the link has expired',
    async (status) => {
      const { email, user } = await t.givenUser({ status: 'PENDING_VERIFICATION' });
      const link = t.verificationToken(email);
      await t.ok(t.request('POST', '/api/auth/verify-email', { body: { token: link } }));
      const administrator = t.as((await t.admin()).token);
      if (status === 'ACTIVE') await t.ok(administrator.put(`/api/admin/users/${user.id}/approve`));
      if (status === 'REJECTED') await t.ok(administrator.put(`/api/admin/users/${user.id}/reject`, {}));

      const res = await t.request('POST', '/api/auth/verify-email', { body: { token: link } });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ message: alreadyVerified });

      await t.database.db.execute(
        sql`update auth.verification_tokens set expires_at = now() - interval '1 minute' where user_id = (select id from auth.users where email = ${email})`,
      );
      const later = await t.request('POST', '/api/auth/verify-email', { body: { token: link } });
      expect(later.status).toBe(409);
      expect(await later.json()).toEqual({ message: alreadyVerified });
    },
  );

  it('says an unused link of an account verified through another link is already verified', async () => {
    const { email } = await t.givenUser({ status: 'PENDING_VERIFICATION' });
    const first = t.verificationToken(email);
    await t.ok(t.request('POST', '/api/auth/resend-verification', { body: { email }, ip: `10.2.0.${++n % 250}` }));
    const second = t.verificationToken(email);
    expect(second).not.toBe(first);

    expect((await t.request('POST', '/api/auth/verify-email', { body: { token: second } })).status).toBe(200);
    const res = await t.request('POST', '/api/auth/verify-email', { body: { token: first } });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: alreadyVerified });
  });

  it('refuses an unknown token', async () => {
    const res = await t.request('POST', '/api/auth/verify-email', { body: { token: 'not-a-real-token' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Invalid verification token. Please try again or request a new one.' });
  });

  it('refuses an expired token', async () => {
    const { email } = await t.givenUser({ status: 'PENDING_VERIFICATION' });
    await t.database.db.execute(
      sql`update auth.verification_tokens set expires_at = now() - interval '1 minute' where user_id = (select id from auth.users where email = ${email})`,
    );
    const res = await t.request('POST', '/api/auth/verify-email', { body: { token: t.verificationToken(email) } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Verification token has expired. Please request a new one.' });
  });

  it('resends to an unverified account and answers the same for any address', async () => {
    const { email } = await t.givenUser({ status: 'PENDING_VERIFICATION' });
    const verified = await t.givenUser({ status: 'PENDING_APPROVAL' });
    const expected = {
      message: 'If an account with that email exists and requires verification, a new email has been sent.',
    };
    for (const address of [email, verified.email, 'nobody@example.test']) {
      const before = t.mailer.sent.length;
      const res = await t.request('POST', '/api/auth/resend-verification', {
        body: { email: address },
        ip: `10.1.0.${++n % 250}`,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(expected);
      expect(t.mailer.sent.length - before).toBe(address === email ? 1 : 0);
    }
    // The new link works.
    expect(
      (await t.request('POST', '/api/auth/verify-email', { body: { token: t.verificationToken(email) } })).status,
    ).toBe(200);
  });

  it('asks for the address when it is empty', async () => {
    const res = await t.request('POST', '/api/auth/resend-verification', { body: { email: '  ' } });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain('Email address is required.');
  });

  it('throttles resends from one address', async () => {
    const answers = [];
    for (let i = 0; i < 7; i++)
      answers.push(
        (
          await t.request('POST', '/api/auth/resend-verification', {
            body: { email: 'x@example.test' },
            ip: '10.9.9.9',
          })
        ).status,
      );
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.slice(5)).toEqual([429, 429]);
  });
});

describe('login', () => {
  it.each(['ACTIVE', 'PENDING_APPROVAL', 'PENDING_VERIFICATION'] as const)(
    'lets a %s account in with its status, so the client can route',
    async (status) => {
      const { email, password } = await t.givenUser({ status });
      const res = await login(email.toUpperCase(), password);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.user).toMatchObject({ email, status });
      expect((await t.as(body.token).get('/api/auth/profile')).status).toBe(200);
    },
  );

  it.each([
    ['REJECTED', 'Your account has been rejected. If you believe this is an error, please contact support.'],
    ['SUSPENDED', 'Your account has been suspended. Please contact support.'],
  ] as const)('refuses a %s account with the spec’s message', async (status, message) => {
    const { email, password } = await t.givenUser({ status });
    const res = await login(email, password);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message, status });
  });

  it('gives a wrong password and an unknown address the same answer', async () => {
    const { email } = await t.givenUser();
    for (const res of [await login(email, 'wrong password'), await login('nobody@example.test', 'whatever')]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Invalid email or password.' });
    }
  });

  it('throttles repeated failures on one account from one address, and a success clears them', async () => {
    const { email, password } = await t.givenUser();
    for (let i = 0; i < 4; i++) expect((await login(email, 'wrong', '10.2.0.1')).status).toBe(401);
    expect((await login(email, password, '10.2.0.1')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(email, 'wrong', '10.2.0.1')).status).toBe(401);
    const blocked = await login(email, password, '10.2.0.1');
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ message: 'Too many login attempts. Please try again later.' });
  });

  it('throttles many attempts from one address', async () => {
    const statuses = [];
    for (let i = 0; i < 101; i++) statuses.push((await login(`spray${i}@example.test`, 'guess', '10.3.3.3')).status);
    expect(statuses.slice(0, 100).every((s) => s === 401)).toBe(true);
    expect(statuses[100]).toBe(429);
  });
});

describe('sessions', () => {
  it('logout revokes the token here and in every other service', async () => {
    const { email, password } = await t.givenUser();
    const { token } = await (await login(email, password)).json();
    const me = t.as(token);
    expect((await me.get('/api/boards/999')).status).toBe(404); // signed in: the board service answers
    expect((await me.post('/api/auth/logout')).status).toBe(204);
    for (const res of [await me.get('/api/auth/profile'), await me.get('/api/boards/999')]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Invalid or expired token' });
    }
  });

  it('an approved account’s next request is ACTIVE without logging in again', async () => {
    const { token, user } = await t.givenUser({ status: 'PENDING_APPROVAL' });
    const me = t.as(token);
    expect((await me.get('/api/boards/999')).status).toBe(403);
    expect((await t.as((await t.admin()).token).put(`/api/admin/users/${user.id}/approve`)).status).toBe(200);
    expect((await me.get('/api/boards/999')).status).toBe(404);
    expect((await (await me.get('/api/auth/profile')).json()).status).toBe('ACTIVE');
  });

  it.each(['REJECTED', 'SUSPENDED'] as const)('%s revokes the tokens already issued', async (status) => {
    const { token, user } = await t.givenUser({ status: status === 'REJECTED' ? 'PENDING_APPROVAL' : 'ACTIVE' });
    expect((await changeStatus((await t.admin()).token, user.id, status)).status).toBe(200);
    expect((await t.as(token).get('/api/auth/profile')).status).toBe(401);
    expect((await t.as(token).get('/api/boards/1')).status).toBe(401);
  });

  it('refuses a token from another key, and garbage', async () => {
    expect((await t.as('garbage').get('/api/auth/profile')).status).toBe(401);
    expect((await t.as().get('/api/auth/profile')).status).toBe(401);
  });
});

describe('account status changes', () => {
  it('are for administrators only', async () => {
    const { token } = await t.givenUser();
    const target = await t.givenUser({ status: 'PENDING_APPROVAL' });
    const res = await changeStatus(token, target.user.id, 'ACTIVE');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Only administrators can do this.' });
  });

  it('follow the state machine', async () => {
    const { token } = await t.admin();
    const { user } = await t.givenUser({ status: 'PENDING_VERIFICATION' });
    const res = await changeStatus(token, user.id, 'ACTIVE');
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe('An account in status PENDING_VERIFICATION cannot become ACTIVE.');
    expect((await changeStatus(token, 987654, 'ACTIVE')).status).toBe(404);
  });
});

describe('profile', () => {
  it('reads the signed-in user, also while pending', async () => {
    const { token, email } = await t.givenUser({ status: 'PENDING_APPROVAL' });
    const res = await t.as(token).get('/api/auth/profile');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email, status: 'PENDING_APPROVAL' });
  });

  it('updates name and bio, and one appearance setting at a time', async () => {
    const { token } = await t.givenUser();
    const me = t.as(token);
    expect(await (await me.put('/api/users/profile', { name: 'New Name', bio: 'Hello' })).json()).toMatchObject({
      name: 'New Name',
      bio: 'Hello',
    });
    await me.put('/api/users/profile', { profileSettings: { fontSize: 'LARGE' } });
    const updated = await (await me.put('/api/auth/profile', { profileSettings: { themePreference: 'DARK' } })).json();
    expect(updated.profileSettings).toEqual({
      fontSize: 'LARGE',
      highContrast: false,
      themePreference: 'DARK',
      language: null,
      timeZone: null,
    });
    expect(await (await me.get('/api/auth/profile')).json()).toMatchObject({
      name: 'New Name',
      profileSettings: updated.profileSettings,
    });
  });

  it('never changes the e-mail and refuses empty or unknown updates', async () => {
    const { token, email } = await t.givenUser();
    const me = t.as(token);
    expect((await me.put('/api/users/profile', { email: 'new@example.test' })).status).toBe(400);
    const empty = await me.put('/api/users/profile', {});
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ message: 'No changes provided for update.' });
    const bad = await me.put('/api/users/profile', { profileSettings: { fontSize: 'HUGE' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/^profileSettings\.fontSize/);
    expect((await (await me.get('/api/auth/profile')).json()).email).toBe(email);
  });

  it('takes a language and a time zone of ours, and refuses others naming the field', async () => {
    const { token } = await t.givenUser();
    const me = t.as(token);
    const german = await me.put('/api/users/profile', { profileSettings: { language: 'de' } });
    expect(german.status).toBe(200);
    expect((await german.json()).profileSettings).toMatchObject({ language: 'de', timeZone: null });
    const berlin = await me.put('/api/users/profile', { profileSettings: { timeZone: 'Europe/Berlin' } });
    expect(berlin.status).toBe(200);
    expect((await berlin.json()).profileSettings).toMatchObject({ language: 'de', timeZone: 'Europe/Berlin' });

    const mars = await me.put('/api/users/profile', { profileSettings: { timeZone: 'Mars/Base' } });
    expect(mars.status).toBe(400);
    expect((await mars.json()).message).toMatch(/^profileSettings\.timeZone/);
    const french = await me.put('/api/users/profile', { profileSettings: { language: 'fr' } });
    expect(french.status).toBe(400);
    expect((await french.json()).message).toMatch(/^profileSettings\.language/);
    expect((await (await me.get('/api/auth/profile')).json()).profileSettings).toMatchObject({
      language: 'de',
      timeZone: 'Europe/Berlin',
    });
  });

  it('shows an account stored before language and time zone existed with neither chosen', async () => {
    const { token, user } = await t.givenUser();
    await queryRows(
      t.database.db,
      sql`update auth.users
          set profile_settings = '{"fontSize":"MEDIUM","highContrast":false,"themePreference":"SYSTEM"}'::jsonb
          where id = ${Number(user.id)}`,
    );
    expect((await (await t.as(token).get('/api/auth/profile')).json()).profileSettings).toEqual({
      fontSize: 'MEDIUM',
      highContrast: false,
      themePreference: 'SYSTEM',
      language: null,
      timeZone: null,
    });
  });
});

describe("e-mails in the reader's language", () => {
  const lastMailTo = (email: string) => t.mailer.sent.findLast((m) => m.to === email.toLowerCase())!;
  const registerAsking = (email: string, acceptLanguage?: string) =>
    t.request('POST', '/api/auth/register', {
      body: { name: 'Dora', email, password: 'long enough' },
      ip: freshAddress(),
      headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    });
  const inLanguage = (language: string) => `${language}.${++n}.${Date.now()}@${language}-mail.example.test`;

  it('mails the verification link in the language the registration asked for, else in English', async () => {
    const german = inLanguage('de');
    expect((await registerAsking(german, 'de-DE,de;q=0.9,en;q=0.8')).status).toBe(201);
    const mail = lastMailTo(german);
    expect(mail.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse für Trackboard');
    expect(mail.text).toContain('bitte bestätigen Sie Ihre E-Mail-Adresse, indem Sie diesen Link öffnen:');
    expect(mail.text).toMatch(/http:\/\/trackboard\.test\/verify-email\?token=[\w-]{40,}/);

    for (const [email, asked] of [
      [inLanguage('en'), undefined],
      [inLanguage('fr'), 'fr-FR,fr;q=0.9'],
    ] as const) {
      expect((await registerAsking(email, asked)).status).toBe(201);
      expect(lastMailTo(email)).toMatchObject({
        subject: 'Verify your e-mail address for Trackboard',
        text: expect.stringContaining('please confirm your e-mail address by opening this link:'),
      });
    }
  });

  it("mails a resent link and the administrator's decision in the profile's language, whatever the request asks", async () => {
    const { token, email } = await t.givenUser({ status: 'PENDING_VERIFICATION' });
    expect((await t.as(token).put('/api/users/profile', { profileSettings: { language: 'de' } })).status).toBe(200);
    const resent = await t.request('POST', '/api/auth/resend-verification', {
      body: { email },
      ip: freshAddress(),
      headers: { 'accept-language': 'en-US' },
    });
    expect(resent.status).toBe(200);
    expect(lastMailTo(email).subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse für Trackboard');
    expect(lastMailTo(email).text).toContain('Danach gibt ein Administrator Ihr Konto frei.');

    await t.ok(t.request('POST', '/api/auth/verify-email', { body: { token: t.verificationToken(email) } }));
    const me = await t.ok<{ id: string }>(t.as(token).get('/api/auth/profile'));
    const admin = await t.login(ADMIN.email, ADMIN.password);
    await t.ok(t.as(admin.token).put(`/api/admin/users/${me.id}/approve`));
    expect(lastMailTo(email)).toMatchObject({
      subject: 'Ihr Trackboard-Konto ist freigegeben',
      text: expect.stringContaining('ein Administrator hat Ihr Konto freigegeben. Sie können sich jetzt anmelden:'),
    });
  });
});

describe('the first administrator', () => {
  it('is created from the configuration, active, and only once', async () => {
    const res = await login(ADMIN.email, ADMIN.password);
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ isAdmin: true, role: 'admin', status: 'ACTIVE' });
    const before = await count('users');
    await t.platform.accounts.ensureFirstAdmin({ email: 'second@example.test', password: 'another-password' });
    expect(await count('users')).toBe(before);
  });
});

describe('bad input to every auth route', () => {
  const routes: [string, string, boolean][] = [
    ['POST', '/api/auth/register', false],
    ['POST', '/api/auth/login', false],
    ['POST', '/api/auth/verify-email', false],
    ['POST', '/api/auth/resend-verification', false],
    ['PUT', '/api/auth/profile', true],
    ['PUT', '/api/users/profile', true],
    ['PUT', '/api/auth/users/1/status', true],
    ['POST', '/api/auth/password-reset/request', false],
    ['POST', '/api/auth/password-reset/confirm', false],
    ['PUT', '/api/auth/password', true],
  ];
  const bodies = [
    '{"broken',
    '[]',
    '"text"',
    '{"name":123,"email":[],"password":null,"token":{},"status":"KING","bio":5}',
    'null',
  ];

  it.each(routes)('%s %s answers 4xx with a message and writes nothing', async (method, path, signedIn) => {
    const token = signedIn ? (await t.admin()).token : undefined;
    const tables = ['users', 'sessions', 'verification_tokens', 'password_reset_tokens'];
    const before = await Promise.all(tables.map(count));
    for (const body of bodies) {
      const res = await t.platform.apps.auth.request(path, {
        method,
        headers: { ...json, ...(token && { authorization: `Bearer ${token}` }) },
        body,
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect((await res.json()).message).toEqual(expect.any(String));
    }
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });
});
