import type { BoardDto, DashboardDto, IssueDto, UserIssueDto, UserStatsDto } from '@trackboard/contracts';
import { createTestPlatform, givenProject, type TestPlatform } from '@trackboard/test-platform';

// A user learns nothing of accounts that are not theirs (not even whether they
// exist), and a member removed from a project no longer sees its issues in any listing.
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

const q = (email: string) => `email=${encodeURIComponent(email)}`;

describe('another account, asked for by a user', () => {
  it.each([
    ['GET /users?email=', (u: { email: string }) => ['GET', `/api/users?${q(u.email)}`]],
    ['GET /users/stats?email=', (u: { email: string }) => ['GET', `/api/users/stats?${q(u.email)}`]],
    ['PUT /users?email=', (u: { email: string }) => ['PUT', `/api/users?${q(u.email)}`, { bio: 'hello' }]],
    ['GET /users/:id/issues', (u: { id: string }) => ['GET', `/api/users/${u.id}/issues`]],
  ] as const)('%s answers the same whether or not the account exists', async (_route, call) => {
    const me = await t.givenUser();
    const other = await t.givenUser();
    const answers = [];
    for (const target of [
      { email: other.email, id: other.user.id },
      { email: 'nobody.at.all@example.test', id: '987654321' },
    ]) {
      const [method, path, body] = call(target as { email: string; id: string }) as [string, string, unknown?];
      const res = await t.request(method, path, { token: me.token, body });
      answers.push({ status: res.status, body: await res.json() });
    }
    expect(answers).toEqual([
      { status: 403, body: { message: 'Only administrators can do this.' } },
      { status: 403, body: { message: 'Only administrators can do this.' } },
    ]);
  });

  it('is still found by an administrator, and a missing one is a 404 for them', async () => {
    const admin = t.as((await t.admin()).token);
    const other = await t.givenUser();
    expect((await admin.get(`/api/users?${q(other.email)}`)).status).toBe(200);
    expect((await admin.get(`/api/users?${q('nobody.at.all@example.test')}`)).status).toBe(404);
    expect((await admin.get('/api/users/987654321/issues')).status).toBe(404);
  });
});

describe('a member removed from a project', () => {
  it('no longer sees its issues in their issue list, stats or dashboard; an administrator still does', async () => {
    const { key, project, lead, member } = await givenProject(t);
    const board = await t.ok<BoardDto>(t.as(lead.token).get(`/api/boards/${project.boards[0]!.id}`));
    const title = `Secret plan ${key}`;
    const issue = await t.ok<IssueDto>(
      t.as(member.token).post('/api/issues', {
        projectId: project.id,
        columnId: board.columns[0]!.id,
        title,
        owner: { connect: { id: member.user.id } },
      }),
    );
    const me = t.as(member.token);
    const seen = async () => ({
      issues: (await t.ok<UserIssueDto[]>(me.get(`/api/users/${member.user.id}/issues`))).map((i) => i.title),
      reported: (await t.ok<UserStatsDto>(me.get(`/api/users/stats?${q(member.email)}`))).issuesReported,
      dashboard: JSON.stringify(await t.ok<DashboardDto>(me.get('/api/dashboard'))).includes(title),
    });
    expect(await seen()).toEqual({ issues: [title], reported: 1, dashboard: true });

    await t.ok(t.as(lead.token).delete(`/api/projects/${key}/members/${member.user.id}`));
    expect(await seen()).toEqual({ issues: [], reported: 0, dashboard: false });
    expect((await me.get(`/api/issues/${issue.id}`)).status).toBe(404);

    const admin = t.as((await t.admin()).token);
    const asAdmin = await t.ok<UserIssueDto[]>(admin.get(`/api/users/${member.user.id}/issues`));
    expect(asAdmin.map((i) => i.title)).toEqual([title]);
  });
});
