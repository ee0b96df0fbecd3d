import { sql } from 'drizzle-orm';
import type { AuthUser } from '@trackboard/server-kit';
import { queryRows, systemClock } from '@trackboard/server-kit';
import { createTestPlatform, type GivenUser, type TestPlatform } from '@trackboard/test-platform';
import { createAccountRoles } from './domain/account-roles';

// The auth service's last-active-administrator rule and its lock, below the admin service (which
// the admin suite drives through the gateway). The race is run straight on the domain, so both
// sides are sure to get past authentication before either commits. PGlite's one connection runs
// them one after another; PostgreSQL (server-pg) runs them side by side.
const lastAdmin =
  'This is the last active administrator: make another account an administrator before demoting or suspending this one.';

let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

const putRole = (token: string, id: string, role: string) =>
  t.platform.apps.auth.request(`/api/auth/users/${id}/role`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ role }),
  });
const activeAdminIds = async () =>
  (
    await queryRows<{ id: string }>(
      t.database.db,
      sql`select id::text from auth.users where status = 'ACTIVE' and (is_admin or role = 'admin') order by id`,
    )
  ).map((r) => r.id);
/** The caller as every service sees an administrator (live status and role). */
const adminCaller = (u: GivenUser): AuthUser => ({
  id: u.user.id,
  email: u.email,
  role: 'admin',
  isAdmin: true,
  via: 'session',
  sessionId: '00000000-0000-0000-0000-000000000000',
  status: 'ACTIVE',
});

it('lets exactly one of two administrators demoting each other at the same moment win', async () => {
  const roles = createAccountRoles({ db: t.database.db, clock: systemClock });
  const { token: firstToken, user: first } = await t.admin();
  const a = await t.givenUser({ name: 'Racer A' });
  const b = await t.givenUser({ name: 'Racer B' });
  for (const u of [a, b]) expect((await putRole(firstToken, u.user.id, 'admin')).status).toBe(200);
  // The first administrator steps down, leaving A and B.
  expect((await putRole(firstToken, first.id, 'user')).status).toBe(200);
  expect(await activeAdminIds()).toEqual([a.user.id, b.user.id]);

  const outcomes = await Promise.allSettled([
    roles.changeRole(adminCaller(a), Number(b.user.id), 'user'),
    roles.changeRole(adminCaller(b), Number(a.user.id), 'user'),
  ]);
  expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
  const refused = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected')!;
  expect(refused.reason).toMatchObject({ status: 409, message: lastAdmin });
  expect(await activeAdminIds()).toHaveLength(1);
});
