import type { ManagerOptions, SocketOptions } from 'socket.io-client';
import { useSession } from '../session/session-store';
import { fakeIo, lastSocket, openedSockets } from '../testing/fake-socket';
import {
  bindRealtimeToSession,
  createSocketManager,
  leftRoomMessage,
  notConnectedMessage,
  socketManager,
  type BoardSocket,
} from './socket-manager';

let mockSocketIoLoaded = false;
jest.mock('socket.io-client', () => {
  mockSocketIoLoaded = true;
  return { io: jest.fn((options: Record<string, unknown>) => fakeIo(options)) };
});

/** socket.io-client is imported on the first connection: let that import settle. */
const opened = () => new Promise((resolve) => setTimeout(resolve, 0));

const signIn = (token = 'tok-1', id = '7') => useSession.getState().signIn(token, { id, name: 'Ada' });

let warn: jest.SpyInstance;
let error: jest.SpyInstance;
beforeEach(() => {
  localStorage.clear();
  useSession.getState().restore();
  openedSockets.length = 0;
  warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  error = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  socketManager.disconnect();
  warn.mockRestore();
  error.mockRestore();
});

describe('the realtime connection', () => {
  it('loads socket.io-client with the first connection, not with the page', async () => {
    expect(mockSocketIoLoaded).toBe(false);
    signIn('tok-1');
    createSocketManager().connect();
    await opened();
    expect(mockSocketIoLoaded).toBe(true);
    expect(openedSockets).toHaveLength(1);
  });

  it('opens one websocket-only connection with the session token and the spec timings', async () => {
    signIn('tok-1');
    const manager = createSocketManager();
    manager.connect();
    manager.connect();
    await opened();
    expect(openedSockets).toHaveLength(1);
    expect(lastSocket()!.options).toEqual({
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: 'tok-1' },
      reconnection: true,
      reconnectionAttempts: 5,
      reconnectionDelay: 3000,
      timeout: 10000,
    });
  });

  it('without a token aborts with a console warning and opens nothing', async () => {
    const manager = createSocketManager();
    manager.connect();
    expect(openedSockets).toHaveLength(0);
    expect(warn).toHaveBeenCalledWith('Realtime connection aborted: no authentication token.');
    await expect(manager.joinBoardRoom('4')).resolves.toEqual({ ok: false, message: notConnectedMessage });
  });

  it('only logs connection errors', async () => {
    signIn();
    const manager = createSocketManager();
    manager.connect();
    await opened();
    expect(() => lastSocket()!.serverRefuses('websocket error')).not.toThrow();
    expect(error).toHaveBeenCalledWith('Realtime connection error:', 'websocket error');
  });

  it('a new sign-in reconnects with the new token; logout disconnects', async () => {
    signIn('tok-1');
    const manager = createSocketManager();
    const unbind = bindRealtimeToSession(manager);
    await opened();
    expect(openedSockets).toHaveLength(1);
    signIn('tok-2');
    await opened();
    expect(openedSockets).toHaveLength(2);
    expect(openedSockets[0]!.disconnected).toBe(true);
    expect(lastSocket()!.options.auth).toEqual({ token: 'tok-2' });
    useSession.getState().signOut();
    expect(lastSocket()!.disconnected).toBe(true);
    unbind();
  });
});

