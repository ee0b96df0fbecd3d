import { answer, heldAnswer } from '@trackboard/web-kit/src/testing/fake-api';
import { ada, board, columnTitles, issue, resetBoardStore, signInAs } from '../../../testing/board-fixtures';
import { loaded, store } from '../../../testing/board-store-harness';
import { heldNoAnswers, noAnswer } from '../../../testing/network';

// Issue 16: changes that get no answer (offline) leave the board as the server last had it,
// and the store marks itself offline instead of showing "Failed to fetch" in the error box.

jest.mock('socket.io-client', () => ({
  io: jest.fn(() => ({ on() {}, removeAllListeners() {}, disconnect() {}, connected: false })),
}));

beforeEach(() => {
  resetBoardStore();
  signInAs(ada);
});

const asLoaded = [['Write the spec', 'Draw the board'], ['Build the API'], []];
const moveOne = (destinationColumnId: string, newPosition: number, sourceColumnId = '10') =>
  store().moveIssue({ issueId: '1', sourceColumnId, destinationColumnId, newPosition });

describe('a move that gets no answer', () => {
  it('goes back, marks the board offline and fetches nothing', async () => {
    const server = await loaded({ 'PUT /api/issues/1/position': noAnswer });
    await moveOne('11', 0);
    expect(columnTitles()).toEqual(asLoaded);
    expect(store()).toMatchObject({ offline: true, error: null, board: { id: '1' } });
    expect(server.callsTo('GET /api/boards/1')).toHaveLength(1);
  });

  it('moved twice offline, goes back to where it was before the first move', async () => {
    const held = heldNoAnswers();
    await loaded({ 'PUT /api/issues/1/position': held.route });
    const first = moveOne('11', 1);
    const second = moveOne('12', 0, '11');
    expect(columnTitles()).toEqual([['Draw the board'], ['Build the API'], ['Write the spec']]);
    held.failNext();
    await first;
    held.failNext();
    await second;
    expect(columnTitles()).toEqual(asLoaded);
  });

  it('after a move the server took, goes back to where that move put it', async () => {
    const first = heldAnswer();
    const held = heldNoAnswers();
    let calls = 0;
    await loaded({ 'PUT /api/issues/1/position': () => (++calls === 1 ? first.route() : held.route()) });
    const taken = moveOne('11', 1);
    const lost = moveOne('12', 0, '11');
    first.release(
      answer(200, {
        issues: [issue({ id: '1', columnId: '11', position: 1, rank: 'a1', status: 'IN_PROGRESS', version: 2 })],
        version: 6,
      }),
    );
    await taken;
    held.failNext();
    await lost;
    expect(columnTitles()).toEqual([['Draw the board'], ['Build the API', 'Write the spec'], []]);
    expect(store().offline).toBe(true);
  });

  it('an answer afterwards ends the offline state', async () => {
    const server = await loaded({ 'PUT /api/issues/1/position': noAnswer });
    await moveOne('11', 0);
    server.on('GET /api/boards/1', answer(200, board()));
    await store().fetchBoard('1');
    expect(store().offline).toBe(false);
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

  it('a refetch keeps the board it has', async () => {
    const server = await loaded();
    server.on('GET /api/boards/1', noAnswer);
    await store().fetchBoard('1', { keepError: true });
    expect(store()).toMatchObject({ board: { id: '1' }, loading: false, offline: true, error: null });
    expect(columnTitles()).toEqual(asLoaded);
  });
});
