import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';

// The auth service's role changes, below the admin service (which the admin suite drives through
// the gateway). Two administrators demoting each other at once (the last-active-administrator
// rule and its lock) are in account-roles.db.test.ts, which runs on PostgreSQL as well.

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

it('sets role and isAdmin together, answers 404 for an unknown account and 400 naming the role', async () => {
  const { token } = await t.admin();
  const user = await t.givenUser();
  const res = await putRole(token, user.user.id, 'admin');
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ id: user.user.id, role: 'admin', isAdmin: true });
  expect(await (await putRole(token, user.user.id, 'user')).json()).toMatchObject({ role: 'user', isAdmin: false });
  expect((await putRole(token, '987654321', 'admin')).status).toBe(404);
  const bad = await putRole(token, user.user.id, 'owner');
  expect(bad.status).toBe(400);
  expect((await bad.json()).message).toMatch(/^role: /);
});
