import { sql } from 'drizzle-orm';
import type { DomainEvent } from '@trackboard/contracts';
import { queryRows } from '@trackboard/server-kit';
import { createTestPlatform, freshAddress, type GivenUser, type TestPlatform } from '@trackboard/test-platform';

// A forgotten password is reset through a mailed single-use link valid for an hour;
// a known one is changed while signed in. The platform runs on a clock the tests move.

let t: TestPlatform;
let now = Date.parse('2030-01-01T09:00:00Z');
const heard: DomainEvent[] = [];
beforeAll(async () => {
  t = await createTestPlatform({ clock: { now: () => new Date(now) } });
  await t.events.listen({
    'account.revoked': (e) => void heard.push(e),
    'session.revoked': (e) => void heard.push(e),
  });
});
afterAll(() => t.close());

const sent = "If an account exists for that address, we've sent a link.";
const NEW_PASSWORD = 'a brand new passphrase';

const requestReset = (email: string, ip = freshAddress()) =>
  t.request('POST', '/api/auth/password-reset/request', { body: { email }, ip });
const confirmReset = (token: string, password = NEW_PASSWORD) =>
  t.request('POST', '/api/auth/password-reset/confirm', { body: { token, password }, ip: freshAddress() });
const login = (email: string, password: string) =>
  t.request('POST', '/api/auth/login', { body: { email, password }, ip: freshAddress() });
const changePassword = (token: string, body: unknown) =>
  t.request('PUT', '/api/auth/password', { token, body, ip: freshAddress() });

