import { createTestPlatform, freshAddress, type GivenUser, type TestPlatform } from '@trackboard/test-platform';

// A single-use link opened by two requests at once: the update that spends it only takes a link
// not spent yet, so the second waits for the first one's row lock, then finds it spent. PGlite's
// one connection runs them one after another; PostgreSQL (server-pg) runs them side by side.
// Each part has the back end its own suite uses (accounts.test.ts, password-reset.test.ts).

describe('e-mail verification', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform();
  });
  afterAll(() => t.close());

  it('verifies once when two requests race with one link; the other hears it is verified', async () => {
    const { email } = await t.givenUser({ status: 'PENDING_VERIFICATION' });
    const link = t.verificationToken(email);
    const answers = await Promise.all(
      [1, 2].map(() => t.request('POST', '/api/auth/verify-email', { body: { token: link } })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
  });
});

describe('setting a new password with the link', () => {
  // The platform runs on the clock password-reset.test.ts gives it.
  const now = Date.parse('2030-01-01T09:00:00Z');
  let t: TestPlatform;
  beforeAll(async () => {
    t = await createTestPlatform({ clock: { now: () => new Date(now) } });
  });
  afterAll(() => t.close());

  const requestReset = (email: string, ip = freshAddress()) =>
    t.request('POST', '/api/auth/password-reset/request', { body: { email }, ip });
  const confirmReset = (token: string, password: string) =>
    t.request('POST', '/api/auth/password-reset/confirm', { body: { token, password }, ip: freshAddress() });
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

  it('resets once when two requests race with one link', async () => {
    const user = await t.givenUser();
    const token = await mailedLink(user);
    const answers = await Promise.all([
      confirmReset(token, 'first racing passphrase'),
      confirmReset(token, 'second racing passphrase'),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
  });
});
