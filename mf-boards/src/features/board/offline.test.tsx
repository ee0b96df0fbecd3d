import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { socketManager } from '@trackboard/web-kit';
import { answer, fakeApi, lastSocket, openedSockets, renderRemoteAt } from '@trackboard/web-kit/testing';
import BoardApp from '../../exposes/board-app';
import { ada, board, issue, signInAs } from '../../testing/board-fixtures';
import { goOffline, goOnline, noAnswer, resetNetwork } from '../../testing/network';
import { card, column, renderBoard } from '../../testing/render-board';
import { uiMessages } from '../../ui-messages';
import { useBoardStore } from '../../shared/board-store';
import { OFFLINE_RETRY_FIRST_MS } from './use-connection-watch';

// Going offline and moving a card wiped the board to "Error / Failed to fetch".

const banner = () => screen.queryByText(uiMessages.offlineBanner);
const titlesIn = (name: string) =>
  within(column(name))
    .queryAllByRole('button')
    .filter((b) => b.hasAttribute('data-issue-id'))
    .map((b) => document.getElementById(b.getAttribute('aria-labelledby')!)!.textContent);
const press = (key: string) => fireEvent.keyDown(document.activeElement!, { key });

/** "Write the spec" from To Do to the top of In Progress, with the keyboard (Space, →, Enter). */
async function moveWriteTheSpec() {
  act(() => card('Write the spec').focus());
  press(' ');
  press('ArrowRight');
  press('Enter');
}

/** Offline, with every call failing the way fetch fails without a network. */
async function offlineBoard() {
  const rendered = await renderBoard();
  act(() => lastSocket()!.serverConnects());
  goOffline();
  rendered.server.on('GET /api/boards/1', noAnswer);
  rendered.server.on('PUT /api/issues/1/position', noAnswer);
  return rendered;
}

beforeEach(() => {
  resetNetwork();
  socketManager.disconnect();
  openedSockets.length = 0;
  signInAs(ada);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  resetNetwork();
  jest.restoreAllMocks();
});

const reconnecting = () => screen.queryByText(uiMessages.reconnecting);

