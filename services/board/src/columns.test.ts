import { messages, type BoardDto, type ColumnDto, type IssueDto, type MoveResult } from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard, issuesOf, titlesByColumn, type GivenBoard } from './testing/given-board';
import { recordEvents } from './testing/recorded-events';

// A column's WIP limit, the last column, who arranges columns, and the status rule
// (an issue's status follows its column's name; a name that maps to none keeps the
// issue's last mapped status).

let t: TestPlatform;
let events: ReturnType<typeof recordEvents>;
beforeAll(async () => {
  t = await createTestPlatform();
  events = recordEvents(t);
});
afterAll(() => t.close());

const columnOf = async (g: GivenBoard, name: string) => (await g.fetchBoard()).columns.find((c) => c.name === name)!;
const statusesOf = (board: BoardDto) => Object.fromEntries(issuesOf(board).map((i) => [i.title, i.status]));
const put = (g: GivenBoard, columnId: string, body: unknown, token = g.lead.token) =>
  t.as(token).put(`/api/columns/${columnId}`, body);

describe('a column’s WIP limit', () => {
  it('is none (null) until set, then in the answer, in the board fetch and in board_updated as a column change', async () => {
    const g = await givenBoard(t);
    expect(g.board.columns.map((c) => c.wipLimit)).toEqual([null, null, null]);
    const inProgress = g.column('In Progress');

    const res = await put(g, inProgress.id, { wipLimit: 3 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: inProgress.id,
      name: 'In Progress',
      position: 1,
      wipLimit: 3,
      issues: [],
    } satisfies ColumnDto);
    const board = await g.fetchBoard();
    expect(board.columns.map((c) => [c.name, c.wipLimit])).toEqual([
      ['To Do', null],
      ['In Progress', 3],
      ['Done', null],
    ]);
    expect(board.version).toBe(g.board.version + 1);
    expect(events.of(g.board.id).at(-1)).toMatchObject({ version: board.version, columnsChanged: true });
  });

  it('is cleared with null, and left as it is by a rename or a move', async () => {
    const g = await givenBoard(t);
    const done = g.column('Done');
    await t.ok(put(g, done.id, { wipLimit: 2 }));
    await t.ok(put(g, done.id, { name: 'Shipped', position: 0 }));
    expect((await columnOf(g, 'Shipped')).wipLimit).toBe(2);
    const cleared = await t.ok<ColumnDto>(put(g, done.id, { wipLimit: null }));
    expect(cleared).toMatchObject({ name: 'Shipped', position: 0, wipLimit: null });
    expect((await columnOf(g, 'Shipped')).wipLimit).toBeNull();
  });

  it('may be given to a new column', async () => {
    const g = await givenBoard(t);
    const created = await t.ok<ColumnDto>(
      t.as(g.lead.token).post(`/api/boards/${g.board.id}/columns`, { name: 'Review', wipLimit: 2 }),
    );
    expect(created).toMatchObject({ name: 'Review', position: 3, wipLimit: 2 });
    expect((await columnOf(g, 'Review')).wipLimit).toBe(2);
  });

  it('does not stop cards from coming in: a full column takes more (the board warns)', async () => {
    const g = await givenBoard(t);
    await t.ok(put(g, g.column('Done').id, { wipLimit: 1 }));
    await g.addIssue('Done', 'one');
    const two = await g.addIssue('To Do', 'two');
    const moved = await t.as(g.member.token).put(`/api/issues/${two.id}/position`, {
      sourceColumnId: g.column('To Do').id,
      destinationColumnId: g.column('Done').id,
      position: 1,
      boardId: g.board.id,
    });
    expect(moved.status).toBe(200);
    expect(titlesByColumn(await g.fetchBoard()).Done).toEqual(['one', 'two']);
  });

  it.each([
    [0, 'wipLimit: must be at least 1'],
    [-2, 'wipLimit: must be at least 1'],
    [1000, 'wipLimit: must be at most 999'],
    [2.5, 'wipLimit: must be a whole number'],
    ['3', 'wipLimit: must be a whole number or null'],
    [true, 'wipLimit: must be a whole number or null'],
  ])('refuses %p with a 400 naming the field, changing nothing', async (wipLimit, message) => {
    const g = await givenBoard(t);
    const res = await put(g, g.column('Done').id, { wipLimit });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
    const board = await g.fetchBoard();
    expect(board.version).toBe(g.board.version);
    expect(board.columns.every((c) => c.wipLimit === null)).toBe(true);
  });

  it('refuses a change that changes nothing, and a new column with a bad limit', async () => {
    const g = await givenBoard(t);
    const empty = await put(g, g.column('Done').id, {});
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ message: messages.noChanges });
    const bad = await t.as(g.lead.token).post(`/api/boards/${g.board.id}/columns`, { name: 'Review', wipLimit: 0 });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('wipLimit: must be at least 1');
  });
});