const mailsTo = (email: string) => t.mailer.sent.filter((m) => m.to === email.toLowerCase());
/** The token of the last reset link mailed to this address. */
function resetToken(email: string): string {
  const mail = mailsTo(email).findLast((m) => m.text.includes('/reset-password?token='));
  const token = mail && /\/reset-password\?token=([\w%-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no reset mail for ${email}`);
  return decodeURIComponent(token);
}
async function mailedLink(user: GivenUser): Promise<string> {
  expect((await requestReset(user.email)).status).toBe(200);
  return resetToken(user.email);
}
/** Another session of the same account (another device). */
const signInAgain = async (user: GivenUser) => (await (await login(user.email, user.password)).json()).token as string;
/** The events the outbox relays after commit, once they have arrived. */
async function relayed(count: number): Promise<DomainEvent[]> {
  for (let i = 0; heard.length < count && i < 100; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  return heard;
}
const profileStatus = async (token: string) => (await t.as(token).get('/api/auth/profile')).status;

describe('asking for a reset link', () => {
  it('mails a link to /reset-password valid for an hour, storing only its hash', async () => {
    const user = await t.givenUser();
    const res = await requestReset(user.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: sent });

    const mail = mailsTo(user.email).at(-1)!;
    expect(mail.subject).toBe('Reset your password for Trackboard');
    expect(mail.text).toMatch(/http:\/\/trackboard\.test\/reset-password\?token=[\w-]{40,}/);
    expect(mail.text).toContain('expires in 1 hour');
    const token = resetToken(user.email);
    const [row] = await queryRows<{ token_hash: string; expires_at: Date }>(
      t.database.db,
      sql`select token_hash, expires_at from auth.password_reset_tokens
          where user_id = ${Number(user.user.id)} order by id desc limit 1`,
    );
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.token_hash).not.toContain(token);
    expect(new Date(row!.expires_at).getTime()).toBe(now + 60 * 60 * 1000);
  });

  it.each([
    ['an unknown address', async () => ({ email: `nobody.${Date.now()}@example.test`, mailed: false })],
    ['a rejected account', async () => ({ email: (await t.givenUser({ status: 'REJECTED' })).email, mailed: false })],
    ['a suspended account', async () => ({ email: (await t.givenUser({ status: 'SUSPENDED' })).email, mailed: false })],
    [
      'an account awaiting approval',
      async () => ({ email: (await t.givenUser({ status: 'PENDING_APPROVAL' })).email, mailed: true }),
    ],
    [
      'an unverified account',
      async () => ({ email: (await t.givenUser({ status: 'PENDING_VERIFICATION' })).email, mailed: true }),
    ],
  ])('gives %s the same answer', async (_who, given) => {
    const { email, mailed } = await given();
    const before = t.mailer.sent.length;
    const res = await requestReset(email);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: sent });
    expect(t.mailer.sent.slice(before).some((m) => m.text.includes('/reset-password?token='))).toBe(mailed);
  });

  it('says which field is wrong', async () => {
    for (const [email, message] of [
      ['', 'email: is required'],
      ['not-an-address', 'email: must be a valid e-mail address'],
    ] as const) {
      const res = await requestReset(email);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message });
    }
  });

  it('takes 3 in 15 minutes for one address, from anywhere, then answers 429 and mails nothing', async () => {
    const { email } = await t.givenUser();
    for (let i = 0; i < 3; i++) expect((await requestReset(email)).status).toBe(200);
    const before = t.mailer.sent.length;
    const refused = await requestReset(email.toUpperCase());
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: 'Too many password reset requests. Please try again later.' });
    expect(t.mailer.sent.length).toBe(before);
  });

  it('takes 20 an hour from one client address, known or unknown e-mails alike', async () => {
    const ip = freshAddress();
    const statuses = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await requestReset(`someone${i}.${Date.now()}@example.test`, ip)).status);
    expect(statuses).toEqual([...Array(20).fill(200), 429]);
    // Another client is not held up by this one.
    expect((await requestReset(`else.${Date.now()}@example.test`)).status).toBe(200);
  });

  it("mails the link in the profile's language, else in the one the request asks for", async () => {
    const asking = (email: string, acceptLanguage: string) =>
      t.request('POST', '/api/auth/password-reset/request', {
        body: { email },
        ip: freshAddress(),
        headers: { 'accept-language': acceptLanguage },
      });
    const chose = await t.givenUser();
    await t.ok(t.as(chose.token).put('/api/users/profile', { profileSettings: { language: 'de' } }));
    const unchosen = await t.givenUser();
    expect((await asking(chose.email, 'en-GB,en;q=0.9')).status).toBe(200);
    expect((await asking(unchosen.email, 'fr-CH, de-AT;q=0.8, en;q=0.5')).status).toBe(200);

    for (const user of [chose, unchosen]) {
      const mail = mailsTo(user.email).at(-1)!;
      expect(mail.subject).toBe('Setzen Sie Ihr Passwort für Trackboard zurück');
      expect(mail.text).toContain('Der Link funktioniert einmal und läuft in 1 Stunde ab.');
      expect(mail.text).toMatch(/http:\/\/trackboard\.test\/reset-password\?token=[\w-]{40,}/);
    }
  });
});

describe('setting a new password with the link', () => {
  it('sets it, ends every session of the account (sockets too) and mails a confirmation', async () => {
    const user = await t.givenUser();
    const other = await signInAgain(user);
    const token = await mailedLink(user);
    heard.length = 0;

    const res = await confirmReset(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      message: 'Your password has been reset. You can now sign in with your new password.',
    });
    for (const session of [user.token, other]) {
      expect(await profileStatus(session)).toBe(401);
      expect((await t.as(session).get('/api/boards/1')).status).toBe(401);
    }
    expect(await relayed(1)).toEqual([
      expect.objectContaining({ type: 'account.revoked', userId: user.user.id, reason: 'PASSWORD_RESET' }),
    ]);
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
    expect(mailsTo(user.email).at(-1)).toMatchObject({ subject: 'Your Trackboard password was changed' });
  });

  it('works once: the link opened again is refused, and so is an older link of the account', async () => {
    const user = await t.givenUser();
    const older = await mailedLink(user);
    const newer = await mailedLink(user);
    expect((await confirmReset(newer)).status).toBe(200);

    for (const used of [newer, older]) {
      const again = await confirmReset(used, 'yet another passphrase');
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual({
        message: 'This password reset link has already been used. Please request a new one.',
      });
    }
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('expires after an hour (on the service’s clock)', async () => {
    const user = await t.givenUser();
    const token = await mailedLink(user);
    const asked = now;
    try {
      now = asked + 60 * 60 * 1000 - 1;
      const fresh = await mailedLink(user); // a second link, still within its hour at the end
      now = asked + 60 * 60 * 1000;
      const res = await confirmReset(token);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'This password reset link has expired. Please request a new one.' });
      expect((await login(user.email, user.password)).status).toBe(200);
      expect((await confirmReset(fresh)).status).toBe(200);
    } finally {
      now = asked + 2 * 60 * 60 * 1000;
    }
  });

  it('refuses an unknown link', async () => {
    const res = await confirmReset('not-a-real-token');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'This password reset link is not valid. Please request a new one.' });
  });

  it('refuses the link of an account suspended since it was mailed', async () => {
    const user = await t.givenUser();
    const token = await mailedLink(user);
    const admin = (await t.admin()).token;
    await t.ok(
      t.platform.apps.auth.request(`/api/auth/users/${user.user.id}/status`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: JSON.stringify({ status: 'SUSPENDED' }),
      }),
    );
    expect((await confirmReset(token)).status).toBe(400);
  });

  // The same rules and messages as registration; a refused password leaves the link usable.
  it.each([
    ['short', 'password: must be at least 10 characters'],
    ['password1234', 'password: is too easy to guess. Use a longer passphrase that is not a common password.'],
    ['', 'password: must be at least 10 characters'],
  ])('refuses the password %j under the policy and keeps the link', async (password, message) => {
    const user = await t.givenUser();
    const token = await mailedLink(user);
    const res = await confirmReset(token, password);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
    expect(await profileStatus(user.token)).toBe(200);
    expect((await confirmReset(token)).status).toBe(200);
  });

  it('refuses the account’s own e-mail as its password', async () => {
    const user = await t.givenUser();
    const res = await confirmReset(await mailedLink(user), user.email);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'password: must not be your name or e-mail address.' });
  });

  it('leaves an unverified account unverified', async () => {
    const user = await t.givenUser({ status: 'PENDING_VERIFICATION' });
    expect((await confirmReset(await mailedLink(user))).status).toBe(200);
    const res = await login(user.email, NEW_PASSWORD);
    expect((await res.json()).user.status).toBe('PENDING_VERIFICATION');
  });
});

describe('changing the password while signed in', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const user = await t.givenUser();
    const other = await signInAgain(user);
    heard.length = 0;

    const res = await changePassword(user.token, { currentPassword: user.password, password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      message: 'Your password has been changed. Your other sessions have been signed out.',
    });
    expect(await profileStatus(user.token)).toBe(200);
    expect(await profileStatus(other)).toBe(401);
    expect(await relayed(1)).toEqual([expect.objectContaining({ type: 'session.revoked', userId: user.user.id })]);
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
    expect(mailsTo(user.email).at(-1)).toMatchObject({ subject: 'Your Trackboard password was changed' });
  });

  it('refuses a wrong current password at its field, and changes nothing', async () => {
    const user = await t.givenUser();
    const other = await signInAgain(user);
    const res = await changePassword(user.token, { currentPassword: 'not my password', password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'currentPassword: is incorrect' });
    expect(await profileStatus(other)).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('holds the new password to the policy', async () => {
    const user = await t.givenUser();
    const res = await changePassword(user.token, { currentPassword: user.password, password: 'password1234' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/^password: is too easy to guess/);
    const missing = await changePassword(user.token, { password: NEW_PASSWORD });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: 'currentPassword: is required' });
  });

  it('stops guessing the current password after 5 wrong tries in 15 minutes', async () => {
    const user = await t.givenUser();
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await changePassword(user.token, { currentPassword: `guess ${i}`, password: NEW_PASSWORD })).status,
      );
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const res = await changePassword(user.token, { currentPassword: user.password, password: NEW_PASSWORD });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ message: 'Too many wrong passwords. Please try again later.' });
  });

  it('spends the account’s open reset links', async () => {
    const user = await t.givenUser();
    const token = await mailedLink(user);
    await t.ok(changePassword(user.token, { currentPassword: user.password, password: NEW_PASSWORD }));
    expect((await confirmReset(token, 'an attacker passphrase')).status).toBe(400);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });
});

// A token minted by whoever had the old password must not outlive recovering the account: a
// reset always revokes the account's personal access tokens, a change does unless the owner
// asks to keep them. The list and the mail say so.
describe('personal access tokens and a new password', () => {
  const createToken = (session: string, name = 'CI script') =>
    t.ok<{ id: string; token: string; createdAt: string }>(t.as(session).post('/api/auth/tokens', { name }));
  const listTokens = (session: string) => t.ok<unknown[]>(t.as(session).get('/api/auth/tokens'));

  it('revokes every token on a reset, lists them as revoked by it, and says so in the answer and the mail', async () => {
    const user = await t.givenUser();
    const pat = await createToken(user.token);
    expect(await profileStatus(pat.token)).toBe(200);

    const res = await confirmReset(await mailedLink(user));
    expect(await profileStatus(pat.token)).toBe(401);
    expect(await res.json()).toEqual({
      message:
        'Your password has been reset and your access tokens revoked. You can now sign in with your new password.',
    });
    const session = await signInAgain({ ...user, password: NEW_PASSWORD });
    expect(await listTokens(session)).toEqual([
      {
        id: pat.id,
        name: 'CI script',
        createdAt: pat.createdAt,
        lastUsedAt: expect.any(String),
        expiresAt: null,
        revoked: { at: new Date(now).toISOString(), reason: 'PASSWORD_RESET' },
      },
    ]);
    expect(mailsTo(user.email).at(-1)!.text).toContain('Your access tokens were revoked');
  });

  it('revokes every token on a change by default', async () => {
    const user = await t.givenUser();
    const pat = await createToken(user.token);
    const res = await changePassword(user.token, { currentPassword: user.password, password: NEW_PASSWORD });
    expect(await profileStatus(pat.token)).toBe(401);
    expect(await res.json()).toEqual({
      message:
        'Your password has been changed. Your other sessions have been signed out and your access tokens revoked.',
    });
    expect(await listTokens(user.token)).toEqual([
      expect.objectContaining({ id: pat.id, revoked: { at: new Date(now).toISOString(), reason: 'PASSWORD_CHANGE' } }),
    ]);
    expect(mailsTo(user.email).at(-1)!.text).toContain('Your access tokens were revoked');
    // Revoked is revoked: the owner's own Revoke finds nothing left to do.
    expect((await t.as(user.token).delete(`/api/auth/tokens/${pat.id}`)).status).toBe(404);
  });

  it('keeps the tokens on a change when asked to, and the mail says they were kept', async () => {
    const user = await t.givenUser();
    const pat = await createToken(user.token);
    const res = await changePassword(user.token, {
      currentPassword: user.password,
      password: NEW_PASSWORD,
      keepAccessTokens: true,
    });
    expect(await res.json()).toEqual({
      message: 'Your password has been changed. Your other sessions have been signed out.',
    });
    expect(await profileStatus(pat.token)).toBe(200);
    expect(await listTokens(user.token)).toEqual([expect.not.objectContaining({ revoked: expect.anything() })]);
    const mail = mailsTo(user.email).at(-1)!.text;
    expect(mail).toContain('Your access tokens were kept');
    expect(mail).not.toContain('revoked');
  });

  it('tells a reader who chose German in German that the password changed and the tokens went', async () => {
    const user = await t.givenUser();
    await t.ok(t.as(user.token).put('/api/users/profile', { profileSettings: { language: 'de' } }));
    await createToken(user.token);
    expect((await confirmReset(await mailedLink(user))).status).toBe(200);
    const mail = mailsTo(user.email).at(-1)!;
    expect(mail.subject).toBe('Ihr Trackboard-Passwort wurde geändert');
    expect(mail.text).toContain('Ihre Zugriffstoken wurden ebenfalls widerrufen');
    expect(mail.text).toContain('setzen Sie Ihr Passwort jetzt unter http://trackboard.test/forgot-password zurück');
  });

  it('says nothing of tokens to an account that had none', async () => {
    const user = await t.givenUser();
    const res = await changePassword(user.token, { currentPassword: user.password, password: NEW_PASSWORD });
    expect(await res.json()).toEqual({
      message: 'Your password has been changed. Your other sessions have been signed out.',
    });
    expect(mailsTo(user.email).at(-1)!.text).not.toContain('access tokens');
  });

  it('refuses a keepAccessTokens that is not a boolean', async () => {
    const user = await t.givenUser();
    const res = await changePassword(user.token, {
      currentPassword: user.password,
      password: NEW_PASSWORD,
      keepAccessTokens: 'yes',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/^keepAccessTokens: /);
  });

  it('lists tokens revoked by a new password for 30 days, and tokens revoked by hand not at all', async () => {
    const user = await t.givenUser();
    const byHand = await createToken(user.token, 'by hand');
    expect((await t.as(user.token).delete(`/api/auth/tokens/${byHand.id}`)).status).toBe(204);
    const pat = await createToken(user.token, 'by the change');
    await t.ok(changePassword(user.token, { currentPassword: user.password, password: NEW_PASSWORD }));
    const changedAt = now;
    try {
      now = changedAt + 30 * 24 * 60 * 60 * 1000 - 1;
      expect((await listTokens(user.token)).map((x) => (x as { id: string }).id)).toEqual([pat.id]);
      now = changedAt + 30 * 24 * 60 * 60 * 1000;
      expect(await listTokens(user.token)).toEqual([]);
    } finally {
      now = changedAt + 31 * 24 * 60 * 60 * 1000;
    }
  });
});
