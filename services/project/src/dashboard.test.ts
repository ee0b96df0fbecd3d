import type { BoardDto, DashboardDto, IssueDto, ProjectDashboardDto, ProjectDto } from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';

// The dashboard after issue #12: "Assigned to Me" by assignee id (a rename changes nothing),
// each with its key; an activity line about an issue names it, so the page links to it.
let t: TestPlatform;
let keys = 0;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

async function givenTeam() {
  const [lead, member] = [await t.givenUser({ name: 'Dana Lead' }), await t.givenUser({ name: 'Sam Member' })];
  const key = `D${Date.now().toString(36).slice(-5).toUpperCase()}${++keys}`.slice(0, 10);
  const project = await t.ok<ProjectDto>(t.as(lead.token).post('/api/projects', { name: `Dash ${key}`, key }));
  await t.ok(t.as(lead.token).post(`/api/projects/${key}/members`, { email: member.email }));
  const board = await t.ok<BoardDto>(t.as(lead.token).get(`/api/boards/${project.boards[0]!.id}`));
  const add = (title: string, assigneeId?: string) =>
    t.ok<IssueDto>(
      t.as(lead.token).post('/api/issues', {
        projectId: project.id,
        columnId: board.columns[0]!.id,
        title,
        assigneeId,
      }),
    );
  const dashboard = (token = member.token) => t.ok<DashboardDto>(t.as(token).get('/api/dashboard'));
  return { key, project, board, lead, member, add, dashboard };
}

describe('Assigned to Me', () => {
  it('lists the issues assigned to the caller by id, with their keys, and follows a rename', async () => {
    const g = await givenTeam();
    const mine = await g.add('Mine', g.member.user.id);
    await g.add('The lead’s', g.lead.user.id);
    await g.add('Nobody’s');
    const expected = [
      {
        id: mine.id,
        key: `${g.key}-1`,
        title: 'Mine',
        status: 'TODO',
        projectKey: g.key,
        boardId: g.board.id,
      },
    ];
    expect((await g.dashboard()).assignedIssues).toEqual(expected);
    await t.ok(t.as(g.member.token).put('/api/users/profile', { name: 'Samantha Member' }));
    expect((await g.dashboard()).assignedIssues).toEqual(expected);
  });

  it('drops an issue once it is given to someone else', async () => {
    const g = await givenTeam();
    const issue = await g.add('Passed on', g.member.user.id);
    await t.ok(t.as(g.lead.token).patch(`/api/issues/${issue.id}`, { assigneeId: g.lead.user.id }));
    expect((await g.dashboard()).assignedIssues).toEqual([]);
    expect((await g.dashboard(g.lead.token)).assignedIssues.map((i) => i.key)).toEqual([`${g.key}-1`]);
  });
});

describe('activity', () => {
  it('names the issue a board line is about (while it exists), and no issue for a project line', async () => {
    const g = await givenTeam();
    const issue = await g.add('Linked');
    await t.ok(t.as(g.member.token).post(`/api/issues/${issue.id}/comments`, { body: 'hi' }));
    const { recentActivity } = await g.dashboard();
    expect(recentActivity.slice(0, 2).map(({ description, issue: about }) => ({ description, about }))).toEqual([
      { description: 'Sam Member commented on "Linked"', about: { key: `${g.key}-1`, boardId: g.board.id } },
      { description: 'Dana Lead created "Linked"', about: { key: `${g.key}-1`, boardId: g.board.id } },
    ]);
    expect(recentActivity.at(-1)).toMatchObject({ description: `Dana Lead created project ${g.key}`, issue: null });
    const perProject = await t.ok<ProjectDashboardDto>(
      t.as(g.member.token).get(`/api/dashboard/project/${g.project.id}`),
    );
    expect(perProject.recentActivity[0]).toMatchObject({ issue: { key: `${g.key}-1`, boardId: g.board.id } });

    expect((await t.as(g.lead.token).delete(`/api/issues/${issue.id}`)).status).toBe(204);
    const after = await g.dashboard();
    expect(after.recentActivity[0]).toMatchObject({ description: 'Sam Member commented on "Linked"', issue: null });
  });

  it('shows no line for a field change', async () => {
    const g = await givenTeam();
    const issue = await g.add('Quiet');
    const before = (await g.dashboard()).recentActivity.length;
    await t.ok(t.as(g.member.token).patch(`/api/issues/${issue.id}`, { priority: 'HIGH', dueDate: '2030-01-01' }));
    expect((await g.dashboard()).recentActivity).toHaveLength(before);
  });
});
