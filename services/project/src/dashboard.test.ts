import type {
  AssignedIssuesPageDto,
  BoardDto,
  DashboardDto,
  IssueDto,
  ProjectDashboardDto,
  ProjectDto,
} from '@trackboard/contracts';
import { createTestPlatform, type GivenUser, type TestPlatform } from '@trackboard/test-platform';

// The dashboard: "Assigned to Me" by assignee id (a rename changes nothing),
// each with its key; an activity line about an issue names it, so the page links to it.
let t: TestPlatform;
let keys = 0;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

type IssueFields = { column?: string; priority?: string; type?: string };

/** A project led by `lead` with `member` on its team (new people unless given), and its first board. */
async function givenTeam(people?: { lead: GivenUser; member: GivenUser }, name?: string) {
  const { lead, member } = people ?? {
    lead: await t.givenUser({ name: 'Dana Lead' }),
    member: await t.givenUser({ name: 'Sam Member' }),
  };
  const key = `D${Date.now().toString(36).slice(-5).toUpperCase()}${++keys}`.slice(0, 10);
  const project = await t.ok<ProjectDto>(t.as(lead.token).post('/api/projects', { name: name ?? `Dash ${key}`, key }));
  await t.ok(t.as(lead.token).post(`/api/projects/${key}/members`, { email: member.email }));
  let board = await t.ok<BoardDto>(t.as(lead.token).get(`/api/boards/${project.boards[0]!.id}`));
  const columnId = async (name: string) => {
    if (!board.columns.some((c) => c.name === name)) {
      await t.ok(t.as(lead.token).post(`/api/boards/${board.id}/columns`, { name }));
      board = await t.ok<BoardDto>(t.as(lead.token).get(`/api/boards/${board.id}`));
    }
    return board.columns.find((c) => c.name === name)!.id;
  };
  const add = async (title: string, assigneeId?: string, { column = 'To Do', ...fields }: IssueFields = {}) =>
    t.ok<IssueDto>(
      t.as(lead.token).post('/api/issues', {
        projectId: project.id,
        columnId: await columnId(column),
        title,
        assigneeId,
        ...fields,
      }),
    );
  const dashboard = (token = member.token) => t.ok<DashboardDto>(t.as(token).get('/api/dashboard'));
  return { key, project, board, lead, member, add, dashboard };
}

const assigned = (token: string, query = '') => t.as(token).get(`/api/dashboard/assigned${query ? `?${query}` : ''}`);
const assignedPage = (token: string, query = '') => t.ok<AssignedIssuesPageDto>(assigned(token, query));
const keysOf = (page: AssignedIssuesPageDto) => page.issues.map((i) => i.key);

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
        priority: 'MEDIUM',
        type: 'TASK',
        projectKey: g.key,
        projectName: `Dash ${g.key}`,
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

describe('Assigned to Me: open issues only, a few, and how many in all', () => {
  it('leaves Done and Closed out, shows the ten most recently updated and counts every open one', async () => {
    const g = await givenTeam();
    const me = g.member.user.id;
    await g.add('Finished', me, { column: 'Done' });
    await g.add('Shut', me, { column: 'Closed' });
    const open = [];
    for (let i = 1; i <= 12; i++) open.push(await g.add(`Open ${i}`, me, { column: i % 2 ? 'To Do' : 'In Progress' }));
    const dashboard = await g.dashboard();
    expect(dashboard.assignedIssues.map((i) => i.title)).toEqual(
      open
        .slice(2)
        .reverse()
        .map((i) => i.title),
    );
    expect(dashboard.openAssignedCount).toBe(12);
  });

  it('counts none when nothing open is assigned', async () => {
    const g = await givenTeam();
    await g.add('Finished', g.member.user.id, { column: 'Done' });
    expect(await g.dashboard()).toMatchObject({ assignedIssues: [], openAssignedCount: 0 });
  });
});

