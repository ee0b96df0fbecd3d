import type { IssueDto } from '@trackboard/contracts';
import { socketManager } from '@trackboard/web-kit';
import { answer, heldAnswer } from '@trackboard/web-kit/testing';
import { ada, columnTitles, issue, signInAs } from '../../testing/board-fixtures';
import { event, loaded, store } from '../../testing/board-store-harness';

// The answers to this page's own changes carry only what changed and the board version it
// made; the store applies them like board_updated deltas (blueprint §4).

jest.mock('socket.io-client', () => ({
  io: jest.fn(() => ({ on() {}, removeAllListeners() {}, disconnect() {}, connected: false })),
}));

beforeEach(() => {
  signInAs(ada);
});

describe('a move’s answer', () => {
  const moveAnswer = (version: number, fields: Partial<IssueDto> = {}) =>
    answer(200, {
      issues: [
        issue({ id: '1', columnId: '11', position: 1, rank: 'a1', status: 'IN_PROGRESS', version: 2, ...fields }),
      ],
      version,
    });
  const moveOneToInProgress = () =>
    store().moveIssue({ issueId: '1', sourceColumnId: '10', destinationColumnId: '11', newPosition: 1 });

  it('refetches the board when the answer skips a version (a change it has not seen)', async () => {
    const server = await loaded({ 'PUT /api/issues/1/position': moveAnswer(7) });
    await moveOneToInProgress();
    expect(server.callsTo('GET /api/boards/1')).toHaveLength(2);
  });

  it('applies the answer when its own echo came first and took the version', async () => {
    const held = heldAnswer();
    const server = await loaded({ 'PUT /api/issues/1/position': held.route });
    const moving = moveOneToInProgress();
    store().receiveBoardUpdate(event({ version: 6, originId: socketManager.originId }));
    held.release(moveAnswer(6, { title: 'As the server has it' }));
    await moving;
    expect(columnTitles()[1]).toEqual(['Build the API', 'As the server has it']);
    expect(store().version).toBe(6);
    expect(server.callsTo('GET /api/boards/1')).toHaveLength(1);
  });

  it('behind newer events, applies a newer copy of the issue and refetches otherwise', async () => {
    const held = heldAnswer();
    const server = await loaded({ 'PUT /api/issues/1/position': held.route });
    let moving = moveOneToInProgress();
    store().receiveBoardUpdate(event({ version: 6, originId: socketManager.originId }));
    store().receiveBoardUpdate(event({ version: 7, issues: [issue({ id: '3', columnId: '12', position: 0 })] }));
    held.release(moveAnswer(6, { title: 'Newer copy' }));
    await moving;
    expect(columnTitles()).toEqual([['Draw the board'], ['Newer copy'], ['Issue 3']]);
    expect(store().version).toBe(7);
    expect(server.callsTo('GET /api/boards/1')).toHaveLength(1);

    server.on('PUT /api/issues/2/position', moveAnswer(7, { id: '2', version: 1 }));
    moving = store().moveIssue({ issueId: '2', sourceColumnId: '10', destinationColumnId: '12', newPosition: 0 });
    store().receiveBoardUpdate(event({ version: 8, issues: [issue({ id: '3', columnId: '11', position: 0 })] }));
    await moving;
    expect(server.callsTo('GET /api/boards/1')).toHaveLength(2);
  });

  it('keeps an issue where a later move put it while an earlier answer arrives', async () => {
    const first = heldAnswer();
    const server = await loaded({ 'PUT /api/issues/1/position': first.route });
    const moving = moveOneToInProgress();
    const second = heldAnswer();
    server.on('PUT /api/issues/1/position', second.route);
    const movingAgain = store().moveIssue({
      issueId: '1',
      sourceColumnId: '11',
      destinationColumnId: '12',
      newPosition: 0,
    });
    first.release(moveAnswer(6));
    await moving;
    expect(columnTitles()[2]).toEqual(['Write the spec']);
    expect(store().version).toBe(6);
    second.release(moveAnswer(7, { columnId: '12', position: 0, status: 'DONE', version: 3, title: 'Done now' }));
    await movingAgain;
    expect(columnTitles()).toEqual([['Draw the board'], ['Build the API'], ['Done now']]);
    expect(store().version).toBe(7);
    expect(server.callsTo('GET /api/boards/1')).toHaveLength(1);
  });
});

describe('an added issue’s answer', () => {
  it('applies the answer as a delta at the board version it made, and refetches past a gap', async () => {
    const created = (boardVersion: number) =>
      answer(201, {
        ...issue({ id: '20', columnId: '11', position: 1, title: 'Ship it' }),
        boardVersion,
        rebalanced: [],
      });
    const server = await loaded({ 'POST /api/issues': created(6) });
    await store().addIssue({ columnId: '11', title: 'Ship it' });
    expect(columnTitles()[1]).toEqual(['Build the API', 'Ship it']);
    expect(store().version).toBe(6);
    server.on('POST /api/issues', created(8));
    await store().addIssue({ columnId: '11', title: 'Ship it' });
    expect(server.callsTo('GET /api/boards/1')).toHaveLength(2);
  });
});
