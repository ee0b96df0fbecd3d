import { answer } from '@trackboard/web-kit/testing';
import { ada, comment, issue, signInAs } from '../../testing/board-fixtures';
import { loaded, store } from '../../testing/board-store-harness';

jest.mock('socket.io-client', () => ({
  io: jest.fn(() => ({ on() {}, removeAllListeners() {}, disconnect() {}, connected: false })),
}));

beforeEach(() => {
  signInAs(ada);
});

describe('comments of the selected issue', () => {
  const tree = [comment({ id: '50', replies: [comment({ id: '51', parentCommentId: '50' })] }), comment({ id: '60' })];
  const selectIssue1 = async (routes = {}) => {
    const server = await loaded({
      'GET /api/issues/1': answer(200, issue({ id: '1', columnId: '10', position: 0 })),
      'GET /api/issues/1/comments': answer(200, tree),
      ...routes,
    });
    await store().selectIssue('1');
    await new Promise((r) => setTimeout(r, 0));
    return server;
  };
  const ids = (list = store().comments): unknown[] =>
    list.map((c) => (c.replies.length ? [c.id, ids(c.replies)] : c.id));

  it('appends top-level comments and places replies under their parent, any depth', async () => {
    const server = await selectIssue1({
      'POST /api/issues/1/comments': (call: { body: unknown }) => {
        const { parentCommentId } = call.body as { parentCommentId: string | null };
        return answer(201, comment({ id: parentCommentId ? '52' : '70', parentCommentId }));
      },
    });
    await store().addComment('1', 'Top');
    await store().addComment('1', 'Deep', '51');
    expect(ids()).toEqual([['50', [['51', ['52']]]], '60', '70']);
    expect(server.callsTo('POST /api/issues/1/comments').map((c) => c.body)).toEqual([
      { body: 'Top', parentCommentId: null },
      { body: 'Deep', parentCommentId: '51' },
    ]);
  });

  it('needs an issue and text', async () => {
    await selectIssue1();
    await store().addComment('1', '  ');
    expect(store().commentError).toBe('Missing issueId or text for adding comment.');
  });

  it('reports an answer without issueId', async () => {
    await selectIssue1({ 'POST /api/issues/1/comments': answer(201, { id: '70', body: 'x' }) });
    await store().addComment('1', 'Top');
    expect(store().commentError).toBe('Comment added but response was incomplete or missing issueId.');
  });

  it('merges an edit, removes a deleted comment with its replies, replaces reactions', async () => {
    await selectIssue1({
      'PUT /api/comments/51': answer(
        200,
        comment({ id: '51', parentCommentId: '50', body: 'Edited', edited: true, replies: [] }),
      ),
      'DELETE /api/comments/50': answer(204),
      'POST /api/comments/60/reactions': answer(200, { thumbsup: ['7'], heart: [] }),
    });
    await store().updateComment('1', '51', 'Edited');
    expect(store().comments[0]!.replies[0]).toMatchObject({ body: 'Edited', edited: true });
    await store().toggleReaction('1', '60', 'thumbsup');
    expect(store().comments[1]!.reactions).toEqual({ thumbsup: ['7'], heart: [] });
    await store().deleteComment('1', '50');
    expect(ids()).toEqual(['60']);
  });

  it('changes nothing when the issue is no longer the selected one', async () => {
    await selectIssue1({ 'POST /api/issues/2/comments': answer(201, comment({ id: '80', issueId: '2' })) });
    await store().addComment('2', 'Elsewhere');
    expect(ids()).toEqual([['50', ['51']], '60']);
  });

  it('stores failures with the defaults', async () => {
    await selectIssue1({ 'POST /api/comments/60/reactions': answer(500) });
    await store().toggleReaction('1', '60', 'heart');
    expect(store().commentError).toBe('Failed to toggle reaction');
  });
});
