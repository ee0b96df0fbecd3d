import { sql } from 'drizzle-orm';
import { messages, type AccessTokenDto, type CreatedAccessTokenDto, type ProjectDto } from '@trackboard/contracts';
import { queryRows } from '@trackboard/server-kit';
import { createTestPlatform, givenProject, type GivenUser, type TestPlatform } from '@trackboard/test-platform';

// Personal access tokens. Created, listed and revoked in the profile with a signed-in
// session; used as `Authorization: Bearer tb_pat_…` by every service, as its user with the
// account's current status and role.

let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

const createToken = (session: string, body: unknown) => t.as(session).post('/api/auth/tokens', body);
async function givenToken(user: { token: string }, body: { name?: string; expiresAt?: string | null } = {}) {
  return t.ok<CreatedAccessTokenDto>(createToken(user.token, { name: 'CI script', ...body }));
}
const listTokens = (session: string) => t.ok<AccessTokenDto[]>(t.as(session).get('/api/auth/tokens'));
const profileStatus = async (token: string) => (await t.as(token).get('/api/auth/profile')).status;
const tokenRow = async (id: string) =>
  (
    await queryRows<{ token_hash: string; last_used_at: string | null; revoked_at: string | null }>(
      t.database.db,
      sql`select token_hash, last_used_at::text, revoked_at::text from auth.access_tokens where id = ${id}`,
    )
  )[0];
/** The administrator suspends or reactivates an account through the admin API. */
async function setStatus(user: GivenUser, status: 'SUSPENDED' | 'ACTIVE') {
  const admin = await t.admin();
  await t.ok(t.as(admin.token).put(`/api/admin/users/${user.user.id}/status`, { status }));
}

describe('creating, listing and revoking', () => {
  it('shows a tb_pat_ token once and lists only its name and times, storing the hash', async () => {
    const me = await t.givenUser();
    const res = await createToken(me.token, { name: '  Deploy bot  ', expiresAt: '2099-01-01T00:00:00Z' });
    expect(res.status).toBe(201);
    const created = (await res.json()) as CreatedAccessTokenDto;
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Deploy bot',
      token: expect.stringMatching(/^tb_pat_[\w-]{43}$/),
      createdAt: expect.any(String),
      expiresAt: '2099-01-01T00:00:00.000Z',
    });
    const list = await listTokens(me.token);
    expect(list).toEqual([
      {
        id: created.id,
        name: 'Deploy bot',
        createdAt: created.createdAt,
        lastUsedAt: null,
        expiresAt: created.expiresAt,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain(created.token);
    const row = await tokenRow(created.id);
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.token_hash).not.toContain(created.token.slice(7));
    const stored = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from auth.access_tokens where token_hash like ${'%' + created.token.slice(7, 20) + '%'}`,
    );
    expect(stored[0]!.n).toBe(0);
  });

  it('creates a token without an expiry, and lists newest first', async () => {
    const me = await t.givenUser();
    const first = await givenToken(me, { name: 'first' });
    const second = await givenToken(me, { name: 'second', expiresAt: null });
    expect(first.expiresAt).toBeNull();
    expect((await listTokens(me.token)).map((x) => x.id)).toEqual([second.id, first.id]);
  });

  it('answers 400 naming the field for a missing or long name and a bad or past expiry', async () => {
    const me = await t.givenUser();
    const cases: [unknown, string][] = [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'bad\u0000name' }, 'name'],
      [{ name: 'ok', expiresAt: 'next week' }, 'expiresAt'],
      [{ name: 'ok', expiresAt: '2001-01-01T00:00:00Z' }, 'expiresAt'],
    ];
    for (const [body, field] of cases) {
      const res = await createToken(me.token, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(new RegExp(`^${field}: `));
    }
    expect(await listTokens(me.token)).toEqual([]);
  });

  it('revokes a token (204), after which it is refused and gone from the list', async () => {
    const me = await t.givenUser();
    const { id, token } = await givenToken(me);
    expect(await profileStatus(token)).toBe(200);
    expect((await t.as(me.token).delete(`/api/auth/tokens/${id}`)).status).toBe(204);
    expect(await profileStatus(token)).toBe(401);
    expect(await listTokens(me.token)).toEqual([]);
    expect((await tokenRow(id))!.revoked_at).not.toBeNull();
    expect((await t.as(me.token).delete(`/api/auth/tokens/${id}`)).status).toBe(404);
  });

  it("answers 404 for someone else's token, which keeps working", async () => {
    const [me, other] = await Promise.all([t.givenUser(), t.givenUser()]);
    const theirs = await givenToken(other);
    const res = await t.as(me.token).delete(`/api/auth/tokens/${theirs.id}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: messages.accessTokenNotFound });
    expect(await profileStatus(theirs.token)).toBe(200);
    expect((await t.as(me.token).delete('/api/auth/tokens/not-a-number')).status).toBe(400);
  });

  it('holds at most 50 live tokens per account (409), counting neither revoked nor expired ones', async () => {
    const me = await t.givenUser();
    const made: CreatedAccessTokenDto[] = [];
    for (let i = 0; i < 50; i++) made.push(await givenToken(me, { name: `token ${i}` }));
    const refused = await createToken(me.token, { name: 'one too many' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: messages.tooManyAccessTokens });
    expect((await t.as(me.token).delete(`/api/auth/tokens/${made[0]!.id}`)).status).toBe(204);
    await givenToken(me, { name: 'in its place' });
    await t.database.db.execute(
      sql`update auth.access_tokens set expires_at = now() - interval '1 second' where id = ${made[1]!.id}`,
    );
    await givenToken(me, { name: 'after one expired' });
    expect((await createToken(me.token, { name: 'still too many' })).status).toBe(409);
  });

  it('goes with its account when the account is deleted', async () => {
    const me = await t.givenUser();
    const { id } = await givenToken(me);
    const admin = await t.admin();
    expect((await t.as(admin.token).delete(`/api/users/${me.user.id}`)).status).toBe(200);
    expect(await tokenRow(id)).toBeUndefined();
  });
});

