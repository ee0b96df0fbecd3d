import { sql } from 'drizzle-orm';
import { messages, type BoardDto, type SavedViewDto } from '@trackboard/contracts';
import { queryRows } from '@trackboard/server-kit';
import { createTestPlatform, givenProject, type GivenProject, type TestPlatform } from '@trackboard/test-platform';

// Saved views: a board address under a name, its author's alone or shared with the project. A
// member sees their own and the shared ones; a personal view is no one else's business (404);
// a shared one is changed by its author, the lead or an administrator (another member: 403).
// The name is unique per author and project, held by a unique index: two saves racing on
// PostgreSQL (server-pg) give one 201 and one 409, as PGlite does one after the other.
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

const boardOf = (p: GivenProject) => p.project.boards[0]!.id;
const save = (token: string, p: GivenProject, body: Record<string, unknown>) =>
  t.as(token).post(`/api/projects/${p.key}/views`, { boardId: boardOf(p), ...body });
const saved = async (token: string, p: GivenProject, body: Record<string, unknown>) =>
  t.ok<SavedViewDto>(save(token, p, body));
const names = async (token: string, p: GivenProject) =>
  (await t.ok<SavedViewDto[]>(t.as(token).get(`/api/projects/${p.key}/views`))).map((v) => v.name);

async function expectRefused(res: Response, status: number, message: string) {
  expect({ status: res.status, body: await res.json() }).toEqual({ status, body: { message } });
}

describe('saving a view', () => {
  it('answers 201 with the view: ids as text, the query without "?" and without issue=', async () => {
    const p = await givenProject(t);
    const res = await save(p.member.token, p, {
      name: '  Open bugs  ',
      query: '?view=list&issue=WEB-3&sort=-priority&assignee=me',
      shared: true,
    });
    expect(res.status).toBe(201);
    const view: SavedViewDto = await res.json();
    expect(view).toEqual({
      id: expect.stringMatching(/^[1-9][0-9]*$/),
      projectKey: p.key,
      boardId: boardOf(p),
      name: 'Open bugs',
      query: 'view=list&sort=-priority&assignee=me',
      shared: true,
      authorId: p.member.user.id,
      authorName: 'Mo Member',
      createdAt: expect.any(String),
      updatedAt: view.createdAt,
    });
  });

  it('is personal unless shared, and keeps an empty query (the board as it opens)', async () => {
    const p = await givenProject(t);
    const view = await saved(p.member.token, p, { name: 'Everything' });
    expect({ query: view.query, shared: view.shared }).toEqual({ query: '', shared: false });
  });

  it('refuses bad input with 400 naming the field', async () => {
    const p = await givenProject(t);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: '   ' }, /^name: /],
      [{ name: 'x'.repeat(81) }, /^name: must be at most 80 characters$/],
      [{ name: 'Fine', query: `a=${'x'.repeat(2000)}` }, /^query: must be at most 2000 characters$/],
      [{ name: 'Fine', shared: 'yes' }, /^shared: /],
      [{ name: 'Fine', boardId: 'abc' }, /^boardId: must be an id$/],
    ];
    for (const [body, message] of cases) {
      const res = await save(p.member.token, p, body);
      expect({ body, status: res.status, message: ((await res.json()) as { message: string }).message }).toEqual({
        body,
        status: 400,
        message: expect.stringMatching(message),
      });
    }
  });

  it('refuses a board of another project, or none, with 400 naming boardId', async () => {
    const [p, other] = await Promise.all([givenProject(t), givenProject(t)]);
    await expectRefused(
      await save(p.lead.token, p, { name: 'Elsewhere', boardId: boardOf(other) }),
      400,
      messages.savedViewBoardNotInProject,
    );
    await expectRefused(
      await save(p.lead.token, p, { name: 'Nowhere', boardId: '999999999' }),
      400,
      messages.savedViewBoardNotInProject,
    );
  });

  it('takes any board of the project, not only its first', async () => {
    const p = await givenProject(t);
    const second = await t.ok<BoardDto>(
      t.as(p.lead.token).post(`/api/projects/${p.project.id}/boards`, { name: 'Second', columns: ['Open'] }),
    );
    const view = await saved(p.member.token, p, { name: 'On the second', boardId: second.id });
    expect(view.boardId).toBe(second.id);
  });

  it('refuses a name its author already uses in the project (409), not one another person uses', async () => {
    const p = await givenProject(t);
    await saved(p.member.token, p, { name: 'Mine' });
    await expectRefused(
      await save(p.member.token, p, { name: 'Mine', shared: true }),
      409,
      messages.savedViewNameTaken,
    );
    expect((await save(p.lead.token, p, { name: 'Mine' })).status).toBe(201);
  });

  it('gives one 201 and one 409 when the same author saves one name twice at once', async () => {
    const p = await givenProject(t);
    const statuses = await Promise.all(
      [1, 2].map(async () => (await save(p.member.token, p, { name: 'Twice' })).status),
    );
    expect(statuses.sort()).toEqual([201, 409]);
  });

  it('is refused to someone outside the project with the 404 of an unknown project', async () => {
    const p = await givenProject(t);
    const outsider = await t.givenUser();
    await expectRefused(await save(outsider.token, p, { name: 'Peek' }), 404, messages.projectNotFound);
    await expectRefused(await t.as(outsider.token).get(`/api/projects/${p.key}/views`), 404, messages.projectNotFound);
  });
});

