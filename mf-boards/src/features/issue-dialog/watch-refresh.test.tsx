import { act, fireEvent, screen, within } from '@testing-library/react';
import type { CommentDto, WatchState } from '@trackboard/contracts';
import { socketManager } from '@trackboard/web-kit';
import { answer, installViewport, lastSocket, openedSockets } from '@trackboard/web-kit/testing';
import { ada, comment, signInAs } from '../../testing/board-fixtures';
import { openIssue } from '../../testing/render-board';
import { watchSettleDelaysMs } from './use-watch-state';

// The Watch button follows what commenting does on the server: a commenter starts watching (the
// notification service adds them when it handles the comment's event, a moment after the comment
// lands), so the count is read again after one's own comment and when another's arrives.

jest.setTimeout(20000);
const watchPath = 'GET /api/issues/1/watch';
const grace = { id: '8', name: 'Grace Hopper', avatarUrl: null };

beforeEach(() => {
  socketManager.disconnect();
  openedSockets.length = 0;
  signInAs(ada);
  installViewport(1280);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

/** The dialog of the issue with id 1, the server's watch state and thread being whatever they hold when asked. */
async function dialogWith(server: { watch: WatchState[]; thread: CommentDto[] }) {
  let reads = 0;
  const opened = await openIssue(
    {},
    {
      // Each read takes the next state; the last one stays.
      [watchPath]: () => answer(200, server.watch[Math.min(reads++, server.watch.length - 1)]),
      'GET /api/issues/1/comments': () => answer(200, server.thread),
      'POST /api/issues/1/comments': answer(201, comment({ id: '70', body: 'Count me in' })),
    },
  );
  await within(opened.dialog).findByRole('button', { name: 'Watch, 1 watcher' });
  return { ...opened, reads: () => opened.server.callsTo(watchPath).length };
}

const notWatching = { watching: false, watcherCount: 1 };
const watching = { watching: true, watcherCount: 2 };

async function postComment(dialog: HTMLElement, text: string) {
  // The comments pane loads on first use.
  const box = await within(dialog).findByPlaceholderText('Add a comment...', {}, { timeout: 10_000 });
  fireEvent.change(box, { target: { value: text } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Post Comment' }));
}

it('reads the watch state again after the user’s own comment: “Unwatch, 2 watchers”', async () => {
  const { dialog } = await dialogWith({ watch: [notWatching, watching], thread: [] });
  await postComment(dialog, 'Count me in');
  expect(await within(dialog).findByRole('button', { name: 'Unwatch, 2 watchers' })).toBeEnabled();
});

it('asks again a little later while the server has not added the commenter yet', async () => {
  const { dialog, reads } = await dialogWith({ watch: [notWatching, notWatching, watching], thread: [] });
  await postComment(dialog, 'Count me in');
  await within(dialog).findByText('Count me in');
  expect(
    await within(dialog).findByRole(
      'button',
      { name: 'Unwatch, 2 watchers' },
      { timeout: watchSettleDelaysMs[0]! + 2000 },
    ),
  ).toBeEnabled();
  expect(reads()).toBe(3);
});

it('reads it again when someone else’s comment arrives (comment_changed)', async () => {
  const server = { watch: [notWatching, { watching: false, watcherCount: 2 }], thread: [] as CommentDto[] };
  const { dialog } = await dialogWith(server);
  const socket = lastSocket()!;
  act(() => socket.serverConnects());
  server.thread = [comment({ id: '71', author: grace, body: 'Me too' })];
  act(() =>
    socket.serverSends('comment_changed', { boardId: '1', issueId: '1', commentCount: 1, originId: 'grace-page' }),
  );
  await within(dialog).findByText('Me too');
  expect(await within(dialog).findByRole('button', { name: 'Watch, 2 watchers' })).toBeEnabled();
});

it('reads it once when the dialog opens, however the thread loads', async () => {
  const { reads } = await dialogWith({
    watch: [notWatching],
    thread: [comment({ id: '50', body: 'Earlier' }), comment({ id: '51', body: 'Later' })],
  });
  await screen.findByText('Later');
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(reads()).toBe(1);
});
