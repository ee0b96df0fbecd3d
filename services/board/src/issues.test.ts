import type { BoardUpdatedEvent, IssueDto, IssueWriteResult, MoveResult } from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard, issuesOf, titlesByColumn } from './testing/given-board';

let t: TestPlatform;
let events: BoardUpdatedEvent[];

beforeAll(async () => {
  t = await createTestPlatform();
  events = [];
  jest.spyOn(t.platform.realtime, 'emitBoardUpdated').mockImplementation((e) => void events.push(e));
});
afterAll(() => t.close());

describe('creating issues', () => {
  it('takes the spec’s payload, maps the status from the column and makes the caller the reporter', async () => {
    const g = await givenBoard(t);
    const res = await t.as(g.member.token).post('/api/issues', {
      projectId: g.project.id,
      columnId: g.column('In Progress').id,
      title: '  Fix login  ',
      description: 'It breaks',
      reporterId: g.member.user.id,
      status: 'DONE',
      position: 0,
      type: 'TASK',
      priority: 'MEDIUM',
      owner: { connect: { id: g.member.user.id } },
    });
    expect(res.status).toBe(201);
    const issue: IssueDto = await res.json();
    expect(issue).toMatchObject({
      title: 'Fix login',
      description: 'It breaks',
      status: 'IN_PROGRESS',
      columnId: g.column('In Progress').id,
      position: 0,
      reporterId: g.member.user.id,
      // The spec's connect-by-id assigns the member; owner is their name.
      assigneeId: g.member.user.id,
      owner: 'Max Member',
      type: 'TASK',
      priority: 'MEDIUM',
      links: [],
      version: 0,
      comments: [],
    });
  });

  it('answers the issue with the board version it made, so a client can apply it like a realtime delta', async () => {
    const g = await givenBoard(t);
    const before = (await g.fetchBoard()).version;
    const created = await t.ok<IssueWriteResult>(
      t.as(g.member.token).post('/api/issues', { projectId: g.project.id, columnId: g.column('To Do').id, title: 'v' }),
    );
    expect(created).toMatchObject({ title: 'v', position: 0, boardVersion: before + 1, rebalanced: [] });
    const edited = await t.ok<IssueWriteResult>(
      t.as(g.member.token).patch(`/api/issues/${created.id}`, { title: 'w' }),
    );
    expect(edited).toMatchObject({ id: created.id, title: 'w', boardVersion: before + 2, rebalanced: [] });
    expect(events.at(-1)).toMatchObject({ version: before + 2, issues: [expect.objectContaining({ title: 'w' })] });
  });

  it('inserts at the requested position and appends by default', async () => {
    const g = await givenBoard(t);
    await g.addIssue('To Do', 'first');
    await g.addIssue('To Do', 'second');
    await t.ok(
      t
        .as(g.member.token)
        .post('/api/issues', { projectId: g.project.id, columnId: g.column('To Do').id, title: 'zeroth', position: 0 }),
    );
    await t.ok(
      t
        .as(g.member.token)
        .post('/api/issues', { projectId: g.project.id, columnId: g.column('To Do').id, title: 'far', position: 99 }),
    );
    const board = await g.fetchBoard();
    expect(titlesByColumn(board)['To Do']).toEqual(['zeroth', 'first', 'second', 'far']);
    expect(board.columns[0]!.issues.map((i) => i.position)).toEqual([0, 1, 2, 3]);
  });

  it('refuses a column of another project, and a blank title', async () => {
    const g = await givenBoard(t);
    const other = await givenBoard(t);
    const foreign = await t
      .as(g.member.token)
      .post('/api/issues', { projectId: g.project.id, columnId: other.column('To Do').id, title: 'x' });
    expect(foreign.status).toBe(404);
    const mismatch = await t
      .as(g.lead.token)
      .post('/api/issues', { projectId: other.project.id, columnId: g.column('To Do').id, title: 'x' });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toEqual({ message: 'The column belongs to another project.' });
    const blank = await t
      .as(g.member.token)
      .post('/api/issues', { projectId: g.project.id, columnId: g.column('To Do').id, title: '   ' });
    expect(blank.status).toBe(400);
    expect((await blank.json()).message).toMatch(/^title: /);
  });
});

