import { answer, heldAnswer } from '@trackboard/web-kit/testing';
import { waitFor } from '@testing-library/react';
import { ada, board, columnTitles, issue, signInAs } from '../../testing/board-fixtures';
import { loaded, store } from '../../testing/board-store-harness';
import { useBoardStore } from './board-store';
import { noAnswer } from '../../testing/network';

// Changes that get no answer (offline) mark the store offline instead of showing
// "Failed to fetch" in the error box. A card move is kept (the card stays where it was dropped)
// and sent once the server answers again; other changes leave the board as the server had it.

const waitUntil = (condition: () => boolean) => waitFor(() => expect(condition()).toBe(true));

jest.mock('socket.io-client', () => ({
  io: jest.fn(() => ({ on() {}, removeAllListeners() {}, disconnect() {}, connected: false })),
}));

beforeEach(() => {
  signInAs(ada);
});

const asLoaded = [['Write the spec', 'Draw the board'], ['Build the API'], []];
const moveOne = (destinationColumnId: string, newPosition: number, sourceColumnId = '10') =>
  store().moveIssue({ issueId: '1', sourceColumnId, destinationColumnId, newPosition });

/** Board 1 as the server has it after "Write the spec" went to the top of In Progress. */
const movedAnswer = (version = 6) =>
  answer(200, {
    issues: [issue({ id: '1', columnId: '11', position: 0, rank: 'a0', status: 'IN_PROGRESS', version: 2 })],
    version,
  });
/** The bodies of the moves sent, in order: [issue, destination column, position]. */
const sentMoves = (server: Awaited<ReturnType<typeof loaded>>) =>
  server.calls
    .filter((call) => call.method === 'PUT' && call.path.endsWith('/position'))
    .map((call) => {
      const body = call.body as { destinationColumnId: string; position: number };
      return [call.path.split('/')[3], body.destinationColumnId, body.position];
    });

