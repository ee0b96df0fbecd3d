import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { socketManager } from '@trackboard/web-kit';
import { answer, lastSocket, openedSockets } from '@trackboard/web-kit/testing';
import { ada, resetBoardStore, signInAs } from '../../testing/board-fixtures';
import { resetNetwork } from '../../testing/network';
import { card, loadedIssue, renderBoard } from '../../testing/render-board';
import { uiMessages } from '../../ui-messages';

// The issue dialog's code arrives on first use, in a chunk of its own. With the server down for
// a moment that chunk fails (webpack's ChunkLoadError): the whole board used to give way to the
// shell's "This part of the app could not be loaded", and Retry never helped, because React.lazy
// kept the first failure. Now only the dialog fails, and it opens once its code arrives.

const chunk = { failing: false, loads: 0 };
jest.mock('../issue-dialog/issue-dialog', () => {
  chunk.loads++;
  if (chunk.failing)
    throw Object.assign(new Error('Loading chunk 193 failed.\n(error: /remotes/mf-boards/issue-dialog.js)'), {
      name: 'ChunkLoadError',
    });
  return jest.requireActual('../issue-dialog/issue-dialog');
});

/** The cards on the page, under the dialog too (which hides them from the accessibility tree). */
const cardTitles = () => [...document.querySelectorAll('[data-issue-id]')].map((button) => button.textContent);

async function boardWithFailingDialog() {
  chunk.failing = true;
  const rendered = await renderBoard(undefined, {
    'GET /api/issues/1': answer(200, loadedIssue()),
    'GET /api/issues/1/comments': answer(200, []),
  });
  const before = cardTitles();
  fireEvent.click(card('Write the spec'));
  const failed = await screen.findByRole('alertdialog', { name: uiMessages.issueLoadFailed });
  return { ...rendered, before, failed };
}

beforeEach(() => {
  chunk.failing = false;
  resetBoardStore();
  resetNetwork();
  socketManager.disconnect();
  openedSockets.length = 0;
  signInAs(ada);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  jest.restoreAllMocks();
});

// The dialog's code, once it arrived, stays for the rest of this file (as on a page): one story.
it('only the dialog fails while its code does not arrive; it is asked for afresh, and opens by itself once the connection is back', async () => {
  const { before, failed } = await boardWithFailingDialog();
  expect(failed).toHaveTextContent(uiMessages.partLoadsWhenBack);
  // The board stays as it was.
  expect(screen.getByRole('heading', { level: 1, name: 'Web board' })).toBeInTheDocument();
  expect(cardTitles()).toEqual(before);
  expect(cardTitles().length).toBeGreaterThan(0);

  // Retry asks for the code again (not React.lazy's kept failure); still down, it fails again.
  let loads = chunk.loads;
  fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
  await screen.findByRole('alertdialog', { name: uiMessages.issueLoadFailed });
  expect(chunk.loads).toBeGreaterThan(loads);

  // Closed and opened again: asked for afresh too.
  fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  expect(cardTitles()).toEqual(before);
  loads = chunk.loads;
  fireEvent.click(card('Write the spec'));
  await screen.findByRole('alertdialog', { name: uiMessages.issueLoadFailed });
  expect(chunk.loads).toBeGreaterThan(loads);

  // The server is back: the socket reconnects, and the dialog opens without a click.
  await waitFor(() => expect(lastSocket()).toBeDefined());
  act(() => lastSocket()!.serverConnects());
  act(() => lastSocket()!.serverDrops());
  chunk.failing = false;
  act(() => lastSocket()!.serverConnects());
  const dialog = await screen.findByRole('dialog');
  expect(await within(dialog).findByRole('heading', { level: 3, name: 'Owner' })).toBeInTheDocument();
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(cardTitles()).toEqual(before);
});
