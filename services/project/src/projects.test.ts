import { sql } from 'drizzle-orm';
import { messages, PROJECT_DESCRIPTION_MAX_LENGTH, type EventOf, type ProjectDto } from '@trackboard/contracts';
import { queryRows } from '@trackboard/server-kit';
import { createTestPlatform, type GivenUser, type TestPlatform } from '@trackboard/test-platform';

let t: TestPlatform;
let keyCounter = 0;
const nextKey = () => `P${Date.now().toString(36).slice(-5).toUpperCase()}${++keyCounter}`.slice(0, 10);

type People = { lead: GivenUser; member: GivenUser; extra: GivenUser; outsider: GivenUser };
const givenPeople = async (): Promise<People> => {
  const [lead, member, extra, outsider] = await Promise.all([
    t.givenUser({ name: 'Lena Lead' }),
    t.givenUser({ name: 'Mo Member' }),
    t.givenUser({ name: 'Ed Extra' }),
    t.givenUser(),
  ]);
  return { lead, member, extra, outsider };
};

// Each account costs a registration (an argon2id hash) through the real API. A test that looks at
// one project of its own only, made fresh for it, takes these shared people: the outsider is on
// none of those, whatever else they belong to.
let people: People;
beforeAll(async () => {
  t = await createTestPlatform();
  people = await givenPeople();
});
afterAll(() => t.close());

/**
 * A project of its own led by `lead`, with `member` (and `extra`, to be removed) on its team:
 * the shared people unless a test looks at what they see across all their projects (`fresh`).
 */
async function givenProject({ fresh = false }: { fresh?: boolean } = {}) {
  const { lead, member, extra, outsider } = fresh ? await givenPeople() : people;
  const key = nextKey();
  const project = await t.ok<ProjectDto>(t.as(lead.token).post('/api/projects', { name: `Project ${key}`, key }));
  for (const u of [member, extra])
    await t.ok(t.as(lead.token).post(`/api/projects/${key}/members`, { email: u.email }));
  return { key, project, lead, member, extra, outsider };
}

describe('creating a project', () => {
  it('makes the creator lead and member, upper-cases the key, and creates its first board', async () => {
    const lead = await t.givenUser({ name: 'Creator' });
    const res = await t.as(lead.token).post('/api/projects', { name: 'Website', key: 'web1' });
    expect(res.status).toBe(201);
    const project: ProjectDto = await res.json();
    expect(project).toMatchObject({
      key: 'WEB1',
      name: 'Website',
      description: '',
      lead: { id: lead.user.id, name: 'Creator', email: lead.email },
    });
    expect(project.members).toEqual([
      { id: lead.user.id, name: 'Creator', email: lead.email, isLead: true, role: 'lead' },
    ]);
    expect(project.boards).toHaveLength(1);
    const board = await (await t.as(lead.token).get(`/api/boards/${project.boards[0]!.id}`)).json();
    expect(board.columns.map((c: { name: string }) => c.name)).toEqual(['To Do', 'In Progress', 'Done']);
  });

  it('keeps an optional description given at creation, and refuses one over the limit', async () => {
    const lead = await t.givenUser();
    const key = nextKey();
    const project = await t.ok<ProjectDto>(
      t.as(lead.token).post('/api/projects', { name: 'Described', key, description: 'What it is for\nLine two' }),
    );
    expect(project.description).toBe('What it is for\nLine two');
    expect((await t.ok<ProjectDto>(t.as(lead.token).get(`/api/projects/${key}`))).description).toBe(
      'What it is for\nLine two',
    );
    const tooLong = await t.as(lead.token).post('/api/projects', {
      name: 'Wordy',
      key: nextKey(),
      description: 'x'.repeat(PROJECT_DESCRIPTION_MAX_LENGTH + 1),
    });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).message).toMatch(/^description: /);
  });

  it('refuses a key that is taken', async () => {
    const lead = await t.givenUser();
    const key = nextKey();
    await t.ok(t.as(lead.token).post('/api/projects', { name: 'One', key }));
    const res = await t.as(lead.token).post('/api/projects', { name: 'Two', key: key.toLowerCase() });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'A project with this key already exists.' });
  });

  it.each([['TOOLONGKEY1'], ['AB-C'], [''], ['ÄBC']])(
    'refuses the key %j with a message naming the field',
    async (key) => {
      const lead = await t.givenUser();
      const res = await t.as(lead.token).post('/api/projects', { name: 'Bad key', key });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/^key: /);
    },
  );

  it('leaves nothing behind when the board cannot be created', async () => {
    const failing = await createTestPlatform({
      boardService: async () => new Response('{"message":"down"}', { status: 503 }),
    });
    try {
      const lead = await failing.givenUser();
      const count = async () =>
        (await queryRows<{ n: number }>(failing.database.db, sql`select count(*)::int as n from project.projects`))[0]!
          .n;
      const before = await count();
      const res = await failing.as(lead.token).post('/api/projects', { name: 'Doomed', key: 'DOOM' });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ message: 'Service unavailable', requestId: expect.any(String) });
      expect(await count()).toBe(before);
      expect((await failing.as(lead.token).get('/api/projects/DOOM')).status).toBe(404);
    } finally {
      await failing.close();
    }
  });
});

