import {
  boardRoom,
  parseBoardRoom,
  SOCKET_PATH,
  type BoardUpdatedEvent,
  type ClientToServerEvents,
  type CommentChangedEvent,
  type JoinAck,
  type NotificationPushedEvent,
  type PresenceEvent,
  type PresenceLeftEvent,
  type PresenceUpdate,
  type ServerToClientEvents,
} from '@trackboard/contracts';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { recheckSession } from '../session/session-api';
import { useSession, type StoredSession } from '../session/session-store';
import { accountStatusOf } from '../session/session-user';

// The one realtime connection of the web app. It lives
// in web-kit, the shared singleton, so the shell and every remote see the same connection.

export type BoardSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type BoardUpdateListener = (event: BoardUpdatedEvent) => void;
export type CommentChangeListener = (event: CommentChangedEvent) => void;
export type NotificationListener = (event: NotificationPushedEvent) => void;
export type PresenceListener = (event: PresenceEvent) => void;
export type PresenceLeftListener = (event: PresenceLeftEvent) => void;
/** The server let this connection into the board's room (also after a reconnect rejoins it). */
export type RoomJoinedListener = (boardId: string) => void;
/** `reconnect` is false for the first connection of a socket, true for every later one. */
export type ConnectListener = (info: { reconnect: boolean }) => void;
/** A live connection dropped (`reason` as socket.io says it); socket.io tries to reconnect meanwhile. */
export type DisconnectListener = (info: { reason: string }) => void;

/** Spec §9: websocket only, reconnection on, 5 attempts, 3 s apart, 10 s connect timeout. */
export const socketOptions: Partial<ManagerOptions & SocketOptions> = {
  path: SOCKET_PATH,
  transports: ['websocket'],
  reconnection: true,
  reconnectionAttempts: 5,
  reconnectionDelay: 3000,
  timeout: 10_000,
};

export const notConnectedMessage = 'The realtime connection is not available.';
export const leftRoomMessage = 'Left the room before the connection was ready.';

