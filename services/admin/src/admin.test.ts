import { sql } from 'drizzle-orm';
import type { AdminDashboardDto, PendingUsersResponse } from '@trackboard/contracts';
import { queryRows } from '@trackboard/server-kit';
import { createTestPlatform, type GivenUser, type TestPlatform } from '@trackboard/test-platform';

let t: TestPlatform;
let adminToken: string;
beforeAll(async () => {
  t = await createTestPlatform();
  adminToken = (await t.admin()).token;
});
afterAll(() => t.close());

const asAdmin = () => t.as(adminToken);
const list = (query: string) => t.ok<PendingUsersResponse>(asAdmin().get(`/api/admin/users?${query}`));

describe('the approval list', () => {
  let people: GivenUser[];
  let tag: string;
  beforeAll(async () => {
    tag = `zz${Date.now().toString(36)}`;
    people = [];
    // Names chosen so every sort order is different.
    for (const [name, status] of [
      [`Carla ${tag}`, 'PENDING_APPROVAL'],
      [`alice ${tag}`, 'PENDING_VERIFICATION'],
      [`Bruno ${tag}`, 'PENDING_APPROVAL'],
      [`Dora ${tag}`, 'ACTIVE'],
      [`Emil ${tag}`, 'PENDING_APPROVAL'],
    ] as const) {
      people.push(await t.givenUser({ name, status }));
    }
  });

  it('filters by the repeated status, searches name or e-mail case-insensitively and pages', async () => {
    const page1 = await list(
      `status=PENDING_APPROVAL&status=PENDING_VERIFICATION&searchTerm=${tag.toUpperCase()}&limit=3&page=1`,
    );
    expect(page1).toMatchObject({ totalUsers: 4, totalPages: 2, currentPage: 1 });
    expect(page1.users).toHaveLength(3);
    const page2 = await list(`status=PENDING_APPROVAL&status=PENDING_VERIFICATION&searchTerm=${tag}&limit=3&page=2`);
    expect(page2.users).toHaveLength(1);
    expect(new Set([...page1.users, ...page2.users].map((u) => u.status))).toEqual(
      new Set(['PENDING_APPROVAL', 'PENDING_VERIFICATION']),
    );
    const beyond = await list(`searchTerm=${tag}&limit=3&page=9`);
    expect(beyond).toMatchObject({ users: [], totalUsers: 5, totalPages: 2, currentPage: 9 });
    const byEmail = await list(`searchTerm=${encodeURIComponent(people[0]!.email.toUpperCase())}`);
    expect(byEmail.users.map((u) => u.name)).toEqual([`Carla ${tag}`]);
  });

  it('defaults to newest first', async () => {
    const { users } = await list(`searchTerm=${tag}`);
    expect(users.map((u) => u.name)).toEqual([
      `Emil ${tag}`,
      `Dora ${tag}`,
      `Bruno ${tag}`,
      `alice ${tag}`,
      `Carla ${tag}`,
    ]);
  });

  it.each([
    ['name', 'asc', ['alice', 'Bruno', 'Carla', 'Dora', 'Emil']],
    ['name', 'desc', ['Emil', 'Dora', 'Carla', 'Bruno', 'alice']],
    ['createdAt', 'asc', ['Carla', 'alice', 'Bruno', 'Dora', 'Emil']],
    ['id', 'desc', ['Emil', 'Dora', 'Bruno', 'alice', 'Carla']],
  ])('sorts by %s %s', async (sortField, sortOrder, expected) => {
    const { users } = await list(`searchTerm=${tag}&sortField=${sortField}&sortOrder=${sortOrder}`);
    expect(users.map((u) => u.name.split(' ')[0]!)).toEqual(expected);
  });

  it('sorts by e-mail', async () => {
    const { users } = await list(`searchTerm=${tag}&sortField=email&sortOrder=asc`);
    const emails = users.map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
  });

  it('treats % and _ in the search as plain characters', async () => {
    expect((await list('searchTerm=%25')).totalUsers).toBe(0);
    expect((await list('searchTerm=_')).totalUsers).toBe(0);
  });

  it.each([
    ['page=0', /^page: /],
    ['page=-1', /^page: /],
    ['limit=100000', /^limit: /],
    ['limit=abc', /^limit: /],
    ['sortField=password', /^sortField: /],
    ['sortOrder=sideways', /^sortOrder: /],
    ['status=KING', /^status/],
    ['unknown=1', /Unrecognized key/],
  ])('refuses %s with a message naming the field', async (query, message) => {
    const res = await asAdmin().get(`/api/admin/users?${query}`);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(message);
  });
});