describe('the realtime connection dropping (the server going away)', () => {
  it('says "Reconnecting…" at once, with nothing done on the page, and the banner goes once it is back', async () => {
    const { server } = await renderBoard();
    act(() => lastSocket()!.serverConnects());
    expect(reconnecting()).toBeNull();
    act(() => lastSocket()!.serverDrops('transport close'));
    expect(reconnecting()).toBeInTheDocument();
    expect(titlesIn('To Do')).toEqual(['Write the spec', 'Draw the board']);
    const before = server.callsTo('GET /api/boards/1').length;
    act(() => lastSocket()!.serverConnects());
    expect(reconnecting()).toBeNull();
    // Events may have been missed meanwhile: the board is fetched again.
    await waitFor(() => expect(server.callsTo('GET /api/boards/1')).toHaveLength(before + 1));
  });

  it('while it stays down, the board is asked for, and a server that answers gets the connection retried (socket.io gives up after 5 attempts)', async () => {
    jest.useFakeTimers();
    try {
      const { server } = await renderBoard();
      const socket = lastSocket()!;
      act(() => socket.serverConnects());
      act(() => socket.serverDrops('transport close'));
      const asked = () => server.callsTo('GET /api/boards/1').length;
      const before = asked();
      await act(() => jest.advanceTimersByTimeAsync(OFFLINE_RETRY_FIRST_MS));
      expect(asked()).toBe(before + 1);
      expect(socket.connectCalls).toBe(1);
      expect(reconnecting()).toBeInTheDocument();
      act(() => socket.serverConnects());
      expect(reconnecting()).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('a move made meanwhile is kept, and sent once the connection is back', async () => {
    const { server } = await renderBoard();
    act(() => lastSocket()!.serverConnects());
    act(() => lastSocket()!.serverDrops('transport close'));
    server.on('PUT /api/issues/1/position', noAnswer);
    server.on('GET /api/boards/1', noAnswer);
    await moveWriteTheSpec();
    await waitFor(() => expect(screen.getByText(uiMessages.queuedMoves(1))).toBeInTheDocument());
    expect(titlesIn('In Progress')).toEqual(['Write the spec', 'Build the API']);
    const moved = issue({ id: '1', columnId: '11', position: 0, title: 'Write the spec', status: 'IN_PROGRESS' });
    server.on('PUT /api/issues/1/position', answer(200, { issues: [moved], version: 6 }));
    server.on(
      'GET /api/boards/1',
      answer(200, {
        ...board([
          moved,
          issue({ id: '2', columnId: '10', position: 0, title: 'Draw the board' }),
          issue({ id: '3', columnId: '11', position: 1, title: 'Build the API', status: 'IN_PROGRESS' }),
        ]),
        version: 6,
      }),
    );
    const sent = server.callsTo('PUT /api/issues/1/position').length;
    act(() => lastSocket()!.serverConnects());
    await waitFor(() => expect(screen.queryByText(uiMessages.queuedMoves(1))).toBeNull());
    expect(server.callsTo('PUT /api/issues/1/position')).toHaveLength(sent + 1);
    expect(titlesIn('In Progress')).toEqual(['Write the spec', 'Build the API']);
    expect(reconnecting()).toBeNull();
  });
});

describe('the board offline', () => {
  it('keeps the board when a move is made offline: the card stays where it was dropped, and the banner counts it', async () => {
    await offlineBoard();
    await moveWriteTheSpec();
    await waitFor(() => expect(banner()).toBeInTheDocument());
    // Let the move and anything it set off settle.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Web board' })).toBeInTheDocument();
    expect(titlesIn('To Do')).toEqual(['Draw the board']);
    expect(titlesIn('In Progress')).toEqual(['Write the spec', 'Build the API']);
    expect(screen.queryByText('Failed to fetch')).toBeNull();
    expect(banner()).toBeInTheDocument();
    expect(banner()!.closest('[role="status"]')).toHaveTextContent(uiMessages.queuedMoves(1));
  });

  it('shows the banner as soon as the browser says it is offline, and hides it when it is back', async () => {
    const { server } = await renderBoard();
    expect(banner()).toBeNull();
    goOffline();
    expect(banner()).toBeInTheDocument();
    goOnline();
    expect(banner()).toBeNull();
    await waitFor(() => expect(server.callsTo('GET /api/boards/1')).toHaveLength(2));
  });

  it('back online: the banner goes and the board is fetched once, even when the socket reconnects too', async () => {
    const { server } = await offlineBoard();
    await moveWriteTheSpec();
    await waitFor(() => expect(banner()).toBeInTheDocument());
    act(() => lastSocket()!.serverDrops());
    const before = server.callsTo('GET /api/boards/1').length;
    const moved = issue({ id: '1', columnId: '11', position: 0, title: 'Write the spec', status: 'IN_PROGRESS' });
    const later = board([
      moved,
      issue({ id: '2', columnId: '10', position: 0, title: 'Draw the board' }),
      issue({ id: '3', columnId: '11', position: 1, title: 'Build the API', status: 'IN_PROGRESS' }),
    ]);
    server.on('GET /api/boards/1', answer(200, { ...later, version: 9 }));
    server.on('PUT /api/issues/1/position', answer(200, { issues: [moved], version: 8 }));
    goOnline();
    act(() => lastSocket()!.serverConnects());
    expect(banner()).toBeNull();
    await waitFor(() => expect(titlesIn('In Progress')).toEqual(['Write the spec', 'Build the API']));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(server.callsTo('GET /api/boards/1')).toHaveLength(before + 1);
    expect(banner()).toBeNull();
  });

  it('a refetch that gets no answer keeps the board on screen', async () => {
    const { server } = await offlineBoard();
    act(() => lastSocket()!.serverDrops());
    act(() => lastSocket()!.serverConnects());
    await waitFor(() => expect(server.callsTo('GET /api/boards/1').length).toBeGreaterThan(1));
    await waitFor(() => expect(useBoardStore.getState().loading).toBe(false));
    expect(screen.getByRole('heading', { level: 1, name: 'Web board' })).toBeInTheDocument();
    expect(titlesIn('To Do')).toEqual(['Write the spec', 'Draw the board']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(banner()).toBeInTheDocument();
  });

  it('an error the server answers is not taken for offline: the error box shows, the board stays', async () => {
    const { server } = await renderBoard();
    server.on('PUT /api/issues/1/position', answer(500, { message: 'Database unavailable' }));
    await moveWriteTheSpec();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    await waitFor(() => expect(titlesIn('To Do')).toEqual(['Write the spec', 'Draw the board']));
    expect(banner()).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Web board' })).toBeInTheDocument();
  });

  it('no answer while the browser says it is online: "Reconnecting…", and the board is asked for again, further apart, until the server answers', async () => {
    // Fake timers from the start: the first retry is set when the banner shows.
    jest.useFakeTimers();
    try {
      const { server } = await renderBoard();
      act(() => lastSocket()!.serverConnects());
      server.on('GET /api/boards/1', noAnswer);
      server.on('PUT /api/issues/1/position', noAnswer);
      await moveWriteTheSpec();
      await waitFor(() => expect(reconnecting()).toBeInTheDocument());
      const asked = () => server.callsTo('GET /api/boards/1').length;
      const before = asked();
      await act(() => jest.advanceTimersByTimeAsync(OFFLINE_RETRY_FIRST_MS));
      expect(asked()).toBe(before + 1);
      expect(reconnecting()).toBeInTheDocument();
      // The next try waits twice as long.
      await act(() => jest.advanceTimersByTimeAsync(OFFLINE_RETRY_FIRST_MS));
      expect(asked()).toBe(before + 1);
      server.on('GET /api/boards/1', answer(200, board()));
      server.on('PUT /api/issues/1/position', answer(200, { issues: [], version: 6 }));
      await act(() => jest.advanceTimersByTimeAsync(OFFLINE_RETRY_FIRST_MS));
      expect(asked()).toBe(before + 2);
      expect(reconnecting()).toBeNull();
      // Answered: no more tries.
      await act(() => jest.advanceTimersByTimeAsync(OFFLINE_RETRY_FIRST_MS * 10));
      expect(asked()).toBe(before + 2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('a board that could not load offline loads once the network is back', async () => {
    goOffline();
    const server = fakeApi({ 'GET /api/boards/1': noAnswer });
    renderRemoteAt(BoardApp, ['boards/*'], '/boards/1');
    await waitFor(() => expect(banner()).toBeInTheDocument());
    server.on('GET /api/boards/1', answer(200, board()));
    goOnline();
    expect(await screen.findByRole('heading', { level: 1, name: 'Web board' })).toBeInTheDocument();
    expect(server.callsTo('GET /api/boards/1')).toHaveLength(2);
  });
});