describe('a move that gets no answer (kept for later, not refused)', () => {
  it('stays where it was dropped, marks the board offline and keeps the move', async () => {
    const server = await loaded({ 'PUT /api/issues/1/position': noAnswer });
    await moveOne('11', 0);
    expect(columnTitles()).toEqual([['Draw the board'], ['Write the spec', 'Build the API'], []]);
    expect(store()).toMatchObject({ offline: true, error: null, board: { id: '1' } });
    expect(store().queuedMoves).toMatchObject([
      { issueId: '1', title: 'Write the spec', to: { columnId: '11', position: 0 } },
    ]);
    expect(server.callsTo('GET /api/boards/1')).toHaveLength(1);
  });

  it('made while offline, is not even tried: kept behind the others', async () => {
    const server = await loaded({ 'PUT /api/issues/1/position': noAnswer });
    await moveOne('11', 0);
    await store().moveIssue({ issueId: '2', sourceColumnId: '10', destinationColumnId: '12', newPosition: 0 });
    expect(columnTitles()).toEqual([[], ['Write the spec', 'Build the API'], ['Draw the board']]);
    expect(sentMoves(server)).toEqual([['1', '11', 0]]);
    expect(store().queuedMoves.map((move) => move.issueId)).toEqual(['1', '2']);
  });

  it('once the server answers again, the kept moves are sent in the order they were made, then the board is fetched', async () => {
    const server = await loaded({ 'PUT /api/issues/1/position': noAnswer });
    await moveOne('11', 0);
    await store().moveIssue({ issueId: '2', sourceColumnId: '10', destinationColumnId: '12', newPosition: 0 });
    await moveOne('12', 1, '11');
    const after = board([
      issue({ id: '1', columnId: '12', position: 1, title: 'Write the spec', status: 'DONE' }),
      issue({ id: '2', columnId: '12', position: 0, title: 'Draw the board', status: 'DONE' }),
      issue({ id: '3', columnId: '11', position: 0, title: 'Build the API', status: 'IN_PROGRESS' }),
    ]);
    server.on('PUT /api/issues/1/position', movedAnswer(7));
    server.on('PUT /api/issues/2/position', movedAnswer(8));
    server.on('GET /api/boards/1', answer(200, { ...after, version: 9 }));
    await store().catchUp('1');
    expect(sentMoves(server)).toEqual([
      ['1', '11', 0],
      ['1', '11', 0],
      ['2', '12', 0],
      ['1', '12', 1],
    ]);
    expect(store()).toMatchObject({ offline: false, queuedMoves: [], error: null, version: 9 });
    expect(columnTitles()).toEqual([[], ['Build the API'], ['Draw the board', 'Write the spec']]);
    expect(server.callsTo('GET /api/boards/1')).toHaveLength(2);
  });

  it('one the server refuses when back is undone, with its reason; the others are applied', async () => {
    const server = await loaded({ 'PUT /api/issues/1/position': noAnswer });
    await moveOne('11', 0);
    await store().moveIssue({ issueId: '2', sourceColumnId: '10', destinationColumnId: '12', newPosition: 0 });
    server.on('PUT /api/issues/1/position', movedAnswer(7));
    server.on('PUT /api/issues/2/position', answer(404, { message: 'Column not found' }));
    // The board fetch is held, to see the undo before the server's board arrives.
    const fetched = heldAnswer();
    server.on('GET /api/boards/1', fetched.route);
    const caughtUp = store().catchUp('1');
    await waitUntil(() => store().queuedMoves.length === 0);
    expect(columnTitles()).toEqual([['Draw the board'], ['Write the spec', 'Build the API'], []]);
    expect(store().error).toBe('"Draw the board" could not be moved: Column not found');
    fetched.release(answer(200, board()));
    await caughtUp;
    // The error stays on screen over the fresh board.
    expect(store().error).toBe('"Draw the board" could not be moved: Column not found');
  });

  it('no answer again while sending: the rest stays kept, and goes with the next answer', async () => {
    const server = await loaded({ 'PUT /api/issues/1/position': noAnswer });
    await moveOne('11', 0);
    await store().moveIssue({ issueId: '2', sourceColumnId: '10', destinationColumnId: '12', newPosition: 0 });
    server.on('PUT /api/issues/1/position', movedAnswer(7));
    server.on('PUT /api/issues/2/position', noAnswer);
    await store().catchUp('1', { keepBanner: true });
    expect(store().queuedMoves.map((move) => move.issueId)).toEqual(['2']);
    expect(store().offline).toBe(true);
    server.on('PUT /api/issues/2/position', movedAnswer(8));
    await store().catchUp('1');
    expect(store().queuedMoves).toEqual([]);
    expect(sentMoves(server).map(([id]) => id)).toEqual(['1', '1', '2', '2']);
  });

  it('any answer sends them (here a refetch that went through)', async () => {
    const server = await loaded({ 'PUT /api/issues/1/position': noAnswer });
    await moveOne('11', 0);
    server.on('PUT /api/issues/1/position', movedAnswer(7));
    await store().fetchBoard('1', { keepError: true });
    await waitUntil(() => store().queuedMoves.length === 0);
    expect(sentMoves(server)).toEqual([
      ['1', '11', 0],
      ['1', '11', 0],
    ]);
  });

  it('an answer afterwards ends the offline state', async () => {
    const server = await loaded({ 'PUT /api/issues/1/position': noAnswer });
    await moveOne('11', 0);
    server.on('PUT /api/issues/1/position', movedAnswer());
    await store().fetchBoard('1');
    expect(store().offline).toBe(false);
  });

  it('leaving the board drops what it kept', async () => {
    await loaded({ 'PUT /api/issues/1/position': noAnswer });
    await moveOne('11', 0);
    store().reset();
    expect(store().queuedMoves).toEqual([]);
  });
});

describe('other changes that get no answer', () => {
  it('an issue edit keeps its message in the dialog and does not refetch the board', async () => {
    const server = await loaded({ 'PATCH /api/issues/1': noAnswer });
    expect(await store().updateIssue('1', { title: 'New title' })).toBe('failed');
    expect(store()).toMatchObject({ issueUpdateError: 'Failed to fetch', offline: true, error: null });
    expect(columnTitles()).toEqual(asLoaded);
    expect(server.callsTo('GET /api/boards/1')).toHaveLength(1);
  });

  it('a new issue is not added and the board shows no error box', async () => {
    await loaded({ 'POST /api/issues': noAnswer });
    expect(await store().addIssue({ columnId: '10', title: 'Offline idea' })).toBe(false);
    expect(store()).toMatchObject({ offline: true, error: null });
    expect(columnTitles()).toEqual(asLoaded);
  });

  it('an issue opened while out of reach, still open and waiting, is fetched once back', async () => {
    const server = await loaded({
      'GET /api/issues/1': answer(200, issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec' })),
      'GET /api/issues/1/comments': answer(200, []),
    });
    useBoardStore.setState({ selectedIssueId: '1', selectedIssue: null, loadingSelectedIssue: true, offline: true });
    await store().catchUp('1');
    expect(server.callsTo('GET /api/issues/1')).toHaveLength(1);
    expect(store().selectedIssue).toMatchObject({ id: '1', title: 'Write the spec' });
  });

  it('a refetch keeps the board it has', async () => {
    const server = await loaded();
    server.on('GET /api/boards/1', noAnswer);
    await store().fetchBoard('1', { keepError: true });
    expect(store()).toMatchObject({ board: { id: '1' }, loading: false, offline: true, error: null });
    expect(columnTitles()).toEqual(asLoaded);
  });
});