describe('approval and rejection', () => {
  it('approve activates the account, logs who did it and mails the user, who can then log in', async () => {
    const pending = await t.givenUser({ status: 'PENDING_APPROVAL' });
    const res = await asAdmin().put(`/api/admin/users/${pending.user.id}/approve`);
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ id: pending.user.id, status: 'ACTIVE' });
    expect(t.mailer.sent.at(-1)).toMatchObject({ to: pending.email, subject: 'Your Trackboard account is approved' });
    const [log] = await queryRows<{ action: string; actor_id: string }>(
      t.database.db,
      sql`select action, actor_id from admin.moderation_log where user_id = ${Number(pending.user.id)}`,
    );
    expect(log).toMatchObject({ action: 'APPROVED' });
    expect((await t.login(pending.email, pending.password)).user.status).toBe('ACTIVE');
  });

  it('reject keeps the reason, ends the user’s sessions, and login then gives the rejection message', async () => {
    const pending = await t.givenUser({ status: 'PENDING_APPROVAL' });
    const res = await asAdmin().put(`/api/admin/users/${pending.user.id}/reject`, { reason: 'Not a colleague' });
    expect(res.status).toBe(200);
    const [log] = await queryRows<{ action: string; reason: string }>(
      t.database.db,
      sql`select action, reason from admin.moderation_log where user_id = ${Number(pending.user.id)}`,
    );
    expect(log).toEqual({ action: 'REJECTED', reason: 'Not a colleague' });
    expect(t.mailer.sent.at(-1)!.text).toContain('Reason: Not a colleague');
    expect((await t.as(pending.token).get('/api/auth/profile')).status).toBe(401);
    const login = await t.request('POST', '/api/auth/login', {
      body: { email: pending.email, password: pending.password },
    });
    expect(login.status).toBe(403);
    expect((await login.json()).message).toBe(
      'Your account has been rejected. If you believe this is an error, please contact support.',
    );
  });

  it.each(['ACTIVE', 'PENDING_VERIFICATION', 'REJECTED'] as const)(
    'refuses to approve or reject a %s account with 409',
    async (status) => {
      const user = await t.givenUser({ status });
      for (const action of ['approve', 'reject']) {
        const res = await asAdmin().put(
          `/api/admin/users/${user.user.id}/${action}`,
          action === 'reject' ? {} : undefined,
        );
        expect(res.status).toBe(409);
        expect(await res.json()).toEqual({ message: 'Only accounts awaiting approval can be approved or rejected.' });
      }
    },
  );

  it('resends verification only to accounts awaiting it', async () => {
    const unverified = await t.givenUser({ status: 'PENDING_VERIFICATION' });
    const before = t.mailer.sent.length;
    const res = await asAdmin().post(`/api/admin/users/${unverified.user.id}/resend-verification`);
    expect(await res.json()).toEqual({ message: 'A new verification e-mail has been sent.' });
    expect(t.mailer.sent.length).toBe(before + 1);
    const active = await t.givenUser();
    const refused = await asAdmin().post(`/api/admin/users/${active.user.id}/resend-verification`);
    expect(refused.status).toBe(409);
    expect((await asAdmin().put('/api/admin/users/999999/approve')).status).toBe(404);
  });
});

describe('the admin dashboard', () => {
  it('counts accounts by status, registrations per day and who waits longest', async () => {
    const waiting = await t.givenUser({ status: 'PENDING_APPROVAL' });
    const dashboard = await t.ok<AdminDashboardDto>(asAdmin().get('/api/dashboard/admin'));
    expect(dashboard.countsByStatus.PENDING_APPROVAL).toBeGreaterThan(0);
    expect(dashboard.registrationsPerDay).toHaveLength(30);
    expect(dashboard.registrationsPerDay.at(-1)).toEqual({
      date: new Date().toISOString().slice(0, 10),
      count: expect.any(Number),
    });
    expect(dashboard.registrationsPerDay.at(-1)!.count).toBeGreaterThan(0);
    expect(dashboard.longestWaiting.map((w) => w.id)).toContain(waiting.user.id);
  });
});

