import { socketManager } from '@trackboard/web-kit';
import { answer, heldAnswer } from '@trackboard/web-kit/testing';
import { ada, board, columnTitles, issue, signInAs } from '../../testing/board-fixtures';
import { loaded, store } from '../../testing/board-store-harness';

jest.mock('socket.io-client', () => ({
  io: jest.fn(() => ({ on() {}, removeAllListeners() {}, disconnect() {}, connected: false })),
}));

beforeEach(() => {
  signInAs(ada);
});

describe('moving an issue', () => {
  it('moves at once: positions renumbered in both columns, status from the new column', async () => {
    const held = heldAnswer();
    const server = await loaded({ 'PUT /api/issues/1/position': held.route });
    const moving = store().moveIssue({ issueId: '1', sourceColumnId: '10', destinationColumnId: '11', newPosition: 1 });
    expect(columnTitles()).toEqual([['Draw the board'], ['Build the API', 'Write the spec'], []]);
    const moved = store().issues.find((i) => i.id === '1')!;
    expect(moved).toMatchObject({ columnId: '11', position: 1, status: 'IN_PROGRESS' });
    expect(store().issues.find((i) => i.id === '2')!.position).toBe(0);
    const call = server.callsTo('PUT /api/issues/1/position')[0]!;
    expect(call.body).toEqual({ sourceColumnId: '10', destinationColumnId: '11', position: 1, boardId: '1' });
    expect(call.headers['x-origin-id']).toBe(socketManager.originId);
    // The answer holds only what the move changed; the server's copy is authoritative.
    held.release(answer(200, { issues: [issue({ id: '1', columnId: '10', position: 0, version: 2 })], version: 6 }));
    await moving;
    expect(columnTitles()).toEqual([['Issue 1', 'Draw the board'], ['Build the API'], []]);
    expect(store().version).toBe(6);
    expect(server.callsTo('GET /api/boards/1')).toHaveLength(1);
  });

  it('reorders within a column without touching the status', async () => {
    await loaded({ 'PUT /api/issues/2/position': heldAnswer().route });
    void store().moveIssue({ issueId: '2', sourceColumnId: '10', destinationColumnId: '10', newPosition: 0 });
    expect(columnTitles()[0]).toEqual(['Draw the board', 'Write the spec']);
    expect(store().issues.find((i) => i.id === '2')).toMatchObject({ position: 0, status: 'TODO' });
  });

  it('maps the status case-insensitively from the column name', async () => {
    const data = board();
    data.columns[2]!.name = 'done';
    await loaded({ 'PUT /api/issues/3/position': heldAnswer().route }, data);
    void store().moveIssue({ issueId: '3', sourceColumnId: '11', destinationColumnId: '12', newPosition: 0 });
    expect(store().issues.find((i) => i.id === '3')!.status).toBe('DONE');
  });

  it('ignores a drop on the same place', async () => {
    const server = await loaded();
    await store().moveIssue({ issueId: '1', sourceColumnId: '10', destinationColumnId: '10', newPosition: 0 });
    expect(server.callsTo('PUT /api/issues/1/position')).toHaveLength(0);
  });

  it('reverts by refetching the board when the move fails, and keeps the error', async () => {
    const server = await loaded({
      'PUT /api/issues/1/position': answer(409, { message: 'The issue is not in the source column.' }),
    });
    await store().moveIssue({ issueId: '1', sourceColumnId: '10', destinationColumnId: '12', newPosition: 0 });
    await new Promise((r) => setTimeout(r, 0));
    expect(server.callsTo('GET /api/boards/1')).toHaveLength(2);
    expect(columnTitles()).toEqual([['Write the spec', 'Draw the board'], ['Build the API'], []]);
    expect(store().error).toBe('The issue is not in the source column.');
  });

  it('needs a string issue id and a board', async () => {
    await store().moveIssue({ issueId: '1', sourceColumnId: '10', destinationColumnId: '12', newPosition: 0 });
    expect(store().error).toBe('Board ID is missing for moveIssue operation.');
    await loaded();
    await store().moveIssue({ issueId: '', sourceColumnId: '10', destinationColumnId: '12', newPosition: 0 });
    expect(store().error).toBe('Invalid issueId: ');
  });
});

describe('adding an issue', () => {
  it('sends the spec payload and appends the answer', async () => {
    const created = issue({
      id: '20',
      columnId: '11',
      position: 1,
      title: 'Ship it',
      status: 'IN_PROGRESS',
      rank: 'a5',
    });
    const server = await loaded({ 'POST /api/issues': answer(201, created) });
    await expect(store().addIssue({ columnId: '11', title: '  Ship it ', description: ' soon ' })).resolves.toBe(true);
    const call = server.callsTo('POST /api/issues')[0]!;
    expect(call.body).toEqual({
      projectId: '3',
      columnId: '11',
      title: 'Ship it',
      description: 'soon',
      reporterId: '7',
      status: 'IN_PROGRESS',
      position: 1,
      type: 'TASK',
      priority: 'MEDIUM',
      owner: { connect: { id: '7' } },
    });
    expect(call.headers['x-origin-id']).toBe(socketManager.originId);
    expect(columnTitles()[1]).toEqual(['Build the API', 'Ship it']);
  });

  it('silently cancels an empty title', async () => {
    const server = await loaded();
    await expect(store().addIssue({ columnId: '11', title: '   ' })).resolves.toBe(false);
    expect(server.callsTo('POST /api/issues')).toHaveLength(0);
    expect(store().error).toBeNull();
  });

  it.each([
    ['no signed-in user', () => signInAs(null), '11', 'Cannot add issue: Current user not found or missing ID.'],
    ['an unknown column', () => {}, '77', 'Cannot add issue: Target column with ID 77 not found.'],
  ])('refuses with %s', async (_name, arrange, columnId, message) => {
    const server = await loaded();
    arrange();
    await store().addIssue({ columnId, title: 'Ship it' });
    expect(store().error).toBe(message);
    expect(server.callsTo('POST /api/issues')).toHaveLength(0);
  });

  it('needs a board with a project id', async () => {
    await store().addIssue({ columnId: '11', title: 'Ship it' });
    expect(store().error).toBe('Cannot add issue: Project ID not found in state.');
  });

  it('reports an incomplete answer', async () => {
    await loaded({ 'POST /api/issues': answer(201, { title: 'Ship it' }) });
    await store().addIssue({ columnId: '11', title: 'Ship it' });
    expect(store().error).toBe('Issue added but response from server was incomplete.');
  });

  it('reports a failure with the server message', async () => {
    await loaded({ 'POST /api/issues': answer(400, { message: 'title is too long' }) });
    await store().addIssue({ columnId: '11', title: 'Ship it' });
    expect(store().error).toBe('title is too long');
  });
});