describe('a token as Bearer', () => {
  it('is accepted by every service, acting as its user', async () => {
    const { key, lead } = await givenProject(t);
    const { token } = await givenToken(lead);
    const as = t.as(token);
    const profile = await t.ok<{ id: string }>(as.get('/api/auth/profile'));
    expect(profile.id).toBe(lead.user.id);
    const projects = await t.ok<ProjectDto[] | { projects: ProjectDto[] }>(as.get('/api/projects'));
    expect(JSON.stringify(projects)).toContain(key);
    const project = await t.ok<{ boards: { id: string }[] }>(as.get(`/api/projects/${key}`));
    expect((await as.get(`/api/boards/${project.boards[0]!.id}`)).status).toBe(200);
    expect((await as.get('/api/notifications')).status).toBe(200);
    // A write through one service that calls another with the caller's own token (the first board).
    expect((await as.post('/api/projects', { name: 'Made by a script', key: `S${key}`.slice(0, 10) })).status).toBe(
      201,
    );
    // Not an administrator: the admin service refuses, as it refuses their session.
    expect((await as.get('/api/admin/users')).status).toBe(403);
  });

  it("serves the admin service for an administrator's token, including its calls to the auth service", async () => {
    const admin = await t.admin();
    const { token } = await givenToken(admin);
    expect((await t.as(token).get('/api/admin/users')).status).toBe(200);
    const someone = await t.givenUser();
    const res = await t.as(token).put(`/api/admin/users/${someone.user.id}/status`, { status: 'SUSPENDED' });
    expect(res.status).toBe(200);
    expect(await profileStatus(someone.token)).toBe(401);
  });

  it('stops working while its account is suspended and works again once it is reactivated', async () => {
    const me = await t.givenUser();
    const { token } = await givenToken(me);
    await setStatus(me, 'SUSPENDED');
    expect((await t.as(token).get('/api/projects')).status).toBe(403);
    expect(await profileStatus(token)).toBe(403);
    await setStatus(me, 'ACTIVE');
    expect((await t.as(token).get('/api/projects')).status).toBe(200);
  });

  it('follows a change of role at once', async () => {
    const me = await t.givenUser();
    const { token } = await givenToken(me);
    expect((await t.as(token).get('/api/admin/users')).status).toBe(403);
    const admin = await t.admin();
    await t.ok(t.as(admin.token).put(`/api/admin/users/${me.user.id}/role`, { role: 'admin' }));
    expect((await t.as(token).get('/api/admin/users')).status).toBe(200);
  });

  it('is refused once expired, and a made-up or malformed one is refused', async () => {
    const me = await t.givenUser();
    const { id, token } = await givenToken(me, { expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(await profileStatus(token)).toBe(200);
    await t.database.db.execute(
      sql`update auth.access_tokens set expires_at = now() - interval '1 second' where id = ${id}`,
    );
    const res = await t.as(token).get('/api/projects');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: messages.invalidToken });
    // The list still shows it, expired, so its owner knows why a script stopped.
    expect((await listTokens(me.token)).map((x) => x.id)).toEqual([id]);
    expect(await profileStatus(`${token.slice(0, -2)}xx`)).toBe(401);
    expect(await profileStatus('tb_pat_')).toBe(401);
  });

  it('notes when it was last used, at most once a minute', async () => {
    const me = await t.givenUser();
    const { id, token } = await givenToken(me);
    expect((await tokenRow(id))!.last_used_at).toBeNull();
    await t.ok(t.as(token).get('/api/projects'));
    const [listed] = await listTokens(me.token);
    expect(listed!.lastUsedAt).not.toBeNull();
    const first = (await tokenRow(id))!.last_used_at;
    await t.ok(t.as(token).get('/api/projects'));
    expect((await tokenRow(id))!.last_used_at).toBe(first);
    await t.database.db.execute(
      sql`update auth.access_tokens set last_used_at = now() - interval '2 minutes' where id = ${id}`,
    );
    await t.ok(t.as(token).get('/api/notifications'));
    expect(Date.parse((await tokenRow(id))!.last_used_at!)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('what a token may never do', () => {
  it('manages no tokens, changes no password and logs nothing out (403)', async () => {
    const me = await t.givenUser();
    const mine = await givenToken(me);
    const as = t.as(mine.token);
    const refusals = [
      await as.post('/api/auth/tokens', { name: 'made by a token' }),
      await as.get('/api/auth/tokens'),
      await as.delete(`/api/auth/tokens/${mine.id}`),
      await as.put('/api/auth/password', { currentPassword: me.password, password: 'a brand new passphrase' }),
      await as.post('/api/auth/logout'),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: messages.personalTokenRefused });
    }
    // Nothing changed: the old password still signs in, the token still works and is the only one.
    expect((await t.login(me.email, me.password)).token).toEqual(expect.any(String));
    expect(await profileStatus(mine.token)).toBe(200);
    expect((await listTokens(me.token)).map((x) => x.id)).toEqual([mine.id]);
  });
});
