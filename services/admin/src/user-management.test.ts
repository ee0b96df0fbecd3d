import { sql } from 'drizzle-orm';
import type {
  BoardDto,
  CommentDto,
  EventOf,
  IssueDto,
  ModerationLogResponse,
  ModerationResponse,
  PendingUsersResponse,
} from '@trackboard/contracts';
import { queryRows } from '@trackboard/server-kit';
import { createTestPlatform, givenProject, type GivenUser, type TestPlatform } from '@trackboard/test-platform';

// User management: every account listed and filtered, roles, suspension and reactivation,
// deletion, and the moderation log that records each of them. The rules run through the
// gateway's routes on the whole in-process back end; two administrators demoting each other at
// once are in concurrency.db.test.ts, which runs on PostgreSQL as well.

const lastAdminMessage =
  'This is the last active administrator: make another account an administrator before demoting or suspending this one.';

let t: TestPlatform;
let adminToken: string;
let adminId: string;
beforeAll(async () => {
  t = await createTestPlatform();
  ({
    token: adminToken,
    user: { id: adminId },
  } = await t.admin());
});
afterAll(() => t.close());

const asAdmin = () => t.as(adminToken);
const setRole = (token: string, id: string, body: unknown) => t.as(token).put(`/api/admin/users/${id}/role`, body);
const setStatus = (token: string, id: string, body: unknown) => t.as(token).put(`/api/admin/users/${id}/status`, body);
const logOf = (query: string) => t.ok<ModerationLogResponse>(asAdmin().get(`/api/admin/moderation-log?${query}`));
const logRows = (userId: string) =>
  queryRows<{ action: string; reason: string | null; actor_id: string }>(
    t.database.db,
    sql`select action, reason, actor_id::text from admin.moderation_log where user_id = ${Number(userId)} order by id`,
  );
