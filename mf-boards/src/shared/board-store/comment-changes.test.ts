import { socketManager } from '@trackboard/web-kit';
import { answer, type FakeRoute, heldAnswer } from '@trackboard/web-kit/testing';
import { ada, comment, issue, signInAs } from '../../testing/board-fixtures';
import { loaded, store } from '../../testing/board-store-harness';

jest.mock('socket.io-client', () => ({
  io: jest.fn(() => ({ on() {}, removeAllListeners() {}, disconnect() {}, connected: false })),
}));

// Live comments: someone else's comment change reloads the open dialog's thread.

beforeEach(() => {
  signInAs(ada);
});

const ids = () => store().comments.map((c) => c.id);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const change = (fields = {}) => ({ boardId: '1', issueId: '1', commentCount: 2, originId: 'another-page', ...fields });

/** Issue 1 open in the dialog with comment 50; `thread` answers every later GET of its comments. */
async function issue1Open(thread: FakeRoute = answer(200, [])) {
  let first = true;
  const server = await loaded({
    'GET /api/issues/1': answer(200, issue({ id: '1', columnId: '10', position: 0 })),
    'GET /api/issues/1/comments': (call) => {
      if (!first) return typeof thread === 'function' ? thread(call) : thread;
      first = false;
      return answer(200, [comment({ id: '50' })]);
    },
  });
  await store().selectIssue('1');
  await settle();
  return server;
}

describe('comment_changed', () => {
  it("reloads the open issue's comments quietly when someone else changed them", async () => {
    const server = await issue1Open(answer(200, [comment({ id: '50' }), comment({ id: '51' })]));
    store().receiveCommentChange(change());
    expect(store().loadingComments).toBe(false);
    await settle();
    expect(ids()).toEqual(['50', '51']);
    expect(server.callsTo('GET /api/issues/1/comments')).toHaveLength(2);
  });

  it("ignores this page's own change (its answer is on screen already) and other issues' changes", async () => {
    const server = await issue1Open();
    store().receiveCommentChange(change({ originId: socketManager.originId }));
    store().receiveCommentChange(change({ issueId: '2' }));
    await settle();
    expect(ids()).toEqual(['50']);
    expect(server.callsTo('GET /api/issues/1/comments')).toHaveLength(1);
  });

  it('does nothing with no dialog open', async () => {
    const server = await loaded({});
    store().receiveCommentChange(change());
    await settle();
    expect(server.calls.filter((c) => c.path.includes('comments'))).toEqual([]);
  });

  it("asks again when its own comment landed while a reload was under way (the reload's answer may predate it)", async () => {
    const held = heldAnswer();
    let reloads = 0;
    const server = await issue1Open(() =>
      ++reloads === 1
        ? held.route()
        : answer(200, [comment({ id: '50' }), comment({ id: '60' }), comment({ id: '70' })]),
    );
    server.on('POST /api/issues/1/comments', answer(201, comment({ id: '70' })));
    store().receiveCommentChange(change());
    await store().addComment('1', 'Mine');
    expect(ids()).toEqual(['50', '70']);
    held.release(answer(200, [comment({ id: '50' }), comment({ id: '60' })]));
    await settle();
    await settle();
    expect(ids()).toEqual(['50', '60', '70']);
    expect(server.callsTo('GET /api/issues/1/comments')).toHaveLength(3);
  });

  it('shows only the latest of two overlapping reloads', async () => {
    const first = heldAnswer();
    let reloads = 0;
    await issue1Open(() => (++reloads === 1 ? first.route() : answer(200, [comment({ id: '52' })])));
    store().receiveCommentChange(change());
    store().receiveCommentChange(change({ commentCount: 3 }));
    await settle();
    first.release(answer(200, [comment({ id: '51' })]));
    await settle();
    expect(ids()).toEqual(['52']);
  });

  it('keeps the thread on screen when a reload fails', async () => {
    await issue1Open(answer(503, { message: 'Service unavailable' }));
    store().receiveCommentChange(change());
    await settle();
    expect(ids()).toEqual(['50']);
    expect(store().commentError).toBeNull();
  });
});
