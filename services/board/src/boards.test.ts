import type { BoardDto, ColumnDto, ProjectDto } from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard, issuesOf, titlesByColumn, type GivenBoard } from './testing/given-board';

let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

describe('boards', () => {
  it('refuses anonymous callers with 401 and inactive accounts with 403', async () => {
    const g = await givenBoard(t);
    expect((await t.as().get(`/api/boards/${g.board.id}`)).status).toBe(401);
    const pending = await t.givenUser({ status: 'PENDING_APPROVAL' });
    const res = await t.as(pending.token).get(`/api/boards/${g.board.id}`);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Your account is not active.' });
  });

  it('gives a non-member the same 404 as a missing board', async () => {
    const g = await givenBoard(t);
    const hidden = await t.as(g.outsider.token).get(`/api/boards/${g.board.id}`);
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual({ message: 'Board not found' });
    expect(await (await t.as(g.outsider.token).get('/api/boards/99999999')).json()).toEqual({
      message: 'Board not found',
    });
  });

  it('lets the lead rename the board, bumping its version', async () => {
    const g = await givenBoard(t);
    const renamed = await t.ok<BoardDto>(t.as(g.lead.token).put(`/api/boards/${g.board.id}`, { name: 'Sprint 2' }));
    expect(renamed).toMatchObject({ name: 'Sprint 2', version: g.board.version + 1 });
    expect((await t.as(g.member.token).put(`/api/boards/${g.board.id}`, { name: 'Mine' })).status).toBe(403);
  });

  it('adds a board to a project for the lead only', async () => {
    const g = await givenBoard(t);
    const created = await t
      .as(g.lead.token)
      .post(`/api/projects/${g.project.id}/boards`, { name: 'Second', columns: ['Backlog', 'Closed'] });
    expect(created.status).toBe(201);
    expect((await created.json()).columns.map((c: ColumnDto) => c.name)).toEqual(['Backlog', 'Closed']);
    const refused = await t.as(g.member.token).post(`/api/projects/${g.project.id}/boards`, { name: 'Nope' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Only the project lead or an administrator can add a board.' });
    expect((await t.as(g.outsider.token).post(`/api/projects/${g.project.id}/boards`, { name: 'Nope' })).status).toBe(
      404,
    );
  });

  it('deletes a board with everything on it (lead or admin)', async () => {
    const g = await givenBoard(t);
    await t.ok(t.as(g.lead.token).post(`/api/projects/${g.project.id}/boards`, { name: 'Second' }));
    const issue = await g.addIssue('To Do', 'gone with it');
    expect((await t.as(g.member.token).delete(`/api/boards/${g.board.id}`)).status).toBe(403);
    expect((await t.as(g.lead.token).delete(`/api/boards/${g.board.id}`)).status).toBe(204);
    expect((await t.as(g.lead.token).get(`/api/boards/${g.board.id}`)).status).toBe(404);
    expect((await t.as(g.lead.token).get(`/api/issues/${issue.id}`)).status).toBe(404);
  });
});

describe('several boards per project', () => {
  const boardsOf = async (g: GivenBoard) =>
    (await t.ok<ProjectDto>(t.as(g.member.token).get(`/api/projects/${g.key}`))).boards;
  const addBoard = (g: GivenBoard, name: string, token = g.lead.token) =>
    t.ok<BoardDto>(t.as(token).post(`/api/projects/${g.project.id}/boards`, { name }));

  it('lists a project’s boards oldest first, each with its number of issues', async () => {
    const g = await givenBoard(t);
    const second = await addBoard(g, 'Second');
    await g.addIssue('To Do', 'one');
    await g.addIssue('Done', 'two');
    await t.ok(
      t.as(g.member.token).post('/api/issues', {
        projectId: g.project.id,
        columnId: second.columns[0]!.id,
        title: 'on the second board',
      }),
    );
    expect(await boardsOf(g)).toEqual([
      { id: g.board.id, name: g.board.name, issueCount: 2 },
      { id: second.id, name: 'Second', issueCount: 1 },
    ]);
    const third = await addBoard(g, 'Third');
    const listed = (await t.ok<ProjectDto[]>(t.as(g.member.token).get('/api/projects'))).find((p) => p.key === g.key)!;
    expect(listed.boards.map((b) => [b.name, b.issueCount])).toEqual([
      [g.board.name, 2],
      ['Second', 1],
      ['Third', 0],
    ]);
    expect(listed.boards[2]!.id).toBe(third.id);
  });

  it('refuses to delete a project’s last board with 400 and keeps it', async () => {
    const g = await givenBoard(t);
    const second = await addBoard(g, 'Second');
    const admin = await t.admin();
    expect((await t.as(admin.token).delete(`/api/boards/${second.id}`)).status).toBe(204);
    for (const token of [g.lead.token, admin.token]) {
      const refused = await t.as(token).delete(`/api/boards/${g.board.id}`);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ message: 'A project needs at least one board.' });
    }
    expect((await g.fetchBoard()).id).toBe(g.board.id);
    expect((await boardsOf(g)).map((b) => b.id)).toEqual([g.board.id]);
  });

  it('lets the lead and an admin add, rename and delete boards; a member gets 403 for each', async () => {
    const g = await givenBoard(t);
    const admin = await t.admin();
    const byLead = await addBoard(g, 'By the lead');
    const byAdmin = await addBoard(g, 'By an admin', admin.token);
    const create = await t.as(g.member.token).post(`/api/projects/${g.project.id}/boards`, { name: 'Mine' });
    const rename = await t.as(g.member.token).put(`/api/boards/${byLead.id}`, { name: 'Mine' });
    const remove = await t.as(g.member.token).delete(`/api/boards/${byLead.id}`);
    expect([create.status, rename.status, remove.status]).toEqual([403, 403, 403]);
    expect(await create.json()).toEqual({ message: 'Only the project lead or an administrator can add a board.' });
    expect(await rename.json()).toEqual({ message: 'Only the project lead or an administrator can change the board.' });
    expect(await remove.json()).toEqual({ message: 'Only the project lead or an administrator can change the board.' });

    expect(
      (await t.ok<BoardDto>(t.as(g.lead.token).put(`/api/boards/${byAdmin.id}`, { name: 'Renamed by lead' }))).name,
    ).toBe('Renamed by lead');
    expect(
      (await t.ok<BoardDto>(t.as(admin.token).put(`/api/boards/${byLead.id}`, { name: 'Renamed by admin' }))).name,
    ).toBe('Renamed by admin');
    expect((await boardsOf(g)).map((b) => b.name)).toEqual([g.board.name, 'Renamed by admin', 'Renamed by lead']);
    expect((await t.as(g.lead.token).delete(`/api/boards/${byAdmin.id}`)).status).toBe(204);
    expect((await t.as(admin.token).delete(`/api/boards/${byLead.id}`)).status).toBe(204);
    expect((await boardsOf(g)).map((b) => b.name)).toEqual([g.board.name]);
  });
});