describe('listing views', () => {
  it("shows a member their own views and the shared ones, never another member's personal ones", async () => {
    const p = await givenProject(t);
    await saved(p.member.token, p, { name: 'alpha', shared: true });
    await saved(p.member.token, p, { name: 'bravo' });
    await saved(p.lead.token, p, { name: 'charlie' });
    await saved(p.lead.token, p, { name: 'delta', shared: true });
    expect(await names(p.member.token, p)).toEqual(['alpha', 'bravo', 'delta']);
    expect(await names(p.lead.token, p)).toEqual(['alpha', 'charlie', 'delta']);
    expect(await names(p.extra.token, p)).toEqual(['alpha', 'delta']);
    expect(await names((await t.admin()).token, p)).toEqual(['alpha', 'delta']);
  });

  it("lists the caller's views of every project they belong to at /api/views", async () => {
    const [p, q, foreign] = await Promise.all([givenProject(t), givenProject(t), givenProject(t)]);
    await t.ok(t.as(q.lead.token).post(`/api/projects/${q.key}/members`, { email: p.member.email }));
    const mine = await saved(p.member.token, p, { name: 'mine' });
    const team = await saved(q.lead.token, q, { name: 'team', shared: true });
    await saved(q.lead.token, q, { name: 'leads own' });
    await saved(foreign.lead.token, foreign, { name: 'foreign', shared: true });
    const listed = await t.ok<SavedViewDto[]>(t.as(p.member.token).get('/api/views'));
    expect(listed.map((v) => v.id).sort()).toEqual([mine.id, team.id].sort());
  });
});