describe('who arranges the columns', () => {
  it('the project lead and an admin; a member gets 403 and someone outside the project 404', async () => {
    const g = await givenBoard(t);
    const done = g.column('Done');
    const refused = await put(g, done.id, { wipLimit: 2 }, g.member.token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      message: 'Only the project lead or an administrator can change the board.',
    });
    expect((await put(g, done.id, { wipLimit: 2 }, g.outsider.token)).status).toBe(404);
    expect((await t.as(g.member.token).delete(`/api/columns/${done.id}`)).status).toBe(403);
    expect((await t.as(g.member.token).post(`/api/boards/${g.board.id}/columns`, { name: 'Mine' })).status).toBe(403);
    expect((await g.fetchBoard()).columns.map((c) => c.wipLimit)).toEqual([null, null, null]);

    const admin = await t.admin();
    expect(await t.ok<ColumnDto>(put(g, done.id, { wipLimit: 4 }, admin.token))).toMatchObject({ wipLimit: 4 });
    expect(await t.ok<ColumnDto>(put(g, done.id, { wipLimit: 5 }))).toMatchObject({ wipLimit: 5 });
  });
});

describe('the last column', () => {
  it('cannot be deleted: 400 with a message, and the column stays', async () => {
    const g = await givenBoard(t);
    for (const name of ['In Progress', 'Done'])
      expect((await t.as(g.lead.token).delete(`/api/columns/${g.column(name).id}`)).status).toBe(204);
    const last = g.column('To Do');
    const refused = await t.as(g.lead.token).delete(`/api/columns/${last.id}`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: "A board's last column can't be deleted." });
    const board = await g.fetchBoard();
    expect(board.columns.map((c) => [c.name, c.position])).toEqual([['To Do', 0]]);
    expect(board.version).toBe(g.board.version + 2);
  });
});