// The server refuses the realtime connection to accounts that are not ACTIVE;
// opening one anyway put a console error on every page a pending or unverified user saw.
describe('only ACTIVE accounts connect', () => {
  const signInAwaiting = (status: string, token = 'tok-p') =>
    useSession.getState().signIn(token, { id: '9', name: 'Pat', status });
  let unbinds: Array<() => void> = [];
  /** A manager bound to the session, unbound after the test whatever its outcome. */
  const boundManager = () => {
    const manager = createSocketManager();
    const unbind = bindRealtimeToSession(manager);
    unbinds.push(() => {
      unbind();
      manager.disconnect();
    });
    return manager;
  };
  afterEach(() => {
    unbinds.forEach((unbind) => unbind());
    unbinds = [];
  });

  it.each(['PENDING_VERIFICATION', 'PENDING_APPROVAL'])(
    'opens nothing, and logs no error, for a %s account',
    async (status) => {
      signInAwaiting(status);
      const manager = boundManager();
      await opened();
      expect(openedSockets).toHaveLength(0);
      expect(warn).not.toHaveBeenCalled();
      await expect(manager.joinBoardRoom('4')).resolves.toEqual({ ok: false, message: notConnectedMessage });
      await opened();
      expect(openedSockets).toHaveLength(0);
      expect(error).not.toHaveBeenCalled();
    },
  );

  it('connects once the account is approved, with the same token, and closes when it stops being ACTIVE', async () => {
    signInAwaiting('PENDING_APPROVAL', 'tok-same');
    boundManager();
    await opened();
    expect(openedSockets).toHaveLength(0);

    useSession.getState().updateUser({ status: 'ACTIVE' });
    await opened();
    expect(openedSockets).toHaveLength(1);
    expect(lastSocket()!.options.auth).toEqual({ token: 'tok-same' });

    useSession.getState().updateUser({ status: 'SUSPENDED' });
    expect(lastSocket()!.disconnected).toBe(true);
  });

  it('a record without a status counts as ACTIVE', async () => {
    signIn('tok-1');
    boundManager();
    await opened();
    expect(openedSockets).toHaveLength(1);
  });
});

describe('board rooms', () => {
  it('queues join requests made before the connection is ready and sends them on connect', async () => {
    signIn();
    const manager = createSocketManager();
    const joining = manager.joinBoardRoom('12');
    await opened();
    const socket = lastSocket()!;
    expect(socket.joins()).toEqual([]);
    socket.serverConnects();
    expect(socket.joins()).toEqual(['board_12']);
    await expect(joining).resolves.toEqual({ ok: true });
  });

  it('joins at once when connected, and passes the server refusal on', async () => {
    signIn();
    const manager = createSocketManager();
    manager.connect();
    await opened();
    const socket = lastSocket()!;
    socket.serverConnects();
    socket.joinAnswer = () => ({ ok: false, message: 'Board not found' });
    await expect(manager.joinBoardRoom(99)).resolves.toEqual({ ok: false, message: 'Board not found' });
    expect(socket.joins()).toEqual(['board_99']);
  });

  it.each([
    ['a connection error', (s: ReturnType<typeof lastSocket>) => s!.serverRefuses()],
    ['a disconnect', (s: ReturnType<typeof lastSocket>) => s!.serverDrops()],
  ])('clears the queue on %s', async (_name, fail) => {
    signIn();
    const manager = createSocketManager();
    const joining = manager.joinBoardRoom('12');
    await opened();
    const socket = lastSocket()!;
    fail(socket);
    await expect(joining).resolves.toEqual({ ok: false, message: notConnectedMessage });
    socket.serverConnects();
    expect(socket.joins()).toEqual([]);
  });

  it('leaving a room removes it from the queue', async () => {
    signIn();
    const manager = createSocketManager();
    const first = manager.joinBoardRoom('1');
    const second = manager.joinBoardRoom('2');
    manager.leaveBoardRoom('1');
    await expect(first).resolves.toEqual({ ok: false, message: leftRoomMessage });
    await opened();
    const socket = lastSocket()!;
    socket.serverConnects();
    expect(socket.joins()).toEqual(['board_2']);
    expect(socket.leaves()).toEqual([]);
    await expect(second).resolves.toEqual({ ok: true });
  });

  it('leaves a joined room on the server', async () => {
    signIn();
    const manager = createSocketManager();
    manager.connect();
    await opened();
    const socket = lastSocket()!;
    socket.serverConnects();
    await manager.joinBoardRoom('5');
    manager.leaveBoardRoom('5');
    expect(socket.leaves()).toEqual(['board_5']);
  });

  it('joins its rooms again after a reconnect and tells the listeners it reconnected', async () => {
    signIn();
    const manager = createSocketManager();
    const connects: boolean[] = [];
    manager.onConnect(({ reconnect }) => connects.push(reconnect));
    manager.connect();
    await opened();
    const socket = lastSocket()!;
    socket.serverConnects();
    await manager.joinBoardRoom('5');
    await manager.joinBoardRoom('6');
    manager.leaveBoardRoom('6');
    socket.serverDrops();
    socket.serverConnects();
    expect(socket.joins()).toEqual(['board_5', 'board_6', 'board_5']);
    expect(connects).toEqual([false, true]);
  });
});

