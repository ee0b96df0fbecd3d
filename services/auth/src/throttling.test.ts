import { sql } from 'drizzle-orm';
import { queryRows } from '@trackboard/server-kit';
import { createTestPlatform, freshAddress, type TestPlatform } from '@trackboard/test-platform';

// Registration and login limits: a mail cannon is stopped per address and per mail
// domain, and wrong passwords lock out the address that sent them, not the account's owner.
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

const PASSWORD = 'correct horse battery';
let n = 0;
const register = (email: string, ip: string) =>
  t.request('POST', '/api/auth/register', { body: { name: `Person ${++n}`, email, password: PASSWORD }, ip });
const login = (email: string, password: string, ip: string) =>
  t.request('POST', '/api/auth/login', { body: { email, password }, ip });
const accountsAt = async (domain: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from auth.users where email like ${`%@${domain}`}`,
    )
  )[0]!.n;
const mailTo = (domain: string) => t.mailer.sent.filter((m) => m.to.endsWith(`@${domain}`)).length;

describe('registration', () => {
  it('takes 20 an hour from one address, then answers 429 and neither stores nor mails', async () => {
    const ip = freshAddress();
    const statuses = [];
    for (let i = 0; i < 20; i++) statuses.push((await register(`p${i}@one-${i}.address.test`, ip)).status);
    expect(statuses).toEqual(Array(20).fill(201));

    const refused = await register('victim@refused.address.test', ip);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      message: 'Too many accounts were registered recently. Please try again later.',
    });
    expect(await accountsAt('refused.address.test')).toBe(0);
    expect(mailTo('refused.address.test')).toBe(0);
    // Another address is not held up by this one.
    expect((await register('someone@other.address.test', freshAddress())).status).toBe(201);
  });

  it('takes 50 an hour to one mail domain from any addresses, then answers 429 and neither stores nor mails', async () => {
    for (let i = 0; i < 50; i++) expect((await register(`p${i}@victim.test`, freshAddress())).status).toBe(201);
    const before = { accounts: await accountsAt('victim.test'), mail: mailTo('victim.test') };

    const refused = await register('one.more@victim.test', freshAddress());
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      message: 'Too many accounts were registered recently. Please try again later.',
    });
    expect({ accounts: await accountsAt('victim.test'), mail: mailTo('victim.test') }).toEqual(before);
    expect(before).toEqual({ accounts: 50, mail: 50 });
  });
});

describe('login failures', () => {
  it('lock out the address that sent them, not the owner signing in from another', async () => {
    const { email, password } = await t.givenUser();
    const [guesser, owner] = [freshAddress(), freshAddress()];
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await login(email, `wrong guess ${i}`, guesser)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);

    expect((await login(email, password, owner)).status).toBe(200);
    const stillLocked = await login(email, password, guesser);
    expect(stillLocked.status).toBe(429);
    expect(await stillLocked.json()).toEqual({ message: 'Too many login attempts. Please try again later.' });
  });

  it('past 100 an hour on one account, let only addresses without failures try, once', async () => {
    const { email, password } = await t.givenUser();
    const guessers = Array.from({ length: 20 }, () => freshAddress());
    for (const ip of guessers)
      for (let i = 0; i < 5; i++) expect((await login(email, `spread guess ${i}`, ip)).status).toBe(401);

    // A guesser that still has tries left on its own address is stopped by the account's limit.
    const guesserWithTriesLeft = freshAddress();
    expect((await login(email, 'one more guess', guesserWithTriesLeft)).status).toBe(401);
    expect((await login(email, password, guesserWithTriesLeft)).status).toBe(429);
    // The owner, from an address that never failed, gets in.
    expect((await login(email, password, freshAddress())).status).toBe(200);
  });
});