describe('the board fetch', () => {
  it('holds the columns in order, each with its issues and their positions, the team and the lead', async () => {
    const g = await givenBoard(t);
    await g.addIssue('To Do', 'a');
    await g.addIssue('Done', 'b');
    const board = await g.fetchBoard();
    expect(board).toMatchObject({
      name: `Board ${g.key} Board`,
      projectKey: g.key,
      leadId: g.lead.user.id,
      projectId: g.project.id,
    });
    expect(titlesByColumn(board)).toEqual({ 'To Do': ['a'], 'In Progress': [], Done: ['b'] });
    expect(
      issuesOf(board)
        .map((i) => i.title)
        .sort(),
    ).toEqual(['a', 'b']);
    expect(board.users.map((u) => u.name)).toEqual(['Lea Lead', 'Max Member']);
  });

  it('holds each issue once, under its column', async () => {
    const g = await givenBoard(t);
    const issues = [await g.addIssue('To Do', 'a'), await g.addIssue('To Do', 'b'), await g.addIssue('Done', 'c')];
    const text = await (await t.as(g.member.token).get(`/api/boards/${g.board.id}`)).text();
    const board = JSON.parse(text);
    expect(Object.keys(board).sort()).toEqual([
      'columns',
      'estimateScale',
      'id',
      'labels',
      'leadId',
      'name',
      'projectId',
      'projectKey',
      'users',
      'version',
      'viewerIds',
      'viewersMayComment',
    ]);
    for (const issue of issues) expect(text.split(`"title":"${issue.title}"`)).toHaveLength(2);
    // Each exactly as GET /issues/:id answers it (the fetch works positions out in one pass).
    for (const issue of issuesOf(board))
      expect(issue).toEqual(await t.ok<IssueDto>(t.as(g.member.token).get(`/api/issues/${issue.id}`)));
  });
});

describe('editing issues', () => {
  it('changes fields, keeps links as a list of non-blank lines and counts the version', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'Edit me');
    const updated = await t.ok<IssueDto>(
      t.as(g.member.token).patch(`/api/issues/${issue.id}`, {
        title: 'Edited',
        owner: 'max member',
        relatedCode: 'const x = 1;',
        links: 'https://example.com\n\n  example.org  \n',
        instructions: 'Every Monday',
        version: 0,
      }),
    );
    expect(updated).toMatchObject({
      title: 'Edited',
      assigneeId: g.member.user.id,
      owner: 'Max Member',
      relatedCode: 'const x = 1;',
      links: ['https://example.com', 'example.org'],
      instructions: 'Every Monday',
      version: 1,
    });
    const { boardVersion: _version, rebalanced: _rebalanced, ...issueFields } = updated as IssueWriteResult;
    expect(await t.ok(t.as(g.member.token).get(`/api/issues/${issue.id}`))).toEqual(issueFields);
  });

  it('moves the issue to the end of a new column and maps its status', async () => {
    const g = await givenBoard(t);
    await g.addIssue('Done', 'already done');
    const issue = await g.addIssue('To Do', 'finish');
    const updated = await t.ok<IssueDto>(
      t.as(g.member.token).patch(`/api/issues/${issue.id}`, { columnId: g.column('Done').id, status: 'TODO' }),
    );
    expect(updated).toMatchObject({ columnId: g.column('Done').id, status: 'DONE', position: 1 });
  });

  it('answers a stale edit with 409 and the current issue, and writes nothing', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'Contested');
    await t.ok(t.as(g.lead.token).patch(`/api/issues/${issue.id}`, { title: 'Lead wins', version: 0 }));
    const stale = await t.as(g.member.token).patch(`/api/issues/${issue.id}`, { title: 'Member loses', version: 0 });
    expect(stale.status).toBe(409);
    const body = await stale.json();
    expect(body.message).toBe('This issue was changed by someone else. The latest version is shown.');
    expect(body.issue).toMatchObject({ id: issue.id, title: 'Lead wins', version: 1 });
    expect((await t.ok<IssueDto>(t.as(g.member.token).get(`/api/issues/${issue.id}`))).title).toBe('Lead wins');
  });

  it('refuses an empty change and unknown fields', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'Stay');
    const empty = await t.as(g.member.token).patch(`/api/issues/${issue.id}`, { version: 0 });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ message: 'No changes provided for update.' });
    expect((await t.as(g.member.token).patch(`/api/issues/${issue.id}`, { boardId: '9' })).status).toBe(400);
  });
});