const liveSessionsOf = async (userId: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from auth.sessions where user_id = ${Number(userId)} and revoked_at is null`,
    )
  )[0]!.n;

describe('every account on the Users page', () => {
  let tag: string;
  let people: Record<string, GivenUser>;
  beforeAll(async () => {
    tag = `um${Date.now().toString(36)}`;
    people = {};
    for (const status of ['ACTIVE', 'PENDING_VERIFICATION', 'PENDING_APPROVAL', 'REJECTED', 'SUSPENDED'] as const)
      people[status] = await t.givenUser({ name: `${status.toLowerCase()} ${tag}`, status });
  });
  const list = (query: string) => t.ok<PendingUsersResponse>(asAdmin().get(`/api/admin/users?${query}`));

  it('lists accounts in every status when no status is asked for', async () => {
    const { users, totalUsers } = await list(`searchTerm=${tag}&limit=100`);
    expect(totalUsers).toBe(5);
    expect(new Set(users.map((u) => u.status))).toEqual(
      new Set(['ACTIVE', 'PENDING_VERIFICATION', 'PENDING_APPROVAL', 'REJECTED', 'SUSPENDED']),
    );
  });

  it.each(['ACTIVE', 'PENDING_VERIFICATION', 'PENDING_APPROVAL', 'REJECTED', 'SUSPENDED'] as const)(
    'filters on %s',
    async (status) => {
      const { users } = await list(`status=${status}&searchTerm=${tag}`);
      expect(users.map((u) => u.id)).toEqual([people[status]!.user.id]);
    },
  );

  it('pages and sorts every account in SQL', async () => {
    const page1 = await list(`searchTerm=${tag}&limit=2&page=1&sortField=name&sortOrder=asc`);
    const page3 = await list(`searchTerm=${tag}&limit=2&page=3&sortField=name&sortOrder=asc`);
    expect(page1).toMatchObject({ totalUsers: 5, totalPages: 3, currentPage: 1 });
    expect(page1.users.map((u) => u.name)).toEqual([`active ${tag}`, `pending_approval ${tag}`]);
    expect(page3.users.map((u) => u.name)).toEqual([`suspended ${tag}`]);
  });
});

describe('roles', () => {
  it('makes a user an administrator and back, at once, logging who did it and why', async () => {
    const user = await t.givenUser();
    expect((await t.as(user.token).get('/api/admin/users')).status).toBe(403);

    const promoted = await setRole(adminToken, user.user.id, { role: 'admin', reason: 'Runs the night shift' });
    expect(promoted.status).toBe(200);
    expect(((await promoted.json()) as ModerationResponse).user).toMatchObject({ role: 'admin', isAdmin: true });
    // The same token, no new login: every service reads the role from the live session.
    expect((await t.as(user.token).get('/api/admin/users')).status).toBe(200);

    const demoted = await t.ok<ModerationResponse>(setRole(adminToken, user.user.id, { role: 'user' }));
    expect(demoted.user).toMatchObject({ role: 'user', isAdmin: false });
    expect((await t.as(user.token).get('/api/admin/users')).status).toBe(403);

    expect(await logRows(user.user.id)).toEqual([
      { action: 'APPROVED', reason: null, actor_id: adminId },
      { action: 'MADE_ADMIN', reason: 'Runs the night shift', actor_id: adminId },
      { action: 'MADE_USER', reason: null, actor_id: adminId },
    ]);
  });

  it('records nothing when the account already has the role', async () => {
    const user = await t.givenUser();
    expect((await t.ok<ModerationResponse>(setRole(adminToken, user.user.id, { role: 'user' }))).user.role).toBe(
      'user',
    );
    expect((await logRows(user.user.id)).map((r) => r.action)).toEqual(['APPROVED']);
  });
});

describe('suspension and reactivation', () => {
  it('suspends: every session of the account is revoked, its sockets told, login refused, the log kept', async () => {
    const user = await t.givenUser();
    const second = await t.login(user.email, user.password); // another device
    expect(await liveSessionsOf(user.user.id)).toBe(2);
    const revoked = new Promise<EventOf<'account.revoked'>>((resolve) =>
      t.events.listen({ 'account.revoked': (e) => void (e.userId === user.user.id && resolve(e)) }),
    );

    const res = await setStatus(adminToken, user.user.id, { status: 'SUSPENDED', reason: 'Spam' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as ModerationResponse).user.status).toBe('SUSPENDED');
    expect(await revoked).toMatchObject({ type: 'account.revoked', reason: 'SUSPENDED' });
    expect(await liveSessionsOf(user.user.id)).toBe(0);
    for (const token of [user.token, second.token])
      expect((await t.as(token).get('/api/auth/profile')).status).toBe(401);
    const login = await t.request('POST', '/api/auth/login', { body: { email: user.email, password: user.password } });
    expect(login.status).toBe(403);
    expect((await login.json()).message).toBe('Your account has been suspended. Please contact support.');

    const back = await t.ok<ModerationResponse>(setStatus(adminToken, user.user.id, { status: 'ACTIVE' }));
    expect(back.user.status).toBe('ACTIVE');
    expect((await t.login(user.email, user.password)).user.status).toBe('ACTIVE');
    expect(await logRows(user.user.id)).toEqual([
      { action: 'APPROVED', reason: null, actor_id: adminId },
      { action: 'SUSPENDED', reason: 'Spam', actor_id: adminId },
      { action: 'REACTIVATED', reason: null, actor_id: adminId },
    ]);
  });

  it.each([
    ['PENDING_APPROVAL', 'SUSPENDED', 'Only active accounts can be suspended.'],
    ['PENDING_VERIFICATION', 'SUSPENDED', 'Only active accounts can be suspended.'],
    ['REJECTED', 'SUSPENDED', 'Only active accounts can be suspended.'],
    ['SUSPENDED', 'SUSPENDED', 'Only active accounts can be suspended.'],
    ['ACTIVE', 'ACTIVE', 'Only suspended accounts can be reactivated.'],
    // Approval has its own call, mail and log entry.
    ['PENDING_APPROVAL', 'ACTIVE', 'Only suspended accounts can be reactivated.'],
    ['REJECTED', 'ACTIVE', 'Only suspended accounts can be reactivated.'],
  ] as const)('refuses to move a %s account to %s with 409', async (from, to, message) => {
    const user = await t.givenUser({ status: from });
    const res = await setStatus(adminToken, user.user.id, { status: to });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message });
    expect((await logRows(user.user.id)).map((r) => r.action)).not.toContain('SUSPENDED');
  });
});

describe('bad requests', () => {
  let user: GivenUser;
  beforeAll(async () => {
    user = await t.givenUser();
  });

  it.each([
    ['role', 'an unknown role', { role: 'king' }, /^role: /],
    ['role', 'no role', {}, /^role: /],
    ['role', 'a reason over 1000 characters', { role: 'admin', reason: 'x'.repeat(1001) }, /^reason: is too long/],
    ['role', 'an unknown field', { role: 'admin', extra: 1 }, /Unrecognized key/],
    ['status', 'REJECTED', { status: 'REJECTED' }, /^status: /],
    ['status', 'PENDING_APPROVAL', { status: 'PENDING_APPROVAL' }, /^status: /],
    ['status', 'a reason that is not text', { status: 'SUSPENDED', reason: 42 }, /^reason: /],
  ])('PUT /admin/users/:id/%s refuses %s with 400 naming the field', async (route, _case, body, message) => {
    const res = await asAdmin().put(`/api/admin/users/${user.user.id}/${route}`, body);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(message);
  });

  it.each(['role', 'status'])(
    'PUT /admin/users/:id/%s names the id when it is not one, and 404s an unknown one',
    async (route) => {
      const body = route === 'role' ? { role: 'admin' } : { status: 'SUSPENDED' };
      const bad = await asAdmin().put(`/api/admin/users/abc/${route}`, body);
      expect(bad.status).toBe(400);
      expect((await bad.json()).message).toMatch(/^id: /);
      const missing = await asAdmin().put(`/api/admin/users/987654321/${route}`, body);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ message: 'User not found' });
    },
  );

  it('refuses a deletion reason that is not text, naming it', async () => {
    const res = await t.request('DELETE', `/api/users/${user.user.id}`, { token: adminToken, body: { reason: [] } });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/^reason: /);
  });

  it.each([
    ['userId=abc', /^userId: /],
    ['page=0', /^page: /],
    ['limit=1000', /^limit: /],
    ['sortField=name', /Unrecognized key/],
  ])('GET /admin/moderation-log refuses %s with 400 naming the field', async (query, message) => {
    const res = await asAdmin().get(`/api/admin/moderation-log?${query}`);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(message);
  });
});

describe('deletion', () => {
  it('keeps what the account wrote, logs the deletion with its reason and names the account no more', async () => {
    const { key, project, lead, member } = await givenProject(t);
    const board = await t.ok<BoardDto>(t.as(lead.token).get(`/api/boards/${project.boards[0]!.id}`));
    const issue = await t.ok<IssueDto>(
      t.as(member.token).post('/api/issues', {
        projectId: project.id,
        columnId: board.columns[0]!.id,
        title: `Written by the departed ${key}`,
      }),
    );
    await t.ok(
      t.as(member.token).post(`/api/issues/${issue.id}/comments`, { body: 'Last words', parentCommentId: null }),
    );

    const res = await t.request('DELETE', `/api/users/${member.user.id}`, {
      token: adminToken,
      body: { reason: 'Left the company' },
    });
    expect(res.status).toBe(200);

    // Their issue and comment stay; the author's name is no longer in the directory.
    expect((await t.ok<IssueDto>(t.as(lead.token).get(`/api/issues/${issue.id}`))).title).toBe(issue.title);
    const [comment] = await t.ok<CommentDto[]>(t.as(lead.token).get(`/api/issues/${issue.id}/comments`));
    expect(comment).toMatchObject({ body: 'Last words', author: { id: member.user.id } });
    expect(comment!.author.name).not.toBe(member.user.name);

    const { entries } = await logOf(`userId=${member.user.id}`);
    expect(entries[0]).toMatchObject({
      action: 'DELETED',
      reason: 'Left the company',
      user: { id: member.user.id, name: null, email: null },
      actor: { id: adminId, name: 'Administrator' },
    });
  });
});

describe('the moderation log', () => {
  it('says who did what to whom, when and why, newest first, paged, filtered by user', async () => {
    const ann = await t.givenUser({ name: 'Ann Logged', status: 'PENDING_VERIFICATION' });
    await t.ok(asAdmin().post(`/api/admin/users/${ann.user.id}/resend-verification`));
    await t.ok(asAdmin().post(`/api/admin/users/${ann.user.id}/resend-verification`));
    const ben = await t.givenUser({ name: 'Ben Logged' });
    await t.ok(setStatus(adminToken, ben.user.id, { status: 'SUSPENDED', reason: 'Too loud' }));

    const newest = await logOf('limit=1');
    expect(newest.entries).toEqual([
      {
        id: expect.any(String),
        action: 'SUSPENDED',
        reason: 'Too loud',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        user: { id: ben.user.id, name: 'Ben Logged', email: ben.email },
        actor: { id: adminId, name: 'Administrator', email: expect.any(String) },
      },
    ]);

    const annPage1 = await logOf(`userId=${ann.user.id}&limit=1&page=1`);
    const annPage2 = await logOf(`userId=${ann.user.id}&limit=1&page=2`);
    expect(annPage1).toMatchObject({ totalEntries: 2, totalPages: 2, currentPage: 1 });
    expect([...annPage1.entries, ...annPage2.entries].map((e) => [e.action, e.user.name])).toEqual([
      ['VERIFICATION_RESENT', 'Ann Logged'],
      ['VERIFICATION_RESENT', 'Ann Logged'],
    ]);
    expect(Number(annPage1.entries[0]!.id)).toBeGreaterThan(Number(annPage2.entries[0]!.id));
    expect(await logOf('userId=987654321')).toEqual({ entries: [], totalEntries: 0, totalPages: 0, currentPage: 1 });
  });
});

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
  const expectLastAdminRefusal = async (res: Response) => {
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: lastAdminMessage });
  };

  it('cannot be demoted or suspended while alone, and nothing is logged', async () => {
    await expectLastAdminRefusal(await put(first.token, first.id, 'role', { role: 'user', reason: 'Stepping down' }));
    await expectLastAdminRefusal(await put(first.token, first.id, 'status', { status: 'SUSPENDED' }));
    expect(await activeAdmins()).toBe(1);
    expect((await p.as(first.token).get('/api/auth/profile')).status).toBe(200);
    const { entries } = await p.ok<ModerationLogResponse>(
      p.as(first.token).get(`/api/admin/moderation-log?userId=${first.id}`),
    );
    expect(entries).toEqual([]);
  });

  it('steps down once another administrator is active, who is then the last', async () => {
    const deputy = await p.givenUser({ name: 'Deputy' });
    await p.ok(put(first.token, deputy.user.id, 'role', { role: 'admin' }));
    const stepDown = await put(first.token, first.id, 'role', { role: 'user' });
    expect(stepDown.status).toBe(200);
    await expectLastAdminRefusal(await put(deputy.token, deputy.user.id, 'role', { role: 'user' }));
    await expectLastAdminRefusal(await put(deputy.token, deputy.user.id, 'status', { status: 'SUSPENDED' }));
    // Restore the first administrator for the next case.
    await p.ok(put(deputy.token, first.id, 'role', { role: 'admin' }));
    expect(await activeAdmins()).toBe(2);
  });

  it('does not count a suspended administrator as active', async () => {
    const other = await p.givenUser({ name: 'Other Admin' });
    await p.ok(put(first.token, other.user.id, 'role', { role: 'admin' }));
    // Every administrator but the first is suspended.
    const admins = await queryRows<{ id: string }>(
      p.database.db,
      sql`select id::text from auth.users where status = 'ACTIVE' and (is_admin or role = 'admin') and id <> ${Number(first.id)}`,
    );
    for (const { id } of admins) await p.ok(put(first.token, id, 'status', { status: 'SUSPENDED' }));
    await expectLastAdminRefusal(await put(first.token, first.id, 'role', { role: 'user' }));
    expect(await activeAdmins()).toBe(1);
  });
});