function randomId(): string {
  const crypto = globalThis.crypto;
  if (crypto && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export interface SocketManager {
  /**
   * Identifies this page to the server: sent as `x-origin-id` (ORIGIN_HEADER) with every
   * change, echoed back as `originId` in board_updated so the page can ignore its own echo.
   */
  readonly originId: string;
  /** Opens the connection with the session's token; without one it warns and gives up. */
  connect(): void;
  /** Closes the connection (logout) and forgets every room. */
  disconnect(): void;
  /** Joins `board_{id}`; queued until the connection is ready. Resolves with the server's ack. */
  joinBoardRoom(boardId: string | number): Promise<JoinAck>;
  /** Leaves `board_{id}`, or drops its queued join. */
  leaveBoardRoom(boardId: string | number): void;
  onBoardUpdated(listener: BoardUpdateListener): () => void;
  /** A comment of an issue on a joined board was added, edited, removed or reacted to. */
  onCommentChanged(listener: CommentChangeListener): () => void;
  /**
   * A notification for the signed-in user: the server pushes it to the user's own
   * room, which every socket joins on connect, so no join is asked for here.
   */
  onNotification(listener: NotificationListener): () => void;
  onConnect(listener: ConnectListener): () => void;
  /** A live connection dropped: not at logout or a new sign-in, which close it on purpose. */
  onDisconnect(listener: DisconnectListener): () => void;
  isConnected(): boolean;
  /**
   * The server answers again while the connection is down: try it now. socket.io gives up after
   * its attempts (5, 3 s apart), so an outage longer than those would otherwise leave
   * the page without live updates until a reload. A live connection, or one already trying, is
   * left alone.
   */
  retryConnection(): void;
  /** Says where this page is (a joined board, maybe an issue in it); dropped while not connected. */
  sendPresence(update: PresenceUpdate): void;
  /** Someone else's page on a joined board said where it is. */
  onPresence(listener: PresenceListener): () => void;
  onPresenceLeft(listener: PresenceLeftListener): () => void;
  onRoomJoined(listener: RoomJoinedListener): () => void;
}

type OpenSocket = (options: Partial<ManagerOptions & SocketOptions>) => BoardSocket | Promise<BoardSocket>;

interface Options {
  /** Opens a socket (socket.io-client's `io`); tests hand in a fake at the network boundary. */
  open?: OpenSocket;
  token?: () => string | null;
  /** The server closed the connection itself: its session may be gone. */
  onServerClose?: () => void;
}

/**
 * The token the realtime connection may use: a signed-in ACTIVE account's (a record without a
 * status counts as ACTIVE). The server refuses accounts awaiting verification or
 * approval, and opening one for them anyway put a console error on every page they saw.
 * Every connection reads its token through this, and the session binding uses it to
 * decide between connecting and closing, so the rule lives here only.
 */
export function realtimeTokenOf({ token, user }: StoredSession): string | null {
  return token && user?.id && accountStatusOf(user) === 'ACTIVE' ? token : null;
}

let io: typeof import('socket.io-client').io | undefined;
/**
 * socket.io-client (13 KB gzipped) is fetched with the first connection rather than with the
 * page: a signed-out page (/login) never connects. Once loaded, sockets open synchronously.
 */
const openWithSocketIo: OpenSocket = (options) =>
  io
    ? (io(options) as BoardSocket)
    : import('socket.io-client').then((loaded) => {
        io = loaded.io;
        return io(options) as BoardSocket;
      });

export function createSocketManager({
  open = openWithSocketIo,
  token = () => realtimeTokenOf(useSession.getState()),
  onServerClose = () => void recheckSession(),
}: Options = {}): SocketManager {
  let socket: BoardSocket | null = null;
  /** The token of the open socket, or of the one still being opened. */
  let socketToken: string | null = null;
  /** Bumped by every close: a socket that finishes opening after it is not wanted any more. */
  let generation = 0;
  let hasConnected = false;
  /** Join requests made before the connection was ready, with the callers awaiting their ack. */
  const queue = new Map<string, Array<(ack: JoinAck) => void>>();
  /** Rooms joined over a live connection: joined again after a reconnect. */
  const joined = new Set<string>();
  const updateListeners = new Set<BoardUpdateListener>();
  const commentListeners = new Set<CommentChangeListener>();
  const notificationListeners = new Set<NotificationListener>();
  const connectListeners = new Set<ConnectListener>();
  const disconnectListeners = new Set<DisconnectListener>();
  const presenceListeners = new Set<PresenceListener>();
  const presenceLeftListeners = new Set<PresenceLeftListener>();
  const roomJoinedListeners = new Set<RoomJoinedListener>();

  const clearQueue = (message: string) => {
    const waiting = [...queue.values()].flat();
    queue.clear();
    waiting.forEach((settle) => settle({ ok: false, message }));
  };

  const emitJoin = (room: string, settle?: (ack: JoinAck) => void) => {
    joined.add(room);
    socket!.emit('join_board_room', room, (ack) => {
      const answer: JoinAck =
        ack && typeof ack === 'object' && 'ok' in ack ? ack : { ok: false, message: notConnectedMessage };
      if (!answer.ok) {
        joined.delete(room);
        console.warn(`Could not join ${room}: ${answer.message}`);
      }
      settle?.(answer);
      const boardId = parseBoardRoom(room);
      if (answer.ok && boardId) notify('room joined', roomJoinedListeners, String(boardId));
    });
  };

  const close = () => {
    generation++;
    socketToken = null;
    hasConnected = false;
    if (!socket) return;
    const old = socket;
    socket = null;
    old.removeAllListeners();
    old.disconnect();
  };

  const connect = () => {
    const current = token();
    if (!current) {
      console.warn('Realtime connection aborted: no authentication token.');
      return;
    }
    if (socketToken === current) return;
    // A new sign-in (another token): the rooms wanted stay wanted on the new connection.
    close();
    socketToken = current;
    const wanted = generation;
    const opening = open({ ...socketOptions, auth: { token: current } });
    if (!(opening instanceof Promise)) return attach(opening);
    opening.then(
      (opened) => (generation === wanted ? attach(opened) : opened.disconnect()),
      (error: unknown) => {
        if (generation !== wanted) return;
        console.error('Realtime connection error:', error instanceof Error ? error.message : error);
        socketToken = null;
        clearQueue(notConnectedMessage);
      },
    );
  };

  /** One failing listener must not keep the event from the others. */
  const notify = <Event>(name: string, listeners: Set<(event: Event) => void>, event: Event) => {
    listeners.forEach((listener) => {
      try {
        listener(event);
      } catch (error) {
        console.error(`A ${name} listener failed`, error);
      }
    });
  };

  const attach = (opened: BoardSocket) => {
    socket = opened;
    opened.on('connect', () => {
      if (socket !== opened) return;
      const reconnect = hasConnected;
      hasConnected = true;
      const requests = [...queue.entries()];
      queue.clear();
      // After a reconnect (or a new sign-in) the server knows none of this socket's rooms:
      // join again every room joined before, besides the queued requests.
      const rejoin = [...joined].filter((room) => !requests.some(([queued]) => queued === room));
      for (const [room, waiting] of requests) emitJoin(room, (ack) => waiting.forEach((settle) => settle(ack)));
      for (const room of rejoin) emitJoin(room);
      connectListeners.forEach((listener) => listener({ reconnect }));
    });
    opened.on('connect_error', (error: Error) => {
      console.error('Realtime connection error:', error?.message ?? error);
      clearQueue(notConnectedMessage);
    });
    opened.on('disconnect', (reason: string) => {
      console.warn('Realtime connection lost:', reason);
      clearQueue(notConnectedMessage);
      // Socket.IO does not reconnect after the server's own disconnect; a suspended or deleted
      // account is sent to sign in by asking who we are (the API client's 401 rule).
      if (reason === 'io server disconnect') onServerClose();
      notify('disconnect', disconnectListeners, { reason });
    });
    opened.on('board_updated', (event) => notify('board_updated', updateListeners, event));
    opened.on('comment_changed', (event) => notify('comment_changed', commentListeners, event));
    opened.on('notification', (event) => notify('notification', notificationListeners, event));
    opened.on('presence', (event) => notify('presence', presenceListeners, event));
    opened.on('presence_left', (event) => notify('presence_left', presenceLeftListeners, event));
  };

  return {
    originId: randomId(),
    connect,
    disconnect() {
      clearQueue(notConnectedMessage);
      joined.clear();
      close();
    },
    joinBoardRoom(boardId) {
      const room = boardRoom(boardId);
      if (!socketToken) connect();
      if (!socketToken) return Promise.resolve({ ok: false, message: notConnectedMessage });
      if (socket?.connected) {
        return new Promise<JoinAck>((resolve) => emitJoin(room, resolve));
      }
      return new Promise<JoinAck>((resolve) => {
        const waiting = queue.get(room) ?? [];
        waiting.push(resolve);
        queue.set(room, waiting);
      });
    },
    leaveBoardRoom(boardId) {
      const room = boardRoom(boardId);
      const waiting = queue.get(room);
      if (waiting) {
        queue.delete(room);
        waiting.forEach((settle) => settle({ ok: false, message: leftRoomMessage }));
      }
      const wasJoined = joined.delete(room);
      if (wasJoined && socket?.connected) socket.emit('leave_board_room', room);
    },
    onBoardUpdated(listener) {
      updateListeners.add(listener);
      return () => updateListeners.delete(listener);
    },
    onCommentChanged(listener) {
      commentListeners.add(listener);
      return () => commentListeners.delete(listener);
    },
    onNotification(listener) {
      notificationListeners.add(listener);
      return () => notificationListeners.delete(listener);
    },
    onConnect(listener) {
      connectListeners.add(listener);
      return () => connectListeners.delete(listener);
    },
    onDisconnect(listener) {
      disconnectListeners.add(listener);
      return () => disconnectListeners.delete(listener);
    },
    isConnected: () => Boolean(socket?.connected),
    retryConnection() {
      // socket.io's connect() opens its manager again unless it is already reconnecting.
      if (socket) {
        if (!socket.connected) socket.connect();
      } else if (!socketToken) connect();
    },
    sendPresence(update) {
      if (socket?.connected) socket.emit('presence', update);
    },
    onPresence(listener) {
      presenceListeners.add(listener);
      return () => presenceListeners.delete(listener);
    },
    onPresenceLeft(listener) {
      presenceLeftListeners.add(listener);
      return () => presenceLeftListeners.delete(listener);
    },
    onRoomJoined(listener) {
      roomJoinedListeners.add(listener);
      return () => roomJoinedListeners.delete(listener);
    },
  };
}

/** The app's one socket manager. */
export const socketManager = createSocketManager();

/**
 * Spec §4.2: the connection is open while a user with an id is signed in, and closed at
 * logout; a new sign-in reconnects with its token. Only while that account is ACTIVE
 * (`realtimeTokenOf`): an approval seen by the pending page connects with the same token.
 * Call once at app start (the shell); returns the unsubscribe function. Without it, joining
 * a room still connects on demand.
 */
export function bindRealtimeToSession(manager: SocketManager = socketManager): () => void {
  let wanted = realtimeTokenOf(useSession.getState());
  const sync = () => (wanted ? manager.connect() : manager.disconnect());
  sync();
  return useSession.subscribe((state) => {
    const next = realtimeTokenOf(state);
    if (next === wanted) return;
    wanted = next;
    sync();
  });
}