describe('deleting issues', () => {
  it('is for the project lead and admins', async () => {
    const g = await givenBoard(t);
    const [one, two] = [await g.addIssue('To Do', 'one'), await g.addIssue('To Do', 'two')];
    const refused = await t.as(g.member.token).delete(`/api/issues/${one.id}`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: 'Only an administrator or the project lead can delete an issue.' });
    expect((await t.as(g.lead.token).delete(`/api/issues/${one.id}`)).status).toBe(204);
    expect((await t.as((await t.admin()).token).delete(`/api/issues/${two.id}`)).status).toBe(204);
    expect((await t.as(g.lead.token).get(`/api/issues/${one.id}`)).status).toBe(404);
    expect(events.at(-1)).toMatchObject({ boardId: g.board.id, issues: [], removedIssueIds: [two.id] });
  });
});

describe('moving issues', () => {
  it('places the issue at the position, maps its status and answers only the moved issue, with the version', async () => {
    const g = await givenBoard(t);
    const a = await g.addIssue('To Do', 'a');
    await g.addIssue('Done', 'x');
    await g.addIssue('Done', 'y');
    const before = (await g.fetchBoard()).version;
    const res = await t.as(g.member.token).put(`/api/issues/${a.id}/position`, {
      sourceColumnId: g.column('To Do').id,
      destinationColumnId: g.column('Done').id,
      position: 1,
      boardId: g.board.id,
    });
    expect(res.status).toBe(200);
    const result: MoveResult = await res.json();
    expect(result.version).toBe(before + 1);
    expect(Object.keys(result).sort()).toEqual(['issues', 'version']);
    expect(result.issues).toEqual([
      expect.objectContaining({ id: a.id, columnId: g.column('Done').id, status: 'DONE', position: 1 }),
    ]);
    expect(result.issues[0]).toEqual(await t.ok<IssueDto>(t.as(g.member.token).get(`/api/issues/${a.id}`)));
    expect(titlesByColumn(await g.fetchBoard())).toEqual({ 'To Do': [], 'In Progress': [], Done: ['x', 'a', 'y'] });
  });

  it('tells the board room only the moved issue, with the new version and the mover’s origin', async () => {
    const g = await givenBoard(t);
    const a = await g.addIssue('To Do', 'a');
    await g.addIssue('To Do', 'b');
    events.length = 0;
    const res = await t.platform.apps.board.request(`/api/issues/${a.id}/position`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${g.member.token}`,
        'x-origin-id': 'tab-42',
      },
      body: JSON.stringify({
        sourceColumnId: g.column('To Do').id,
        destinationColumnId: g.column('To Do').id,
        position: 1,
        boardId: g.board.id,
      }),
    });
    const { version } = await res.json();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ boardId: g.board.id, version, complete: false, originId: 'tab-42' });
    expect(events[0]!.issues).toEqual([expect.objectContaining({ id: a.id, position: 1 })]);
  });

  it('spreads a column’s keys out again when they grow long', async () => {
    const g = await givenBoard(t);
    const a = await g.addIssue('To Do', 'a');
    const b = await g.addIssue('To Do', 'b');
    const c = await g.addIssue('To Do', 'c');
    // Keep putting an issue between the same two: keys grow until the column is rebalanced.
    let longest = 0;
    for (let i = 0; i < 120; i++) {
      const mover = i % 2 ? b : c;
      const result = await t.ok<MoveResult>(
        t.as(g.member.token).put(`/api/issues/${mover.id}/position`, {
          sourceColumnId: g.column('To Do').id,
          destinationColumnId: g.column('To Do').id,
          position: 1,
          boardId: g.board.id,
        }),
      );
      longest = Math.max(longest, ...result.issues.map((x) => x.rank.length));
    }
    const board = await g.fetchBoard();
    expect(longest).toBeLessThanOrEqual(41);
    expect(board.columns[0]!.issues.map((i) => i.id)[0]).toBe(a.id);
    expect(board.columns[0]!.issues.map((i) => i.position)).toEqual([0, 1, 2]);
  });

  it('refuses a column of another board', async () => {
    const g = await givenBoard(t);
    const other = await givenBoard(t);
    const a = await g.addIssue('To Do', 'a');
    const res = await t.as((await t.admin()).token).put(`/api/issues/${a.id}/position`, {
      sourceColumnId: g.column('To Do').id,
      destinationColumnId: other.column('Done').id,
      position: 0,
      boardId: g.board.id,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'The column belongs to another board.' });
  });
});