describe('reading projects', () => {
  it('lists only the caller’s projects, and all of them for an admin', async () => {
    const { key, member, outsider } = await givenProject();
    const keysOf = async (token: string) =>
      (await t.ok<ProjectDto[]>(t.as(token).get('/api/projects'))).map((p) => p.key);
    expect(await keysOf(member.token)).toContain(key);
    expect(await keysOf(outsider.token)).not.toContain(key);
    expect(await keysOf((await t.admin()).token)).toContain(key);
  });

  it('answers a non-member like a missing project', async () => {
    const { key, outsider } = await givenProject();
    const hidden = await t.as(outsider.token).get(`/api/projects/${key}`);
    const missing = await t.as(outsider.token).get('/api/projects/NOSUCHKEY');
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual({ message: 'Project not found' });
    expect(await missing.json()).toEqual({ message: 'Project not found' });
  });

  it('finds a project by its key in any case, with lead, members and boards', async () => {
    const { key, member, lead, extra } = await givenProject();
    const project = await t.ok<ProjectDto>(t.as(member.token).get(`/api/projects/${key.toLowerCase()}`));
    expect(project.lead.id).toBe(lead.user.id);
    expect(project.members.map((m) => [m.name, m.isLead])).toEqual([
      ['Lena Lead', true],
      ['Mo Member', false],
      ['Ed Extra', false],
    ]);
    expect(await t.ok(t.as(member.token).get(`/api/projects/${key}/members`))).toEqual(project.members);
    expect(extra.user.id).toBeDefined();
  });
});

describe('recent activity', () => {
  it('dates each project by its newest activity, its boards’ included, or else its creation', async () => {
    const { key, project, lead } = await givenProject();
    expect(Date.parse(project.lastActiveAt)).toBeGreaterThanOrEqual(Date.parse(project.createdAt));
    const before = (await t.ok<ProjectDto>(t.as(lead.token).get(`/api/projects/${key}`))).lastActiveAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const board = await t.ok<{ columns: { id: string }[] }>(
      t.as(lead.token).get(`/api/boards/${project.boards[0]!.id}`),
    );
    await t.ok(
      t.as(lead.token).post('/api/issues', {
        projectId: project.id,
        columnId: board.columns[0]!.id,
        title: 'Something happens',
        type: 'TASK',
        priority: 'LOW',
      }),
    );
    const listed = (await t.ok<ProjectDto[]>(t.as(lead.token).get('/api/projects'))).find((p) => p.key === key)!;
    expect(Date.parse(listed.lastActiveAt)).toBeGreaterThan(Date.parse(before));
  });
});

describe('a project’s boards', () => {
  it('come oldest first, each with its number of issues, in the project and in the list', async () => {
    const { key, project, lead, member } = await givenProject();
    const first = await t.ok<{ id: string; columns: { id: string }[] }>(
      t.as(lead.token).get(`/api/boards/${project.boards[0]!.id}`),
    );
    const second = await t.ok<{ id: string; columns: { id: string }[] }>(
      t.as(lead.token).post(`/api/projects/${project.id}/boards`, { name: 'Support' }),
    );
    const addIssue = (columnId: string, title: string) =>
      t.ok<{ id: string }>(t.as(member.token).post('/api/issues', { projectId: project.id, columnId, title }));
    await addIssue(first.columns[0]!.id, 'one');
    await addIssue(first.columns[1]!.id, 'two');
    const gone = await addIssue(first.columns[2]!.id, 'three');
    await addIssue(second.columns[0]!.id, 'four');
    expect((await t.as(lead.token).delete(`/api/issues/${gone.id}`)).status).toBe(204);
    const expected = [
      { id: first.id, name: `Project ${key} Board`, issueCount: 2 },
      { id: second.id, name: 'Support', issueCount: 1 },
    ];
    expect((await t.ok<ProjectDto>(t.as(member.token).get(`/api/projects/${key}`))).boards).toEqual(expected);
    const listed = await t.ok<ProjectDto[]>(t.as(member.token).get('/api/projects'));
    expect(listed.find((p) => p.key === key)!.boards).toEqual(expected);
    // Another project's boards and counts stay its own.
    const other = await t.ok<ProjectDto>(t.as(lead.token).post('/api/projects', { name: 'Other', key: nextKey() }));
    expect(other.boards).toEqual([{ id: expect.any(String), name: 'Other Board', issueCount: 0 }]);
  });
});

