import { sql } from 'drizzle-orm';
import { queryRows } from '@trackboard/server-kit';
import { createTestPlatform, freshAddress, type TestPlatform } from '@trackboard/test-platform';

// A password is refused when it is short, common, or the account's own name or
// e-mail; the answer says why, and nothing is stored or mailed.
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

let n = 0;
const freshEmail = () => `grace.hopper${++n}@navy.example.test`;
const register = (body: { name: string; email: string; password: string }) =>
  t.request('POST', '/api/auth/register', { body, ip: freshAddress() });
const accountsOf = async (email: string) =>
  (
    await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from auth.users where email = ${email}`)
  )[0]!.n;

const tooShort = 'password: must be at least 10 characters';
const guessable = 'password: is too easy to guess. Use a longer passphrase that is not a common password.';
const personal = 'password: must not be your name or e-mail address.';

describe('the password policy at registration', () => {
  it.each([
    ['12345678', () => '12345678', tooShort],
    ['password', () => 'password', tooShort],
    ['eight spaces', () => ' '.repeat(8), tooShort],
    ['ten spaces', () => ' '.repeat(10), guessable],
    ['1234567890', () => '1234567890', guessable],
    ['password1234', () => 'password1234', guessable],
    ['qwertyuiop', () => 'qwertyuiop', guessable],
    ['a near miss of a common password', () => 'Passw0rd!!', guessable],
    ['the e-mail itself', (email: string) => email, personal],
    ['the e-mail in capitals', (email: string) => email.toUpperCase(), personal],
    ['the name', () => 'Grace Brewster Hopper', personal],
    ['the e-mail’s local part and a digit', (email: string) => `${email.split('@')[0]}1`, personal],
  ])('refuses %s with a 400 that says why, storing and mailing nothing', async (_case, password, message) => {
    const email = freshEmail();
    const mailed = t.mailer.sent.length;
    const res = await register({ name: 'Grace Brewster Hopper', email, password: password(email) });
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 400, body: { message } });
    expect(await accountsOf(email)).toBe(0);
    expect(t.mailer.sent.length).toBe(mailed);
  });

  it.each([
    ['Quentin Example', 'QuentinExample1'],
    ['Quentin Example', 'quentin.example.2024'],
    ['Quentin Example', 'ExampleQuentin!!'],
    ['Grace Brewster Hopper', 'GraceHopper1906'],
    ['Grace Brewster Hopper', 'BrewsterHopper12'],
  ])('refuses the parts of the name %s with digits and symbols: %s', async (name, password) => {
    const email = freshEmail();
    const res = await register({ name, email, password });
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 400, body: { message: personal } });
    expect(await accountsOf(email)).toBe(0);
  });

  it('refuses the words of the e-mail’s local part with digits', async () => {
    const email = `quentin.sample${++n}@corp.example.test`;
    const res = await register({ name: 'Q. S.', email, password: 'SampleQuentin2024' });
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 400, body: { message: personal } });
  });

  it.each([
    'correct horse battery',
    'Nanoseconds are 30 cm of wire',
    'ʞɔolɔ ɟo ʇno ǝɯıʇ',
    // The name is no secret, but a passphrase around it can still be one.
    'Hopper rides purple tractors at dawn',
  ])('takes a passphrase that is hard to guess: %s', async (password) => {
    const email = freshEmail();
    const res = await register({ name: 'Grace Brewster Hopper', email, password });
    expect(res.status).toBe(201);
    expect(await accountsOf(email)).toBe(1);
  });

  it('is the only way in: no profile or account update takes a password', async () => {
    const { token, email } = await t.givenUser();
    const admin = t.as((await t.admin()).token);
    for (const res of [
      await t.as(token).put('/api/auth/profile', { password: 'a brand new passphrase' }),
      await admin.put(`/api/users?email=${encodeURIComponent(email)}`, { password: 'a brand new passphrase' }),
    ])
      expect(res.status).toBe(400);
  });
});
