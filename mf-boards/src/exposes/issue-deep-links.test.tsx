import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { socketManager } from '@trackboard/web-kit';
import {
  answer,
  answerConfirm,
  fakeApi,
  type FakeRoute,
  lastSocket,
  openedSockets,
  renderRemoteAt,
} from '@trackboard/web-kit/testing';
import { useLocation, useNavigate } from 'react-router';
import { ada, board, grace, issue, signInAs } from '../testing/board-fixtures';
import { card } from '../testing/render-board';
import BoardApp from './board-app';

// The address names the open issue (the remote mounted as the shell mounts it).

function Browser() {
  const [location, navigate] = [useLocation(), useNavigate()];
  return (
    <>
      <output data-testid="address">{location.pathname}</output>
      <button type="button" onClick={() => navigate(-1)}>
        Browser back
      </button>
      <button type="button" onClick={() => navigate(1)}>
        Browser forward
      </button>
    </>
  );
}

/** The board's heading, also while the open dialog hides the page behind it from the accessibility tree. */
const boardHeading = (name: string) => screen.findByText(name, { selector: 'h1' });
/** The browser's own buttons: outside the page, so an open dialog does not hide them. */
const browser = (button: 'back' | 'forward') => fireEvent.click(screen.getByText(`Browser ${button}`));
const address = () => screen.getByTestId('address').textContent;
const issueAnswer = (id: string, title: string) =>
  answer(200, issue({ id, columnId: '10', position: Number(id) - 1, title, version: 3 }));

/** Board 1 ("Web board": WEB-1 "Write the spec", WEB-2 "Draw the board", WEB-3) at `url`. */
async function openAt(url: string, routes: Record<string, FakeRoute> = {}) {
  const server = fakeApi({
    'GET /api/boards/1': answer(200, board()),
    'GET /api/issues/1': issueAnswer('1', 'Write the spec'),
    'GET /api/issues/1/comments': answer(200, []),
    'GET /api/issues/2': issueAnswer('2', 'Draw the board'),
    'GET /api/issues/2/comments': answer(200, []),
    ...routes,
  });
  renderRemoteAt(BoardApp, ['boards/*'], url, <Browser />);
  await boardHeading('Web board');
  return server;
}
/** The dialog showing `title` (its code loads on first use: slow to compile on a busy machine). */
const dialogTitled = async (title: string) => {
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('button', { name: `${title}, edit title` }, { timeout: 10_000 });
  return dialog;
};
const noDialog = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

