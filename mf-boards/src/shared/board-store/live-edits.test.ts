import { answer } from '@trackboard/web-kit/testing';
import { ada, issue, signInAs } from '../../testing/board-fixtures';
import { event, loaded, store } from '../../testing/board-store-harness';

jest.mock('socket.io-client', () => ({
  io: jest.fn(() => ({ on() {}, removeAllListeners() {}, disconnect() {}, connected: false })),
}));

// Two people on one issue: an edit sends where it began, not the newest copy, and the open
// dialog learns who changed which of its fields from the board room.

const open = (fields = {}) =>
  issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec', version: 4, ...fields });
const selected = {
  'GET /api/issues/1': answer(200, open({ description: 'Goals' })),
  'GET /api/issues/1/comments': answer(200, []),
};
const graceSays = (fields: object, version = 6) =>
  store().receiveBoardUpdate(
    event({
      version,
      issues: [open({ version: 5, ...fields })],
      originId: 'grace',
      actor: { id: '8', name: 'Grace Hopper' },
    }),
  );

beforeEach(() => {
  signInAs(ada);
});

describe('an edit from the dialog', () => {
  it('sends the version and values it began from, though a newer copy arrived meanwhile', async () => {
    const server = await loaded({ ...selected, 'PATCH /api/issues/1': answer(200, open({ version: 6 })) });
    await store().selectIssue('1');
    graceSays({ description: 'Goals', priority: 'HIGH' });
    expect(store().selectedIssue).toMatchObject({ version: 5, priority: 'HIGH' });
    await store().updateIssue('1', { description: 'Goals\n- fast' }, { version: 4, base: { description: 'Goals' } });
    expect(server.callsTo('PATCH /api/issues/1')[0]!.body).toEqual({
      description: 'Goals\n- fast',
      version: 4,
      base: { description: 'Goals' },
    });
  });

  it('a picker’s choice begins from the copy shown: its version and the value it replaces', async () => {
    const server = await loaded({ ...selected, 'PATCH /api/issues/1': answer(200, open({ version: 5 })) });
    await store().selectIssue('1');
    await store().updateIssue('1', { owner: 'Grace' });
    expect(server.callsTo('PATCH /api/issues/1')[0]!.body).toEqual({
      owner: 'Grace',
      version: 4,
      base: { assigneeId: null },
    });
  });
});

describe('who changed the open issue', () => {
  it('is noted per field from the board room, and forgotten with the selection', async () => {
    await loaded(selected);
    await store().selectIssue('1');
    graceSays({ description: 'Goals\n- fast' });
    expect(store().fieldChangedBy).toEqual({ description: 'Grace Hopper' });
    store().receiveBoardUpdate(
      event({
        version: 7,
        issues: [open({ version: 6, description: 'Goals\n- fast', priority: 'LOW' })],
        originId: 'bob',
        actor: { id: '9', name: 'Bob Builder' },
      }),
    );
    expect(store().fieldChangedBy).toEqual({ description: 'Grace Hopper', priority: 'Bob Builder' });
    store().clearSelection();
    expect(store().fieldChangedBy).toEqual({});
  });

  it('ignores this page’s own changes and other issues', async () => {
    await loaded(selected);
    await store().selectIssue('1');
    store().receiveBoardUpdate(
      event({
        issues: [issue({ id: '2', columnId: '10', position: 1, version: 9 })],
        actor: { id: '8', name: 'Grace' },
      }),
    );
    expect(store().fieldChangedBy).toEqual({});
  });
});