describe('while socket.io-client is still loading', () => {
  /** An `open` that answers when the test says the library has arrived. */
  const slowOpen = () => {
    let finish = () => undefined as void;
    const open = (options: Partial<ManagerOptions & SocketOptions>) =>
      new Promise<BoardSocket>((resolve) => {
        const { io } = jest.requireMock<typeof import('socket.io-client')>('socket.io-client');
        finish = () => resolve(io(options) as BoardSocket);
      });
    return { open, finish: () => finish() };
  };

  it('queues a join and sends it once the socket is open and connected', async () => {
    signIn();
    const loading = slowOpen();
    const manager = createSocketManager({ open: loading.open });
    const joining = manager.joinBoardRoom('3');
    manager.connect();
    loading.finish();
    await opened();
    expect(openedSockets).toHaveLength(1);
    lastSocket()!.serverConnects();
    await expect(joining).resolves.toEqual({ ok: true });
  });

  it('a logout before it arrives leaves no connection behind', async () => {
    signIn();
    const loading = slowOpen();
    const manager = createSocketManager({ open: loading.open });
    const joining = manager.joinBoardRoom('3');
    manager.disconnect();
    await expect(joining).resolves.toEqual({ ok: false, message: notConnectedMessage });
    loading.finish();
    await opened();
    expect(lastSocket()!.disconnected).toBe(true);
    expect(manager.isConnected()).toBe(false);
  });
});

describe('board_updated', () => {
  it('reaches every subscriber until it unsubscribes', async () => {
    signIn();
    const manager = createSocketManager();
    const seen: unknown[] = [];
    const unsubscribe = manager.onBoardUpdated((event) => seen.push(event.version));
    manager.connect();
    await opened();
    const socket = lastSocket()!;
    socket.serverConnects();
    socket.serverSends('board_updated', { boardId: '1', version: 2, issues: [], complete: false });
    unsubscribe();
    socket.serverSends('board_updated', { boardId: '1', version: 3, issues: [], complete: false });
    expect(seen).toEqual([2]);
  });

  it('a failing subscriber does not keep the event from the others', async () => {
    signIn();
    const manager = createSocketManager();
    const seen: number[] = [];
    manager.onBoardUpdated(() => {
      throw new Error('broken listener');
    });
    manager.onBoardUpdated((event) => seen.push(event.version));
    manager.connect();
    await opened();
    lastSocket()!.serverConnects();
    lastSocket()!.serverSends('board_updated', { boardId: '1', version: 2, issues: [], complete: false });
    expect(seen).toEqual([2]);
    expect(error).toHaveBeenCalledWith('A board_updated listener failed', expect.any(Error));
  });

  it('gives each page its own origin id', () => {
    expect(createSocketManager().originId).not.toBe(createSocketManager().originId);
    expect(socketManager.originId).toEqual(expect.any(String));
  });
});

describe('comment_changed', () => {
  it('reaches every subscriber until it unsubscribes, and only them', async () => {
    signIn();
    const manager = createSocketManager();
    const comments: unknown[] = [];
    const boards: unknown[] = [];
    const unsubscribe = manager.onCommentChanged((event) => comments.push(event));
    manager.onBoardUpdated((event) => boards.push(event));
    manager.connect();
    await opened();
    const socket = lastSocket()!;
    socket.serverConnects();
    const change = { boardId: '1', issueId: '5', commentCount: 2, originId: 'other-page' };
    socket.serverSends('comment_changed', change);
    unsubscribe();
    socket.serverSends('comment_changed', { ...change, commentCount: 3 });
    expect(comments).toEqual([change]);
    expect(boards).toEqual([]);
  });
});

describe('notification', () => {
  it("reaches its subscribers without joining any room: the server put the socket in its user's room", async () => {
    signIn();
    const manager = createSocketManager();
    const pushed: unknown[] = [];
    const unsubscribe = manager.onNotification((event) => pushed.push(event));
    manager.connect();
    await opened();
    const socket = lastSocket()!;
    socket.serverConnects();
    const event = {
      notification: {
        id: '1',
        kind: 'assigned',
        issueId: '5',
        issueKey: 'WEB-5',
        projectKey: 'WEB',
        title: 'Fix the login',
        excerpt: '',
        actor: { id: '2', name: 'Grace' },
        createdAt: '2025-01-01T00:00:00.000Z',
        readAt: null,
      },
      unreadCount: 3,
    };
    socket.serverSends('notification', event);
    unsubscribe();
    socket.serverSends('notification', { ...event, unreadCount: 4 });
    expect(pushed).toEqual([event]);
    expect(socket.joins()).toEqual([]);
  });
});