beforeEach(() => {
  socketManager.disconnect();
  openedSockets.length = 0;
  signInAs(ada);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('an issue deep link, /boards/{boardId}/issues/{key}', () => {
  it('opens the board with that issue in the dialog (as a reload of the address does)', async () => {
    const server = await openAt('/boards/1/issues/WEB-2');
    await dialogTitled('Draw the board');
    expect(server.callsTo('GET /api/boards/1')).toHaveLength(1);
    expect(server.callsTo('GET /api/issues/2')).toHaveLength(1);
    expect(address()).toBe('/boards/1/issues/WEB-2');
  });

  it('opening a card pushes its address; Back closes the dialog; Forward opens it again', async () => {
    const server = await openAt('/boards/1');
    fireEvent.click(card('Draw the board'));
    await dialogTitled('Draw the board');
    expect(address()).toBe('/boards/1/issues/WEB-2');

    browser('back');
    await noDialog();
    expect(address()).toBe('/boards/1');

    browser('forward');
    await dialogTitled('Draw the board');
    // The board stays mounted throughout: it is fetched once.
    expect(server.callsTo('GET /api/boards/1')).toHaveLength(1);
  });

  it("closing a card's dialog goes back to the board's own entry, so Back does not reopen it", async () => {
    await openAt('/boards/1');
    fireEvent.click(card('Write the spec'));
    const dialog = await dialogTitled('Write the spec');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await noDialog();
    expect(address()).toBe('/boards/1');
    browser('forward');
    await dialogTitled('Write the spec');
  });

  it('closing a dialog opened from a shared link returns to the board', async () => {
    await openAt('/boards/1/issues/WEB-1');
    const dialog = await dialogTitled('Write the spec');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await noDialog();
    expect(address()).toBe('/boards/1');
  });

  it('moves from one issue to another when the address changes key', async () => {
    await openAt('/boards/1');
    fireEvent.click(card('Write the spec'));
    await dialogTitled('Write the spec');
    browser('back');
    await noDialog();
    fireEvent.click(card('Draw the board'));
    await dialogTitled('Draw the board');
    expect(address()).toBe('/boards/1/issues/WEB-2');
  });

  it('returns to the board when the open issue is deleted by someone else', async () => {
    await openAt('/boards/1/issues/WEB-1');
    await dialogTitled('Write the spec');
    const socket = lastSocket()!;
    act(() => socket.serverConnects());
    act(() =>
      socket.serverSends('board_updated', {
        boardId: '1',
        version: 6,
        issues: [],
        removedIssueIds: ['1'],
        complete: false,
        originId: 'someone-else',
      }),
    );
    await noDialog();
    await waitFor(() => expect(address()).toBe('/boards/1'));
    expect(screen.queryByText('Page Not Found')).not.toBeInTheDocument();
  });

  it('returns to the board when the issue is deleted from its dialog', async () => {
    await openAt('/boards/1/issues/WEB-1', { 'DELETE /api/issues/1': answer(204) });
    const dialog = await dialogTitled('Write the spec');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Issue' }));
    await answerConfirm(true);
    await noDialog();
    await waitFor(() => expect(address()).toBe('/boards/1'));
    expect(screen.queryByRole('button', { name: 'Write the spec' })).not.toBeInTheDocument();
  });

  it("follows a key that lives on another of the user's boards there, replacing the address", async () => {
    const elsewhere = issue({ id: '9', columnId: '20', position: 0, title: 'Over there', boardId: '2' });
    const other = board([elsewhere], { id: '2', name: 'Second board' });
    other.columns = [{ id: '20', name: 'To Do', position: 0, wipLimit: null, issues: [elsewhere] }];
    const server = await openAt('/boards/1/issues/WEB-9', {
      'GET /api/issues/by-key/WEB-9': answer(200, elsewhere),
      'GET /api/boards/2': answer(200, other),
      'GET /api/issues/9': answer(200, elsewhere),
      'GET /api/issues/9/comments': answer(200, []),
    });
    await boardHeading('Second board');
    await dialogTitled('Over there');
    expect(address()).toBe('/boards/2/issues/WEB-9');
    expect(server.callsTo('GET /api/issues/by-key/WEB-9')).toHaveLength(1);
    // Replaced, not pushed: Back leaves the board rather than returning to the wrong address.
    browser('back');
    expect(address()).toBe('/boards/2/issues/WEB-9');
  });

  it('keeps the board for a key that does not exist or is not shared with the user, and says so', async () => {
    const server = await openAt('/boards/1/issues/WEB-404', {
      'GET /api/issues/by-key/WEB-404': answer(404, { message: 'Issue not found' }),
    });
    expect(
      await screen.findByText(
        'Issue WEB-404 was not found: it may have been deleted, or it is in a project you are not in.',
      ),
    ).toBeInTheDocument();
    // The toast may be drawn before the router has moved: wait for the address, don't read it once.
    await waitFor(() => expect(address()).toBe('/boards/1'));
    expect(screen.queryByRole('heading', { name: '404' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo('GET /api/issues/by-key/WEB-404')).toHaveLength(1);
  });

  it('shows "Board Not Found" to someone who cannot see the board, and opens nothing', async () => {
    signInAs(grace);
    const server = fakeApi({ 'GET /api/boards/1': answer(404, { message: 'Board not found' }) });
    renderRemoteAt(BoardApp, ['boards/*'], '/boards/1/issues/WEB-1', <Browser />);
    expect(await screen.findByRole('heading', { name: 'Board Not Found' })).toBeInTheDocument();
    expect(screen.getByText('No board data found for ID (1)')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/boards/1']);
  });

  it('shows the server failure in the error box when the key cannot be looked up', async () => {
    await openAt('/boards/1/issues/WEB-77', {
      'GET /api/issues/by-key/WEB-77': answer(503, { message: 'Service unavailable' }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
    expect(screen.getByRole('heading', { level: 1, name: 'Web board' })).toBeInTheDocument();
  });
});
