import { act, screen, waitFor, within } from '@testing-library/react';
import { socketManager } from '@trackboard/web-kit';
import { answer, fakeApi, lastSocket, openedSockets, renderRemoteAt } from '@trackboard/web-kit/testing';
import type { CommentDto } from '@trackboard/contracts';
import BoardApp from '../../exposes/board-app';
import { ada, comment, issue, board, signInAs } from '../../testing/board-fixtures';
import '../../testing/render-board';

// An open dialog shows other people's comments as they are written, through the
// board room's comment_changed, and catches up after a lost connection.

const grace = { id: '8', name: 'Grace Hopper', avatarUrl: null };

beforeEach(() => {
  socketManager.disconnect();
  openedSockets.length = 0;
  signInAs(ada);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

/** "Write the spec" open at its deep link; the server's thread is whatever `thread` holds when asked. */
async function dialogOpen(thread: { now: CommentDto[] }) {
  const server = fakeApi({
    'GET /api/boards/1': answer(200, board()),
    'GET /api/issues/1': answer(200, issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec' })),
    'GET /api/issues/1/comments': () => answer(200, thread.now),
  });
  renderRemoteAt(BoardApp, ['boards/*'], '/boards/1/issues/WEB-1');
  const dialog = await screen.findByRole('dialog');
  // The dialog's code is loaded on first use: slow to compile on a busy machine.
  await within(dialog).findByText('No comments yet.', {}, { timeout: 10_000 });
  const socket = lastSocket()!;
  act(() => socket.serverConnects());
  return { server, dialog, socket };
}

it("shows another person's new comment in the open dialog without a reload", async () => {
  const thread = { now: [] as CommentDto[] };
  const { dialog, socket } = await dialogOpen(thread);
  thread.now = [comment({ id: '70', author: grace, body: 'Looks good to me' })];
  act(() =>
    socket.serverSends('comment_changed', { boardId: '1', issueId: '1', commentCount: 1, originId: 'grace-page' }),
  );
  const article = await within(dialog).findByRole('article', { name: 'Comment by Grace Hopper' });
  expect(article).toHaveTextContent('Looks good to me');
  expect(within(dialog).queryByText('Loading comments...')).not.toBeInTheDocument();
});

it("ignores another board's comment changes", async () => {
  const { server, socket } = await dialogOpen({ now: [] });
  act(() => socket.serverSends('comment_changed', { boardId: '2', issueId: '1', commentCount: 1 }));
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(server.callsTo('GET /api/issues/1/comments')).toHaveLength(1);
});

it('fetches the comments again after a reconnect, since changes may have been missed', async () => {
  const thread = { now: [] as CommentDto[] };
  const { server, dialog, socket } = await dialogOpen(thread);
  act(() => socket.serverDrops());
  thread.now = [comment({ id: '71', author: grace, body: 'Written while you were away' })];
  act(() => socket.serverConnects());
  expect(await within(dialog).findByText('Written while you were away')).toBeInTheDocument();
  await waitFor(() => expect(server.callsTo('GET /api/boards/1')).toHaveLength(2));
  expect(server.callsTo('GET /api/issues/1/comments')).toHaveLength(2);
});
