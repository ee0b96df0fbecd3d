import { messages, type BoardDto, type DashboardDto, type ProjectDto } from '@trackboard/contracts';
import { createTestPlatform, givenProject, type TestPlatform } from '@trackboard/test-platform';

// Archiving a project. The lead or an administrator archives and unarchives it; while
// archived it is read-only (409 "This project is archived." on every write — its boards' writes
// are tested in services/board/src/archived-projects.test.ts), hidden from the project list
// unless asked for with ?archived=true, and can still be deleted. Two archives racing are in
// concurrency.db.test.ts, which runs on PostgreSQL as well.
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

const listed = async (token: string, query = '') =>
  (await t.ok<ProjectDto[]>(t.as(token).get(`/api/projects${query}`))).map((p) => p.key);

async function expectRefused(res: Response, status: number, message: string) {
  expect({ status: res.status, body: await res.json() }).toEqual({ status, body: { message } });
}

describe('archiving a project', () => {
  it('archives for the lead: archivedAt is set, the list hides it unless asked, GET still shows it', async () => {
    const p = await givenProject(t);
    const res = await t.as(p.lead.token).post(`/api/projects/${p.key}/archive`);
    expect(res.status).toBe(200);
    const archived: ProjectDto = await res.json();
    expect(new Date(archived.archivedAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);

    expect(await listed(p.member.token)).not.toContain(p.key);
    expect(await listed(p.member.token, '?archived=true')).toContain(p.key);
    expect(await listed((await t.admin()).token)).not.toContain(p.key);
    expect(await listed((await t.admin()).token, '?archived=true')).toContain(p.key);
    const got = await t.ok<ProjectDto>(t.as(p.member.token).get(`/api/projects/${p.key}`));
    expect(got.archivedAt).toBe(archived.archivedAt);
  });

  it('unarchives for an administrator, restoring the list and writes', async () => {
    const p = await givenProject(t);
    await t.ok(t.as(p.lead.token).post(`/api/projects/${p.key}/archive`));
    const back = await t.ok<ProjectDto>(t.as((await t.admin()).token).post(`/api/projects/${p.key}/unarchive`));
    expect(back.archivedAt).toBeNull();
    expect(await listed(p.member.token)).toContain(p.key);
    expect((await t.as(p.lead.token).put(`/api/projects/${p.key}`, { description: 'again' })).status).toBe(200);
  });

  it('is for the lead or an administrator: a member gets 403, an outsider 404', async () => {
    const p = await givenProject(t);
    await expectRefused(
      await t.as(p.member.token).post(`/api/projects/${p.key}/archive`),
      403,
      messages.archiveForbidden,
    );
    const outsider = await t.givenUser();
    expect((await t.as(outsider.token).post(`/api/projects/${p.key}/archive`)).status).toBe(404);
    expect((await t.ok<ProjectDto>(t.as(p.lead.token).get(`/api/projects/${p.key}`))).archivedAt).toBeNull();
  });

  it('says so when archived twice or unarchived while not archived (409)', async () => {
    const p = await givenProject(t);
    await expectRefused(await t.as(p.lead.token).post(`/api/projects/${p.key}/unarchive`), 409, messages.notArchived);
    await t.ok(t.as(p.lead.token).post(`/api/projects/${p.key}/archive`));
    await expectRefused(await t.as(p.lead.token).post(`/api/projects/${p.key}/archive`), 409, messages.alreadyArchived);
  });

  it('refuses edits, lead changes and member changes while archived, and keeps the project as it was', async () => {
    const p = await givenProject(t);
    await t.ok(t.as(p.lead.token).post(`/api/projects/${p.key}/archive`));
    const before = await t.ok<ProjectDto>(t.as(p.lead.token).get(`/api/projects/${p.key}`));
    const newcomer = await t.givenUser();
    const lead = t.as(p.lead.token);
    for (const res of [
      await lead.put(`/api/projects/${p.key}`, { name: 'Renamed' }),
      await lead.put(`/api/projects/${p.key}`, { leadId: p.member.user.id }),
      await lead.post(`/api/projects/${p.key}/members`, { email: newcomer.email }),
      await lead.delete(`/api/projects/${p.key}/members/${p.extra.user.id}`),
      await t.as((await t.admin()).token).delete(`/api/projects/${p.key}/members/${p.extra.user.id}`),
    ])
      await expectRefused(res, 409, messages.projectArchived);
    expect(await t.ok<ProjectDto>(t.as(p.lead.token).get(`/api/projects/${p.key}`))).toEqual(before);
  });

  it('leaves the dashboard while archived: projects, stats, assigned issues', async () => {
    const p = await givenProject(t);
    const board = p.project.boards[0]!;
    const column = (await t.ok<BoardDto>(t.as(p.lead.token).get(`/api/boards/${board.id}`))).columns[0]!;
    await t.ok(
      t.as(p.member.token).post('/api/issues', {
        projectId: p.project.id,
        columnId: column.id,
        title: 'Mine',
        assigneeId: p.member.user.id,
      }),
    );
    const dashboard = () => t.ok<DashboardDto>(t.as(p.member.token).get('/api/dashboard'));
    const before = await dashboard();
    expect(before.recentProjects.map((r) => r.key)).toContain(p.key);
    expect(before.assignedIssues.map((i) => i.projectKey)).toContain(p.key);

    await t.ok(t.as(p.lead.token).post(`/api/projects/${p.key}/archive`));
    const after = await dashboard();
    expect(after.recentProjects.map((r) => r.key)).not.toContain(p.key);
    expect(after.assignedIssues.map((i) => i.projectKey)).not.toContain(p.key);
    expect(after.stats.activeProjects).toBe(before.stats.activeProjects - 1);
  });

  it('can still be deleted while archived', async () => {
    const p = await givenProject(t);
    await t.ok(t.as(p.lead.token).post(`/api/projects/${p.key}/archive`));
    expect((await t.as(p.lead.token).delete(`/api/projects/${p.key}`)).status).toBe(204);
    expect((await t.as(p.lead.token).get(`/api/projects/${p.key}`)).status).toBe(404);
  });

  it('names the field of a bad ?archived', async () => {
    const p = await givenProject(t);
    const res = await t.as(p.lead.token).get('/api/projects?archived=maybe');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/^archived: /);
  });
});
