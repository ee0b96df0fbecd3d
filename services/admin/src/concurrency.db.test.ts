import { sql } from 'drizzle-orm';
import { queryRows } from '@trackboard/server-kit';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';

// Two administrators demoting each other at the same moment, through the gateway's routes: the
// auth service locks every active administrator's row before it counts them, so one demotion
// waits for the other and one administrator stays. PGlite's one connection runs them one after
// another; PostgreSQL (server-pg) runs them side by side.

// Its own back end: the rule is about how many administrators there are in all.
describe('the last active administrator', () => {
  let p: TestPlatform;
  let first: { token: string; id: string };
  beforeAll(async () => {
    p = await createTestPlatform();
    const session = await p.admin();
    first = { token: session.token, id: session.user.id };
  });
  afterAll(() => p.close());

  const put = (token: string, id: string, route: 'role' | 'status', body: unknown) =>
    p.as(token).put(`/api/admin/users/${id}/${route}`, body);
  const activeAdmins = async () =>
    (
      await queryRows<{ n: number }>(
        p.database.db,
        sql`select count(*)::int as n from auth.users where status = 'ACTIVE' and (is_admin or role = 'admin')`,
      )
    )[0]!.n;

  it('survives two administrators demoting each other at the same moment', async () => {
    const a = await p.givenUser({ name: 'Admin A' });
    const b = await p.givenUser({ name: 'Admin B' });
    await p.ok(put(first.token, a.user.id, 'role', { role: 'admin' }));
    await p.ok(put(first.token, b.user.id, 'role', { role: 'admin' }));
    await p.ok(put(a.token, first.id, 'role', { role: 'user' }));
    expect(await activeAdmins()).toBe(2);

    const answers = await Promise.all([
      put(a.token, b.user.id, 'role', { role: 'user' }),
      put(b.token, a.user.id, 'role', { role: 'user' }),
    ]);
    // One wins; the other is refused: as the last administrator (409), or as no longer one (403).
    expect(answers.map((r) => r.status).sort()).toEqual([200, expect.any(Number)]);
    expect([403, 409]).toContain(answers.map((r) => r.status).sort()[1]);
    expect(await activeAdmins()).toBe(1);
  });
});