describe('editing a project', () => {
  it('lets the lead change name and description', async () => {
    const { key, lead } = await givenProject();
    const updated = await t.ok<ProjectDto>(
      t.as(lead.token).put(`/api/projects/${key}`, { name: 'Renamed', description: 'What we do' }),
    );
    expect(updated).toMatchObject({ name: 'Renamed', description: 'What we do' });
  });

  it('records an edit in the project’s activity only when it changes something', async () => {
    const { key, lead, project } = await givenProject();
    const activity = async () =>
      (
        await t.ok<{ recentActivity: { description: string }[] }>(
          t.as(lead.token).get(`/api/dashboard/project/${project.id}`),
        )
      ).recentActivity.map(({ description }) => description);
    const before = await activity();
    // The same name and the empty description it has: answered with the project, nothing written.
    const same = await t.ok<ProjectDto>(
      t.as(lead.token).put(`/api/projects/${key}`, { name: project.name, description: '' }),
    );
    expect(same).toMatchObject({ name: project.name, description: '' });
    expect(await activity()).toEqual(before);
    await t.ok(t.as(lead.token).put(`/api/projects/${key}`, { description: 'What we do' }));
    expect((await activity())[0]).toMatch(new RegExp(`updated project ${key}$`));
  });

  it('refuses a blank name and an empty change', async () => {
    const { key, lead } = await givenProject();
    expect((await (await t.as(lead.token).put(`/api/projects/${key}`, { name: '  ' })).json()).message).toMatch(
      /^name: /,
    );
    const empty = await t.as(lead.token).put(`/api/projects/${key}`, {});
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ message: 'No changes provided for update.' });
  });

  it('hands the lead to a member, after which the old lead may no longer edit', async () => {
    const { key, lead, member } = await givenProject();
    const updated = await t.ok<ProjectDto>(t.as(lead.token).put(`/api/projects/${key}`, { leadId: member.user.id }));
    expect(updated.lead.id).toBe(member.user.id);
    const refused = await t.as(lead.token).put(`/api/projects/${key}`, { description: 'mine again' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Only the project lead can change this project.' });
  });

  it('sets the estimate scale for the lead only, none by default, naming the field when it is not one', async () => {
    const { key, lead, member, project } = await givenProject();
    expect(project.estimateScale).toBe('none');
    const points = await t.ok<ProjectDto>(t.as(lead.token).put(`/api/projects/${key}`, { estimateScale: 'points' }));
    expect(points.estimateScale).toBe('points');
    expect((await t.ok<ProjectDto>(t.as(member.token).get(`/api/projects/${key}`))).estimateScale).toBe('points');
    const refused = await t.as(member.token).put(`/api/projects/${key}`, { estimateScale: 'tshirt' });
    expect(refused.status).toBe(403);
    const wrong = await t.as(lead.token).put(`/api/projects/${key}`, { estimateScale: 'hours' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ message: 'estimateScale: must be one of none, points, tshirt' });
    const sizes = await t.ok<ProjectDto>(t.as(lead.token).put(`/api/projects/${key}`, { estimateScale: 'tshirt' }));
    expect(sizes).toMatchObject({ estimateScale: 'tshirt', name: project.name });
  });

  it('refuses the same lead and a lead from outside the team', async () => {
    const { key, lead, outsider } = await givenProject();
    const same = await t.as(lead.token).put(`/api/projects/${key}`, { leadId: lead.user.id });
    expect(same.status).toBe(409);
    expect(await same.json()).toEqual({ message: 'Please select a valid new lead different from the current one.' });
    const stranger = await t.as(lead.token).put(`/api/projects/${key}`, { leadId: outsider.user.id });
    expect(stranger.status).toBe(409);
    expect(await stranger.json()).toEqual({ message: 'The new lead must be a member of the project.' });
  });
});