describe('bad input to boards', () => {
  it('names the bad field and writes nothing', async () => {
    const g = await givenBoard(t);
    const bad = await t.as(g.lead.token).put(`/api/boards/${g.board.id}`, { name: '   ' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/^name/);
    expect((await t.as(g.lead.token).post('/api/projects/abc/boards', { name: 'x' })).status).toBe(400);
    expect((await g.fetchBoard()).version).toBe(g.board.version);
  });
});

describe('columns', () => {
  const column = async (g: GivenBoard, name: string) => (await g.fetchBoard()).columns.find((c) => c.name === name)!;

  it('are added at a position, renamed (re-mapping statuses) and reordered by the lead', async () => {
    const g = await givenBoard(t);
    const added = await t.ok<ColumnDto>(
      t.as(g.lead.token).post(`/api/boards/${g.board.id}/columns`, { name: 'Backlog', position: 0 }),
    );
    expect((await g.fetchBoard()).columns.map((c) => [c.name, c.position])).toEqual([
      ['Backlog', 0],
      ['To Do', 1],
      ['In Progress', 2],
      ['Done', 3],
    ]);
    const issue = await t.ok<{ status: string }>(
      t.as(g.member.token).post('/api/issues', { projectId: g.project.id, columnId: added.id, title: 'someday' }),
    );
    expect(issue.status).toBe('BACKLOG');
    await t.ok(t.as(g.lead.token).put(`/api/columns/${added.id}`, { name: 'Closed', position: 3 }));
    const board = await g.fetchBoard();
    expect(board.columns.map((c) => c.name)).toEqual(['To Do', 'In Progress', 'Done', 'Closed']);
    expect(issuesOf(board)[0]).toMatchObject({ title: 'someday', status: 'CLOSED' });
    expect((await t.as(g.member.token).post(`/api/boards/${g.board.id}/columns`, { name: 'Mine' })).status).toBe(403);
  });

  it('refuses to delete a column with issues unless they get a target column', async () => {
    const g = await givenBoard(t);
    await g.addIssue('Done', 'd1');
    await g.addIssue('In Progress', 'p1');
    await g.addIssue('In Progress', 'p2');
    const inProgress = await column(g, 'In Progress');
    const refused = await t.as(g.lead.token).delete(`/api/columns/${inProgress.id}`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: 'This column still has issues: choose a column to move them to.' });
    const done = await column(g, 'Done');
    expect((await t.as(g.lead.token).delete(`/api/columns/${inProgress.id}?targetColumnId=${done.id}`)).status).toBe(
      204,
    );
    const board = await g.fetchBoard();
    expect(titlesByColumn(board)).toEqual({ 'To Do': [], Done: ['d1', 'p1', 'p2'] });
    expect(board.columns.map((c) => c.position)).toEqual([0, 1]);
    expect(issuesOf(board).every((i) => i.status === 'DONE')).toBe(true);
    const empty = await column(g, 'To Do');
    expect((await t.as(g.lead.token).delete(`/api/columns/${empty.id}`)).status).toBe(204);
  });
});
