import { socketManager } from '@trackboard/web-kit';
import { answer, fakeApi } from '@trackboard/web-kit/testing';
import { ada, columnTitles, comment, issue, signInAs } from '../../testing/board-fixtures';
import { event, loaded, store } from '../../testing/board-store-harness';

jest.mock('socket.io-client', () => ({
  io: jest.fn(() => ({ on() {}, removeAllListeners() {}, disconnect() {}, connected: false })),
}));

beforeEach(() => {
  signInAs(ada);
});

describe('loading a board', () => {
  it('builds the columns from the issue list, in order', async () => {
    await loaded();
    expect(store()).toMatchObject({
      loading: false,
      error: null,
      version: 5,
      board: { id: '1', name: 'Web board', leadId: '7' },
    });
    expect(columnTitles()).toEqual([['Write the spec', 'Draw the board'], ['Build the API'], []]);
  });

  it('a failed first fetch leaves no board and stores the server message', async () => {
    fakeApi({ 'GET /api/boards/1': answer(500, { message: 'Database unavailable' }) });
    await store().fetchBoard('1');
    expect(store()).toMatchObject({ board: null, columns: [], issues: [], users: [], error: 'Database unavailable' });
  });

  it('a refetch the server fails keeps the board shown under the error', async () => {
    await loaded();
    fakeApi({ 'GET /api/boards/1': answer(500, { message: 'Database unavailable' }) });
    await store().fetchBoard('1', { keepError: true });
    expect(store()).toMatchObject({ board: { id: '1' }, loading: false, error: 'Database unavailable' });
    expect(columnTitles()).toEqual([['Write the spec', 'Draw the board'], ['Build the API'], []]);
  });

  it('a refetch answering 404 (the board was deleted) leaves "Board Not Found"', async () => {
    await loaded();
    fakeApi({ 'GET /api/boards/1': answer(404, { message: 'Board not found' }) });
    await store().fetchBoard('1', { keepError: true });
    expect(store()).toMatchObject({ board: null, error: null, loading: false });
  });

  it('falls back to "Failed to fetch board" when the server says nothing', async () => {
    fakeApi({ 'GET /api/boards/1': answer(502) });
    await store().fetchBoard('1');
    expect(store().error).toBe('Failed to fetch board');
  });

  it('a board that is not found (or not shared) leaves no board and no error', async () => {
    fakeApi({ 'GET /api/boards/9': answer(404, { message: 'Board not found' }) });
    await store().fetchBoard('9');
    expect(store()).toMatchObject({ board: null, error: null, loading: false });
  });
});

describe('realtime updates (blueprint §4)', () => {
  it('upserts changed issues, drops removed ones and re-sorts by rank', async () => {
    await loaded();
    store().receiveBoardUpdate(
      event({
        version: 6,
        issues: [
          issue({ id: '3', columnId: '10', position: 0, rank: 'a0V', title: 'Build the API', status: 'TODO' }),
          issue({ id: '9', columnId: '12', position: 0, title: 'New one' }),
        ],
        removedIssueIds: ['2'],
      }),
    );
    expect(columnTitles()).toEqual([['Write the spec', 'Build the API'], [], ['New one']]);
    expect(store().issues.find((i) => i.id === '3')!.position).toBe(1);
    expect(store().version).toBe(6);
  });

  it('replaces everything on a complete event', async () => {
    await loaded();
    store().receiveBoardUpdate(
      event({
        version: 9,
        complete: true,
        issues: [issue({ id: '5', columnId: '12', position: 0, title: 'Only one' })],
      }),
    );
    expect(columnTitles()).toEqual([[], [], ['Only one']]);
    expect(store().version).toBe(9);
  });

  it('ignores its own echo but takes its version', async () => {
    await loaded();
    store().receiveBoardUpdate(
      event({
        version: 6,
        originId: socketManager.originId,
        issues: [issue({ id: '9', columnId: '12', position: 0 })],
      }),
    );
    expect(store().issues).toHaveLength(3);
    expect(store().version).toBe(6);
  });

  it('ignores events of other boards and events already seen', async () => {
    await loaded();
    store().receiveBoardUpdate(event({ boardId: '2', issues: [issue({ id: '9', columnId: '12', position: 0 })] }));
    store().receiveBoardUpdate(event({ version: 5, issues: [issue({ id: '9', columnId: '12', position: 0 })] }));
    expect(store().issues).toHaveLength(3);
  });

  it.each([
    ['a version gap', event({ version: 7, issues: [issue({ id: '9', columnId: '12', position: 0 })] })],
    ['a column change', event({ version: 6, columnsChanged: true })],
  ])('refetches the board on %s', async (_name, update) => {
    const server = await loaded();
    store().receiveBoardUpdate(update);
    await new Promise((r) => setTimeout(r, 0));
    expect(server.callsTo('GET /api/boards/1')).toHaveLength(2);
    expect(store().issues).toHaveLength(3);
  });

  it('keeps the selected issue in step with its comments, and clears it when the issue is gone', async () => {
    await loaded({
      'GET /api/issues/1': answer(200, issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec' })),
      'GET /api/issues/1/comments': answer(200, [comment({ id: '50' })]),
    });
    await store().selectIssue('1');
    await new Promise((r) => setTimeout(r, 0));
    store().receiveBoardUpdate(
      event({ version: 6, issues: [issue({ id: '1', columnId: '10', position: 0, title: 'Renamed' })] }),
    );
    expect(store().selectedIssue!.title).toBe('Renamed');
    expect(store().comments.map((c) => c.id)).toEqual(['50']);
    store().receiveBoardUpdate(event({ version: 7, removedIssueIds: ['1'] }));
    expect(store()).toMatchObject({ selectedIssueId: null, selectedIssue: null });
  });
});