describe('the user directory', () => {
  it('lets a user read their own record and stats, and an admin anyone’s', async () => {
    const me = await t.givenUser({ name: 'Selma Self' });
    const other = await t.givenUser();
    expect(await t.ok(t.as(me.token).get(`/api/users?email=${encodeURIComponent(me.email)}`))).toMatchObject({
      name: 'Selma Self',
    });
    expect((await t.as(me.token).get(`/api/users?email=${encodeURIComponent(other.email)}`)).status).toBe(403);
    expect(await t.ok(asAdmin().get(`/api/users?email=${encodeURIComponent(other.email)}`))).toMatchObject({
      id: other.user.id,
    });
    expect(await t.ok(t.as(me.token).get(`/api/users/stats?email=${encodeURIComponent(me.email)}`))).toEqual({
      projects: 0,
      projectsLed: 0,
      issuesReported: 0,
      issuesOwned: 0,
    });
    expect((await t.as(me.token).get('/api/users')).status).toBe(403);
    expect((await t.ok<unknown[]>(asAdmin().get('/api/users'))).length).toBeGreaterThan(1);
  });

  it('updates name and bio through the auth service, for the user or an admin', async () => {
    const me = await t.givenUser();
    expect(
      await t.ok(t.as(me.token).put(`/api/users?email=${encodeURIComponent(me.email)}`, { bio: 'mine' })),
    ).toMatchObject({ bio: 'mine' });
    expect(
      await t.ok(asAdmin().put(`/api/users?email=${encodeURIComponent(me.email)}`, { name: 'Renamed' })),
    ).toMatchObject({ name: 'Renamed', bio: 'mine' });
    expect((await asAdmin().put(`/api/users?email=${encodeURIComponent(me.email)}`, { email: 'x@y.z' })).status).toBe(
      400,
    );
  });

  // Who finds whom, and who sees e-mails: user-search.test.ts.
  it('searches active accounts only', async () => {
    const findable = await t.givenUser({ name: `Findable ${Date.now()}` });
    const pending = await t.givenUser({ status: 'PENDING_APPROVAL', name: `Findable pending ${Date.now()}` });
    const found = await t.ok<{ id: string }[]>(asAdmin().get('/api/users/search?query=findable'));
    expect(found.map((u) => u.id)).toContain(findable.user.id);
    expect(found.map((u) => u.id)).not.toContain(pending.user.id);
  });

  it('lists a user’s issues for them or an admin', async () => {
    const lead = await t.givenUser();
    const project = await t.ok<{ id: string; boards: { id: string }[] }>(
      t
        .as(lead.token)
        .post('/api/projects', { name: 'Mine', key: `U${Date.now().toString(36).slice(-6).toUpperCase()}` }),
    );
    const board = await t.ok<{ columns: { id: string }[] }>(
      t.as(lead.token).get(`/api/boards/${project.boards[0]!.id}`),
    );
    await t.ok(
      t
        .as(lead.token)
        .post('/api/issues', { projectId: project.id, columnId: board.columns[0]!.id, title: 'Reported by me' }),
    );
    const issues = await t.ok<{ title: string }[]>(t.as(lead.token).get(`/api/users/${lead.user.id}/issues`));
    expect(issues.map((i) => i.title)).toEqual(['Reported by me']);
    expect((await t.as((await t.givenUser()).token).get(`/api/users/${lead.user.id}/issues`)).status).toBe(403);
  });

  it('deletes an account (admin only), but not one that leads projects, nor oneself', async () => {
    const doomed = await t.givenUser();
    expect((await t.as(doomed.token).delete(`/api/users/${doomed.user.id}`)).status).toBe(403);
    expect(await t.ok(asAdmin().delete(`/api/users/${doomed.user.id}`))).toEqual({ id: doomed.user.id });
    expect((await asAdmin().get(`/api/users?email=${encodeURIComponent(doomed.email)}`)).status).toBe(404);
    const lead = await t.givenUser();
    await t.ok(
      t
        .as(lead.token)
        .post('/api/projects', { name: 'Led', key: `D${Date.now().toString(36).slice(-6).toUpperCase()}` }),
    );
    const refused = await asAdmin().delete(`/api/users/${lead.user.id}`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message: 'This user leads projects: hand the lead over before deleting the account.',
    });
    const self = await asAdmin().delete(`/api/users/${(await t.admin()).user.id}`);
    expect(self.status).toBe(409);
  });
});

describe('who may call what', () => {
  const adminOnly: [string, string][] = [
    ['GET', '/api/admin/users'],
    ['PUT', '/api/admin/users/1/approve'],
    ['PUT', '/api/admin/users/1/reject'],
    ['POST', '/api/admin/users/1/resend-verification'],
    ['GET', '/api/dashboard/admin'],
    ['GET', '/api/users'],
    ['DELETE', '/api/users/1'],
  ];
  it.each(adminOnly)('%s %s: 401 anonymous, 403 regular user', async (method, path) => {
    const user = await t.givenUser();
    expect((await t.request(method, path)).status).toBe(401);
    const res = await t.request(method, path, { token: user.token, body: method === 'PUT' ? {} : undefined });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Only administrators can do this.' });
  });
});
