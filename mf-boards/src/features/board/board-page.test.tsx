import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { IssueDto } from '@trackboard/contracts';
import { socketManager } from '@trackboard/web-kit';
import { answer, fakeApi, heldAnswer, lastSocket, openedSockets, renderRemoteAt } from '@trackboard/web-kit/testing';
import { useNavigate } from 'react-router';
import BoardApp from '../../exposes/board-app';
import { ada, board, issue, signInAs } from '../../testing/board-fixtures';
import { card, column, renderBoard } from '../../testing/render-board';
import { useBoardStore } from '../../shared/board-store';

function GoTo({ path }: { path: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(path)}>
      go
    </button>
  );
}

beforeEach(() => {
  socketManager.disconnect();
  openedSockets.length = 0;
  signInAs(ada);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('the board view', () => {
  it('shows the board name and each column with its name, issue count and cards', async () => {
    await renderBoard();
    expect(
      screen
        .getAllByRole('region')
        .map((r) => r.getAttribute('aria-labelledby') && within(r).getByRole('heading').textContent),
    ).toEqual(['To Do', 'In Progress', 'Done']);
    expect(within(column('To Do')).getByLabelText('2 issues')).toHaveTextContent('2');
    expect(
      within(column('To Do'))
        .getAllByRole('button', { name: /^(Write the spec|Draw the board)$/ })
        .map((b) => b.getAttribute('data-issue-id')),
    ).toEqual(['1', '2']);
    expect(within(column('Done')).getByText('Empty column')).toBeInTheDocument();
    expect(within(column('Done')).getByLabelText('0 issues')).toHaveTextContent('0');
  });

  it('fades in after 50 ms', async () => {
    jest.useFakeTimers();
    try {
      fakeApi({ 'GET /api/boards/1': answer(200, board()) });
      const { container } = renderRemoteAt(BoardApp, ['boards/*'], '/boards/1');
      const fade = container.querySelector('[data-shown]')!;
      expect(fade).toHaveAttribute('data-shown', 'false');
      act(() => jest.advanceTimersByTime(50));
      expect(fade).toHaveAttribute('data-shown', 'true');
    } finally {
      jest.useRealTimers();
    }
    await screen.findByRole('heading', { level: 1, name: 'Web board' });
  });

  it('shows "Loading board..." while the first fetch runs', async () => {
    const held = heldAnswer();
    fakeApi({ 'GET /api/boards/1': held.route });
    renderRemoteAt(BoardApp, ['boards/*'], '/boards/1');
    expect(screen.getByText('Loading board...')).toBeInTheDocument();
    held.release(answer(200, board()));
    await screen.findByRole('heading', { level: 1, name: 'Web board' });
    expect(screen.queryByText('Loading board...')).toBeNull();
  });

  it('shows "Board Not Found" for a board that does not exist', async () => {
    fakeApi({ 'GET /api/boards/9': answer(404, { message: 'Board not found' }) });
    renderRemoteAt(BoardApp, ['boards/*'], '/boards/9');
    expect(await screen.findByRole('heading', { name: 'Board Not Found' })).toBeInTheDocument();
    expect(screen.getByText('No board data found for ID (9)')).toBeInTheDocument();
  });

  it('shows an error box with the message', async () => {
    fakeApi({ 'GET /api/boards/1': answer(500, { message: 'Database unavailable' }) });
    renderRemoteAt(BoardApp, ['boards/*'], '/boards/1');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Database unavailable');
  });

  it('falls back to the generic message when the error is not a string', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    await renderBoard();
    act(() => useBoardStore.setState({ error: { code: 'E' } }));
    expect(screen.getByRole('alert')).toHaveTextContent('An unexpected error occurred. Check console for details.');
    expect(error).toHaveBeenCalled();
  });

  it('says so when the board has no columns', async () => {
    await renderBoard(board([], { columns: [] }));
    expect(screen.getByText('No columns found. Configure columns or check board data.')).toBeInTheDocument();
  });

  it('fetches again when the board id changes, leaving the old room for the new one', async () => {
    const server = fakeApi({
      'GET /api/boards/1': answer(200, board()),
      'GET /api/boards/2': answer(200, board(undefined, { id: '2', name: 'Second board' })),
    });
    const { unmount } = renderRemoteAt(BoardApp, ['boards/*'], '/boards/1', <GoTo path="/boards/2" />);
    await screen.findByRole('heading', { level: 1, name: 'Web board' });
    const socket = lastSocket()!;
    act(() => socket.serverConnects());
    expect(socket.joins()).toEqual(['board_1']);
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    await screen.findByRole('heading', { level: 1, name: 'Second board' });
    expect(server.callsTo('GET /api/boards/2')).toHaveLength(1);
    expect(socket.leaves()).toEqual(['board_1']);
    expect(socket.joins()).toEqual(['board_1', 'board_2']);
    unmount();
    expect(socket.leaves()).toEqual(['board_1', 'board_2']);
  });

  it('clicking a card opens the issue dialog', async () => {
    await renderBoard(undefined, {
      'GET /api/issues/2': answer(200, issue({ id: '2', columnId: '10', position: 1, title: 'Draw the board' })),
      'GET /api/issues/2/comments': answer(200, []),
    });
    fireEvent.click(card('Draw the board'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('button', { name: 'Draw the board, edit title' })).toBeInTheDocument();
  });
});

describe('live updates', () => {
  it('joins the board room and shows what others change without a reload', async () => {
    await renderBoard();
    const socket = lastSocket()!;
    act(() => socket.serverConnects());
    expect(socket.joins()).toEqual(['board_1']);
    const moved: IssueDto = issue({ id: '1', columnId: '12', position: 0, status: 'DONE', title: 'Write the spec' });
    act(() =>
      socket.serverSends('board_updated', {
        boardId: '1',
        version: 6,
        issues: [moved],
        complete: false,
        originId: 'someone-else',
      }),
    );
    expect(within(column('Done')).getByRole('button', { name: 'Write the spec' })).toBeInTheDocument();
    expect(within(column('To Do')).queryByRole('button', { name: 'Write the spec' })).toBeNull();
  });

  it('fetches the board again after a reconnect', async () => {
    const { server } = await renderBoard();
    const socket = lastSocket()!;
    act(() => socket.serverConnects());
    act(() => socket.serverDrops());
    act(() => socket.serverConnects());
    await waitFor(() => expect(server.callsTo('GET /api/boards/1')).toHaveLength(2));
    await waitFor(() => expect(useBoardStore.getState().loading).toBe(false));
    expect(socket.joins()).toEqual(['board_1', 'board_1']);
  });

  it('leaves the room when the view goes away', async () => {
    const { unmount } = await renderBoard();
    const socket = lastSocket()!;
    act(() => socket.serverConnects());
    unmount();
    expect(socket.leaves()).toEqual(['board_1']);
  });
});