describe("an issue's status and its column's name", () => {
  /** Ada's board with an issue in each column: statuses TODO, IN_PROGRESS, DONE. */
  async function boardWithIssues() {
    const g = await givenBoard(t);
    await g.addIssue('To Do', 'planned');
    await g.addIssue('In Progress', 'started');
    await g.addIssue('Done', 'finished');
    return g;
  }

  it('a rename to a mapped name sets it (any case, outer spaces aside); to another name the issues keep theirs', async () => {
    const g = await boardWithIssues();
    const inProgress = g.column('In Progress');
    await t.ok(put(g, inProgress.id, { name: 'Doing' }));
    expect(statusesOf(await g.fetchBoard())).toMatchObject({ started: 'IN_PROGRESS' });
    await t.ok(put(g, inProgress.id, { name: '  closed ' }));
    expect(statusesOf(await g.fetchBoard())).toMatchObject({ started: 'CLOSED' });
    await t.ok(put(g, inProgress.id, { name: 'Waiting on QA' }));
    expect(statusesOf(await g.fetchBoard())).toEqual({ planned: 'TODO', started: 'CLOSED', finished: 'DONE' });
    await t.ok(put(g, inProgress.id, { name: 'todo' }));
    expect(statusesOf(await g.fetchBoard())).toMatchObject({ started: 'TODO' });
  });

  it('a move or a WIP limit leaves statuses alone', async () => {
    const g = await boardWithIssues();
    await t.ok(put(g, g.column('Done').id, { position: 0, wipLimit: 1 }));
    expect(statusesOf(await g.fetchBoard())).toEqual({ planned: 'TODO', started: 'IN_PROGRESS', finished: 'DONE' });
  });

  it('issues sent on by a delete take the target’s mapped status, or keep theirs when its name maps to none', async () => {
    const g = await boardWithIssues();
    const qa = await t.ok<ColumnDto>(t.as(g.lead.token).post(`/api/boards/${g.board.id}/columns`, { name: 'QA' }));
    // In Progress into QA: 'started' stays IN_PROGRESS.
    const sent = await t.as(g.lead.token).delete(`/api/columns/${g.column('In Progress').id}?targetColumnId=${qa.id}`);
    expect(sent.status).toBe(204);
    let board = await g.fetchBoard();
    expect(titlesByColumn(board)).toEqual({ 'To Do': ['planned'], Done: ['finished'], QA: ['started'] });
    expect(statusesOf(board)).toEqual({ planned: 'TODO', started: 'IN_PROGRESS', finished: 'DONE' });
    // QA into Done: 'started' becomes DONE.
    expect(
      (await t.as(g.lead.token).delete(`/api/columns/${qa.id}?targetColumnId=${g.column('Done').id}`)).status,
    ).toBe(204);
    board = await g.fetchBoard();
    expect(titlesByColumn(board)).toEqual({ 'To Do': ['planned'], Done: ['finished', 'started'] });
    expect(statusesOf(board)).toEqual({ planned: 'TODO', started: 'DONE', finished: 'DONE' });
  });

  it('a card moved, or sent by the dialog, into a column whose name maps to none keeps its status; out of it, takes the mapped one', async () => {
    const g = await boardWithIssues();
    const qa = await t.ok<ColumnDto>(t.as(g.lead.token).post(`/api/boards/${g.board.id}/columns`, { name: 'QA' }));
    const started = (await g.fetchBoard()).columns.flatMap((c) => c.issues).find((i) => i.title === 'started')!;
    const moved = await t.ok<MoveResult>(
      t.as(g.member.token).put(`/api/issues/${started.id}/position`, {
        sourceColumnId: g.column('In Progress').id,
        destinationColumnId: qa.id,
        position: 0,
        boardId: g.board.id,
      }),
    );
    expect(moved.issues[0]).toMatchObject({ columnId: qa.id, status: 'IN_PROGRESS' });
    const finished = (await g.fetchBoard()).columns.flatMap((c) => c.issues).find((i) => i.title === 'finished')!;
    const sent = await t.ok<IssueDto>(t.as(g.member.token).patch(`/api/issues/${finished.id}`, { columnId: qa.id }));
    expect(sent).toMatchObject({ columnId: qa.id, status: 'DONE' });
    await t.ok(
      t.as(g.member.token).put(`/api/issues/${started.id}/position`, {
        sourceColumnId: qa.id,
        destinationColumnId: g.column('Done').id,
        position: 0,
        boardId: g.board.id,
      }),
    );
    expect(statusesOf(await g.fetchBoard())).toEqual({ planned: 'TODO', started: 'DONE', finished: 'DONE' });
  });

  it('a new issue in a column whose name maps to none is TODO (it has no status yet)', async () => {
    const g = await givenBoard(t);
    const qa = await t.ok<ColumnDto>(t.as(g.lead.token).post(`/api/boards/${g.board.id}/columns`, { name: 'QA' }));
    const created = await t.ok<IssueDto>(
      t.as(g.member.token).post('/api/issues', { projectId: g.project.id, columnId: qa.id, title: 'new' }),
    );
    expect(created.status).toBe('TODO');
  });
});