describe('My Issues: GET /dashboard/assigned', () => {
  async function givenTwoProjects() {
    const first = await givenTeam(undefined, 'Alpha site');
    const second = await givenTeam({ lead: first.lead, member: first.member }, 'Beta app');
    const me = first.member.user.id;
    const issues = {
      alphaBug: await first.add('Alpha bug', me, { type: 'BUG', priority: 'HIGH' }),
      alphaDone: await first.add('Alpha done', me, { column: 'Done' }),
      betaTask: await second.add('Beta task', me, { column: 'In Progress', priority: 'LOW' }),
      alphaStory: await first.add('Alpha story', me, { type: 'STORY', priority: 'CRITICAL' }),
      betaBug: await second.add('Beta bug', me, { type: 'BUG', priority: 'HIGH' }),
      notMine: await second.add('Not mine', first.lead.user.id),
    };
    return { first, second, issues, token: first.member.token };
  }

  it('lists the open ones by project (by name), the most recently updated first, with the caller’s projects to choose from', async () => {
    const { first, second, issues, token } = await givenTwoProjects();
    const page = await assignedPage(token);
    expect(keysOf(page)).toEqual([issues.alphaStory.key, issues.alphaBug.key, issues.betaBug.key, issues.betaTask.key]);
    expect(page.total).toBe(4);
    expect(page.issues[0]).toEqual({
      id: issues.alphaStory.id,
      key: issues.alphaStory.key,
      title: 'Alpha story',
      status: 'TODO',
      priority: 'CRITICAL',
      type: 'STORY',
      projectKey: first.key,
      projectName: 'Alpha site',
      boardId: first.board.id,
    });
    expect(page.projects).toEqual([
      { key: first.key, name: 'Alpha site' },
      { key: second.key, name: 'Beta app' },
    ]);
  });

  it('narrows by status, priority, type and project: any value of a list, every list', async () => {
    const { first, second, issues, token } = await givenTwoProjects();
    const keys = async (query: string) => keysOf(await assignedPage(token, query));
    expect(await keys('status=DONE')).toEqual([issues.alphaDone.key]);
    expect(await keys('status=DONE,IN_PROGRESS')).toEqual([issues.alphaDone.key, issues.betaTask.key]);
    expect(await keys('priority=HIGH')).toEqual([issues.alphaBug.key, issues.betaBug.key]);
    expect(await keys('type=BUG,STORY&priority=HIGH')).toEqual([issues.alphaBug.key, issues.betaBug.key]);
    expect(await keys(`project=${second.key.toLowerCase()}`)).toEqual([issues.betaBug.key, issues.betaTask.key]);
    expect(await keys(`project=${first.key},${second.key}&type=BUG`)).toEqual([
      issues.alphaBug.key,
      issues.betaBug.key,
    ]);
    expect(await keys(`status=TODO,IN_PROGRESS,DONE,BACKLOG,CLOSED&project=${first.key}`)).toEqual([
      issues.alphaStory.key,
      issues.alphaDone.key,
      issues.alphaBug.key,
    ]);
    // Someone else's project narrows to nothing, and says nothing of it.
    const elsewhere = await givenTeam();
    expect(await assignedPage(token, `project=${elsewhere.key}`)).toMatchObject({ issues: [], total: 0 });
  });

  it('pages with limit and offset, total counting every match', async () => {
    const { issues, token } = await givenTwoProjects();
    const pages = [await assignedPage(token, 'limit=3'), await assignedPage(token, 'limit=3&offset=3')];
    expect(pages.map((p) => [keysOf(p), p.total])).toEqual([
      [[issues.alphaStory.key, issues.alphaBug.key, issues.betaBug.key], 4],
      [[issues.betaTask.key], 4],
    ]);
  });

  it('leaves an archived project out, its issues and its choice', async () => {
    const { first, second, issues, token } = await givenTwoProjects();
    await t.ok(t.as(first.lead.token).post(`/api/projects/${second.key}/archive`));
    const page = await assignedPage(token);
    expect(keysOf(page)).toEqual([issues.alphaStory.key, issues.alphaBug.key]);
    expect(page.projects.map((p) => p.key)).toEqual([first.key]);
  });

  it.each([
    ['status=OPEN', /^status\.0: must be one of TODO, IN_PROGRESS, DONE, BACKLOG, CLOSED$/],
    ['status=TODO,WAITING', /^status\.1: must be one of /],
    ['priority=URGENT', /^priority\.0: must be one of LOW, MEDIUM, HIGH, CRITICAL$/],
    ['type=CHORE', /^type\.0: must be one of TASK, BUG, STORY, EPIC$/],
    ['project=no%20key!', /^project\.0: must be 1 to 10 characters, A-Z and 0-9$/],
    ['limit=0', /^limit: must be at least 1$/],
    ['limit=101', /^limit: must be at most 100$/],
    ['offset=-1', /^offset: must be at least 0$/],
    ['offset=many', /^offset: must be a whole number$/],
    ['status=TODO%00', /^status: /],
  ])('refuses %s with 400 naming the field', async (query, message) => {
    const caller = await t.givenUser();
    const res = await assigned(caller.token, query);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(message);
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