describe('changing and deleting a view', () => {
  it('lets the author rename, re-address and share it; updatedAt moves', async () => {
    const p = await givenProject(t);
    const view = await saved(p.member.token, p, { name: 'Draft', query: 'view=board' });
    const res = await t.as(p.member.token).patch(`/api/views/${view.id}`, {
      name: 'Final',
      query: '?view=list&issue=X-1',
      shared: true,
    });
    expect(res.status).toBe(200);
    const changed: SavedViewDto = await res.json();
    expect(changed).toMatchObject({ id: view.id, name: 'Final', query: 'view=list', shared: true });
    expect(new Date(changed.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(view.updatedAt).getTime());
    expect(await names(p.extra.token, p)).toEqual(['Final']);
  });

  it('answers 404 to anyone but the author for a personal view, the lead and an administrator too', async () => {
    const p = await givenProject(t);
    const view = await saved(p.member.token, p, { name: 'Private' });
    for (const token of [p.extra.token, p.lead.token, (await t.admin()).token]) {
      await expectRefused(
        await t.as(token).patch(`/api/views/${view.id}`, { name: 'Mine now' }),
        404,
        messages.savedViewNotFound,
      );
      await expectRefused(await t.as(token).delete(`/api/views/${view.id}`), 404, messages.savedViewNotFound);
    }
  });

  it('lets the lead and an administrator change a shared view, and refuses another member with 403', async () => {
    const p = await givenProject(t);
    const view = await saved(p.member.token, p, { name: 'Team', shared: true });
    await expectRefused(
      await t.as(p.extra.token).patch(`/api/views/${view.id}`, { name: 'Hijacked' }),
      403,
      messages.savedViewEditForbidden,
    );
    await expectRefused(
      await t.as(p.extra.token).delete(`/api/views/${view.id}`),
      403,
      messages.savedViewEditForbidden,
    );
    expect((await t.as(p.lead.token).patch(`/api/views/${view.id}`, { name: 'Team board' })).status).toBe(200);
    expect((await t.as((await t.admin()).token).patch(`/api/views/${view.id}`, { query: 'view=list' })).status).toBe(
      200,
    );
    expect((await t.as(p.lead.token).delete(`/api/views/${view.id}`)).status).toBe(204);
    expect(await names(p.member.token, p)).toEqual([]);
  });

  it('refuses a rename to a name the author already uses (409) and an empty change (400)', async () => {
    const p = await givenProject(t);
    await saved(p.member.token, p, { name: 'One' });
    const two = await saved(p.member.token, p, { name: 'Two' });
    await expectRefused(
      await t.as(p.member.token).patch(`/api/views/${two.id}`, { name: 'One' }),
      409,
      messages.savedViewNameTaken,
    );
    expect((await t.as(p.member.token).patch(`/api/views/${two.id}`, {})).status).toBe(400);
    const bad = await t.as(p.member.token).patch(`/api/views/${two.id}`, { name: '' });
    expect(((await bad.json()) as { message: string }).message).toMatch(/^name: /);
  });

  it('deletes for its author (204), then answers 404', async () => {
    const p = await givenProject(t);
    const view = await saved(p.member.token, p, { name: 'Short-lived' });
    expect((await t.as(p.member.token).delete(`/api/views/${view.id}`)).status).toBe(204);
    await expectRefused(await t.as(p.member.token).delete(`/api/views/${view.id}`), 404, messages.savedViewNotFound);
  });
});

describe('an archived project', () => {
  it('lists its views but takes no new or changed ones (409)', async () => {
    const p = await givenProject(t);
    const view = await saved(p.member.token, p, { name: 'Before' });
    await t.ok(t.as(p.lead.token).post(`/api/projects/${p.key}/archive`));
    expect(await names(p.member.token, p)).toEqual(['Before']);
    await expectRefused(await save(p.member.token, p, { name: 'After' }), 409, messages.projectArchived);
    await expectRefused(
      await t.as(p.member.token).patch(`/api/views/${view.id}`, { name: 'Later' }),
      409,
      messages.projectArchived,
    );
  });
});

describe("a project's removal", () => {
  it('removes its views with it', async () => {
    const p = await givenProject(t);
    const view = await saved(p.member.token, p, { name: 'Doomed', shared: true });
    expect((await t.as(p.lead.token).delete(`/api/projects/${p.key}`)).status).toBe(204);
    await expectRefused(await t.as(p.member.token).delete(`/api/views/${view.id}`), 404, messages.savedViewNotFound);
    expect(await t.ok<SavedViewDto[]>(t.as(p.member.token).get('/api/views'))).toEqual([]);
    const left = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from project.saved_views where id = ${Number(view.id)}`,
    );
    expect(left).toEqual([{ n: 0 }]);
  });
});