describe('membership', () => {
  it('adds an active account by e-mail, in any case', async () => {
    const { key, lead } = await givenProject();
    const newcomer = await t.givenUser({ name: 'Nina New' });
    const res = await t.as(lead.token).post(`/api/projects/${key}/members`, { email: newcomer.email.toUpperCase() });
    expect(res.status).toBe(201);
    expect((await res.json()).members.map((m: { name: string }) => m.name)).toContain('Nina New');
  });

  it('tells the new member: member.added, recorded with the membership; nothing for a refused add', async () => {
    const { key, project, lead, member } = await givenProject();
    // Relayed from the outbox after the add commits: once the outbox is empty, every event is out.
    const relayed = async () => {
      for (let tries = 0; tries < 2000; tries++) {
        const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from project.outbox`);
        if (row!.n === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('the outbox was not relayed');
    };
    await relayed();
    const added: EventOf<'member.added'>[] = [];
    await t.events.listen({ 'member.added': (e) => void (e.projectId === project.id && added.push(e)) });
    const newcomer = await t.givenUser({ name: 'Nina New' });
    await t.ok(t.as(lead.token).post(`/api/projects/${key}/members`, { email: newcomer.email }));
    expect((await t.as(lead.token).post(`/api/projects/${key}/members`, { email: member.email })).status).toBe(409);
    await relayed();
    expect(added).toEqual([
      {
        type: 'member.added',
        projectId: project.id,
        projectKey: key,
        projectName: project.name,
        userId: newcomer.user.id,
        actorId: lead.user.id,
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        occurredAt: expect.any(String),
      },
    ]);
  });

  it('refuses an unknown or inactive address, and an existing member', async () => {
    const { key, lead, member } = await givenProject();
    const pending = await t.givenUser({ status: 'PENDING_APPROVAL' });
    for (const email of ['nobody@example.test', pending.email]) {
      const res = await t.as(lead.token).post(`/api/projects/${key}/members`, { email });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'User not found' });
    }
    const again = await t.as(lead.token).post(`/api/projects/${key}/members`, { email: member.email });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: `${member.email} is already a member of this project.` });
  });

  it('never removes the lead', async () => {
    const { key, lead } = await givenProject();
    const res = await t.as((await t.admin()).token).delete(`/api/projects/${key}/members/${lead.user.id}`);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'The project lead cannot be removed.' });
  });

  it('takes a removed member’s access away at once, and tells the board rooms', async () => {
    const { key, lead, member, project } = await givenProject();
    // Relayed from the outbox after the removal commits.
    const heard = new Promise((resolve) =>
      t.events.listen({
        'membership.removed': (e) => void (e.userId === member.user.id && e.projectId === project.id && resolve(e)),
      }),
    );
    expect((await t.as(member.token).get(`/api/boards/${project.boards[0]!.id}`)).status).toBe(200);
    const res = await t.as(lead.token).delete(`/api/projects/${key}/members/${member.user.id}`);
    expect(res.status).toBe(200);
    expect((await res.json()).members.map((m: { id: string }) => m.id)).not.toContain(member.user.id);
    expect((await t.as(member.token).get(`/api/projects/${key}`)).status).toBe(404);
    expect((await t.as(member.token).get(`/api/boards/${project.boards[0]!.id}`)).status).toBe(404);
    expect(await heard).toMatchObject({ type: 'membership.removed', projectId: project.id, userId: member.user.id });
    expect((await t.as(lead.token).delete(`/api/projects/${key}/members/${member.user.id}`)).status).toBe(404);
  });
});

describe('deleting a project', () => {
  it('is for the lead or an admin; a member is told why, and the project stays', async () => {
    const { key, member, lead } = await givenProject();
    const refused = await t.as(member.token).delete(`/api/projects/${key}`);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe(messages.deleteProjectForbidden);
    expect((await t.as(lead.token).get(`/api/projects/${key}`)).status).toBe(200);

    expect((await t.as(lead.token).delete(`/api/projects/${key}`)).status).toBe(204);
    for (const token of [lead.token, member.token, (await t.admin()).token])
      expect((await t.as(token).get(`/api/projects/${key}`)).status).toBe(404);
    expect((await t.as(lead.token).delete(`/api/projects/${key}`)).status).toBe(404);
  });

  it('lets an admin delete a project they are not on, by its key in any case', async () => {
    const { key } = await givenProject();
    const admin = (await t.admin()).token;
    expect((await t.as(admin).delete(`/api/projects/${key.toLowerCase()}`)).status).toBe(204);
    expect((await t.as(admin).get(`/api/projects/${key}`)).status).toBe(404);
  });
});

describe('the dashboard', () => {
  it('shows the caller’s projects and what happened in them, newest first', async () => {
    const { key, lead, member } = await givenProject({ fresh: true });
    await t.ok(t.as(lead.token).put(`/api/projects/${key}`, { leadId: member.user.id }));
    const dashboard = await t.ok<{
      recentProjects: { key: string }[];
      recentActivity: { description: string; id: string; timestamp: string }[];
      stats: { activeProjects: number };
    }>(t.as(member.token).get('/api/dashboard'));
    expect(dashboard.recentProjects.map((p) => p.key)).toContain(key);
    expect(dashboard.stats.activeProjects).toBe(1);
    expect(dashboard.recentActivity.map((a) => a.description)).toEqual([
      `Lena Lead made Mo Member the lead of ${key}`,
      `Lena Lead added Ed Extra to ${key}`,
      `Lena Lead added Mo Member to ${key}`,
      `Lena Lead created project ${key}`,
    ]);
    expect(new Date(dashboard.recentActivity[0]!.timestamp).getTime()).not.toBeNaN();
  });

  it('counts the issues, lists the caller’s own and includes what happened on the boards', async () => {
    const { key, project, member, lead } = await givenProject({ fresh: true });
    const board = await t.ok<{ columns: { id: string; name: string }[] }>(
      t.as(lead.token).get(`/api/boards/${project.boards[0]!.id}`),
    );
    const add = (title: string, column: string, owner?: string) =>
      t.ok(
        t.as(member.token).post('/api/issues', {
          projectId: project.id,
          columnId: board.columns.find((c) => c.name === column)!.id,
          title,
          owner,
        }),
      );
    await add('Mine by id', 'To Do', member.user.id);
    await add('Mine by name', 'In Progress', 'mo member');
    await add('Mine but done', 'Done', member.user.id);
    await add('Not mine', 'Done', lead.user.id);
    const dashboard = await t.ok<{
      assignedIssues: { title: string; status: string; projectKey: string }[];
      stats: { totalTasks: number };
      recentActivity: { description: string }[];
    }>(t.as(member.token).get('/api/dashboard'));
    // Open ones only: a done issue of mine is left out.
    expect(dashboard.assignedIssues.map((i) => [i.title, i.status, i.projectKey]).sort()).toEqual([
      ['Mine by id', 'TODO', key],
      ['Mine by name', 'IN_PROGRESS', key],
    ]);
    expect(dashboard.stats.totalTasks).toBe(4);
    expect(dashboard.recentActivity[0]!.description).toBe('Mo Member created "Not mine"');
    const perProject = await t.ok<{ issueCountsByStatus: Record<string, number> }>(
      t.as(member.token).get(`/api/dashboard/project/${project.id}`),
    );
    expect(perProject.issueCountsByStatus).toEqual({ TODO: 1, IN_PROGRESS: 1, DONE: 2 });
  });

  it('shows one project’s activity to its members only', async () => {
    const { project, member, outsider } = await givenProject();
    const mine = await t.ok<{ key: string; recentActivity: unknown[] }>(
      t.as(member.token).get(`/api/dashboard/project/${project.id}`),
    );
    expect(mine.key).toBe(project.key);
    expect(mine.recentActivity.length).toBeGreaterThan(0);
    expect((await t.as(outsider.token).get(`/api/dashboard/project/${project.id}`)).status).toBe(404);
    expect((await t.as(outsider.token).get('/api/dashboard/project/abc')).status).toBe(400);
  });
});

describe('who may call what', () => {
  type Role = 'anonymous' | 'non-member' | 'member' | 'lead' | 'admin';
  type Case = {
    route: string;
    call: (p: Awaited<ReturnType<typeof givenProject>>, token?: string) => Promise<Response>;
    expected: Record<Role, number>;
    /** The call changes the project (for some roles): each role calls it on a project of its own. */
    changes?: true;
  };
  const as = (token?: string) => t.as(token);
  let newcomer: GivenUser;
  beforeAll(async () => {
    newcomer = await t.givenUser({ name: 'Nina New' });
  });
  const cases: Case[] = [
    {
      route: 'GET /projects',
      call: (_p, tk) => as(tk).get('/api/projects'),
      expected: { anonymous: 401, 'non-member': 200, member: 200, lead: 200, admin: 200 },
    },
    {
      route: 'POST /projects',
      call: (_p, tk) => as(tk).post('/api/projects', { name: 'X', key: nextKey() }),
      expected: { anonymous: 401, 'non-member': 201, member: 201, lead: 201, admin: 201 },
    },
    {
      route: 'GET /projects/:key',
      call: (p, tk) => as(tk).get(`/api/projects/${p.key}`),
      expected: { anonymous: 401, 'non-member': 404, member: 200, lead: 200, admin: 200 },
    },
    {
      route: 'PUT /projects/:key',
      call: (p, tk) => as(tk).put(`/api/projects/${p.key}`, { description: 'd' }),
      expected: { anonymous: 401, 'non-member': 404, member: 403, lead: 200, admin: 403 },
      changes: true,
    },
    {
      route: 'DELETE /projects/:key',
      call: (p, tk) => as(tk).delete(`/api/projects/${p.key}`),
      expected: { anonymous: 401, 'non-member': 404, member: 403, lead: 204, admin: 204 },
      changes: true,
    },
    {
      route: 'GET /projects/:key/members',
      call: (p, tk) => as(tk).get(`/api/projects/${p.key}/members`),
      expected: { anonymous: 401, 'non-member': 404, member: 200, lead: 200, admin: 200 },
    },
    {
      route: 'POST /projects/:key/members',
      // Someone on none of these projects: each role's project is a fresh one.
      call: (p, tk) => as(tk).post(`/api/projects/${p.key}/members`, { email: newcomer.email }),
      expected: { anonymous: 401, 'non-member': 404, member: 403, lead: 201, admin: 403 },
      changes: true,
    },
    {
      route: 'DELETE /projects/:key/members/:id',
      call: (p, tk) => as(tk).delete(`/api/projects/${p.key}/members/${p.extra.user.id}`),
      expected: { anonymous: 401, 'non-member': 404, member: 403, lead: 200, admin: 200 },
      changes: true,
    },
    {
      route: 'GET /dashboard',
      call: (_p, tk) => as(tk).get('/api/dashboard'),
      expected: { anonymous: 401, 'non-member': 200, member: 200, lead: 200, admin: 200 },
    },
    {
      route: 'GET /dashboard/project/:id',
      call: (p, tk) => as(tk).get(`/api/dashboard/project/${p.project.id}`),
      expected: { anonymous: 401, 'non-member': 404, member: 200, lead: 200, admin: 200 },
    },
  ];
  const tokenFor = async (role: Role, p: Awaited<ReturnType<typeof givenProject>>): Promise<string | undefined> =>
    ({
      anonymous: undefined,
      'non-member': p.outsider.token,
      member: p.member.token,
      lead: p.lead.token,
      admin: (await t.admin()).token,
    })[role];

  it.each(cases.map((c) => [c.route, c] as const))('%s', async (_route, c) => {
    const shared = c.changes ? undefined : await givenProject();
    for (const role of Object.keys(c.expected) as Role[]) {
      const p = shared ?? (await givenProject());
      const res = await c.call(p, await tokenFor(role, p));
      expect({ role, status: res.status }).toEqual({ role, status: c.expected[role] });
    }
  });

  it('refuses accounts that are not active', async () => {
    const pending: GivenUser = await t.givenUser({ status: 'PENDING_APPROVAL' });
    const res = await t.as(pending.token).get('/api/projects');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Your account is not active.' });
  });
});

describe('bad input', () => {
  it.each([
    ['POST', '/api/projects'],
    ['PUT', '/api/projects/{key}'],
    ['POST', '/api/projects/{key}/members'],
  ])('%s %s answers 4xx with a message and changes nothing', async (method, template) => {
    const { key, lead } = await givenProject();
    const path = template.replace('{key}', key);
    const before = await t.ok(t.as(lead.token).get(`/api/projects/${key}`));
    for (const body of [
      '{"broken',
      '[]',
      '"text"',
      'null',
      '{"name":5,"key":[],"email":"x","leadId":"abc","extra":1}',
    ]) {
      const res = await t.platform.apps.project.request(path, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${lead.token}` },
        body,
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect((await res.json()).message).toEqual(expect.any(String));
    }
    expect(await t.ok(t.as(lead.token).get(`/api/projects/${key}`))).toEqual(before);
  });

  it('refuses a malformed member id', async () => {
    const { key, lead } = await givenProject();
    const res = await t.as(lead.token).delete(`/api/projects/${key}/members/not-a-number`);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/^userId: /);
  });
});