describe('the server closing the connection', () => {
  it('asks who we are when the server ends it (a revoked account), not when the network drops', async () => {
    signIn('tok-1');
    const onServerClose = jest.fn();
    createSocketManager({ onServerClose }).connect();
    await opened();
    lastSocket()!.serverConnects();
    lastSocket()!.serverDrops('transport close');
    expect(onServerClose).not.toHaveBeenCalled();
    lastSocket()!.serverDrops('io server disconnect');
    expect(onServerClose).toHaveBeenCalledTimes(1);
  });
});

describe('presence (who else is on a board)', () => {
  it('says where the page is only while connected, and hears the others through its listeners', async () => {
    signIn('tok-1');
    const manager = createSocketManager();
    manager.connect();
    await opened();
    const socket = lastSocket()!;
    manager.sendPresence({ boardId: '5' }); // not connected yet: dropped, the room join will say it
    socket.serverConnects();
    manager.sendPresence({ boardId: '5', issueId: '9', editing: 'title' });
    expect(socket.sent.filter((m) => m.event === 'presence').map((m) => m.args)).toEqual([
      [{ boardId: '5', issueId: '9', editing: 'title' }],
    ]);

    const heard: unknown[] = [];
    const offHeard = manager.onPresence((event) => heard.push(event));
    const offLeft = manager.onPresenceLeft((event) => heard.push(event));
    const event = {
      boardId: '5',
      key: 'k1',
      user: { id: '2', name: 'Grace', avatarUrl: null },
      issueId: null,
      editing: null,
      joined: true,
    };
    socket.serverSends('presence', event);
    socket.serverSends('presence_left', { boardId: '5', key: 'k1' });
    offHeard();
    offLeft();
    socket.serverSends('presence', event);
    expect(heard).toEqual([event, { boardId: '5', key: 'k1' }]);
  });

  it('tells when the server let the page into a board room, after a reconnect too, not when it refused', async () => {
    signIn('tok-1');
    const manager = createSocketManager();
    const joined: string[] = [];
    manager.onRoomJoined((boardId) => joined.push(boardId));
    void manager.joinBoardRoom(5);
    await opened();
    const socket = lastSocket()!;
    socket.joinAnswer = (room) => (room === 'board_6' ? { ok: false, message: 'Board not found' } : { ok: true });
    socket.serverConnects();
    await manager.joinBoardRoom(6);
    socket.serverDrops();
    socket.serverConnects();
    expect(joined).toEqual(['5', '5']);
  });
});

describe('a dropped connection (the board says "Reconnecting…")', () => {
  it('tells its listeners when a live connection drops, until they unsubscribe', async () => {
    signIn('tok-1');
    const manager = createSocketManager();
    const dropped = jest.fn();
    const unsubscribe = manager.onDisconnect(dropped);
    manager.connect();
    await opened();
    lastSocket()!.serverConnects();
    lastSocket()!.serverDrops('transport close');
    expect(dropped).toHaveBeenCalledWith({ reason: 'transport close' });
    unsubscribe();
    lastSocket()!.serverConnects();
    lastSocket()!.serverDrops('transport close');
    expect(dropped).toHaveBeenCalledTimes(1);
  });

  it('a logout is no drop', async () => {
    signIn('tok-1');
    const manager = createSocketManager();
    const dropped = jest.fn();
    manager.onDisconnect(dropped);
    manager.connect();
    await opened();
    lastSocket()!.serverConnects();
    manager.disconnect();
    expect(dropped).not.toHaveBeenCalled();
  });

  it('retryConnection opens a connection that is down again (socket.io gives up after 5 attempts), and leaves a live one alone', async () => {
    signIn('tok-1');
    const manager = createSocketManager();
    manager.connect();
    await opened();
    const socket = lastSocket()!;
    socket.serverConnects();
    manager.retryConnection();
    expect(socket.connectCalls).toBe(0);
    socket.serverDrops('transport close');
    manager.retryConnection();
    expect(socket.connectCalls).toBe(1);
    expect(openedSockets).toHaveLength(1);
  });
});
