import type { IncomingMessage } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import {
  boardRoom,
  parseBoardRoom,
  SOCKET_PATH,
  userRoom,
  type BoardUpdatedEvent,
  type ClientToServerEvents,
  type CommentChangedEvent,
  type JoinAck,
  type NotificationPushedEvent,
  type ServerToClientEvents,
} from '@trackboard/contracts';
import { messages } from '@trackboard/contracts';
import {
  failFastRedis,
  subscriberRedis,
  systemClock,
  tokenExpiry,
  type Authenticator,
  type AuthUser,
  type Clock,
  type Logger,
} from '@trackboard/server-kit';
import { connectionCaps, createConnectionCounter, type ConnectionCaps } from './connection-caps';
import { createPresence, type DescribeUser, type PresenceOptions } from './presence';

// What a socket keeps besides Socket.IO's own state: two ids and a number (the token stays
// in the handshake, where Socket.IO holds it anyway). Each idle socket costs heap for as long as
// it lives, so no per-socket user record, closure, timer or room beyond its user's own (notifications)
// and the boards it opens (bench: npm run bench -- sockets).
type SocketData = { userId: string; sessionId: string; expiresAt: number | null };
/** What replicas tell each other over the adapter: every board change, for the answers each keeps (board-answers.ts). */
export type ReplicaEvents = { board_updated: (event: BoardUpdatedEvent) => void };
type BoardSocket = Socket<ClientToServerEvents, ServerToClientEvents, ReplicaEvents, SocketData>;
export type BoardIo = Server<ClientToServerEvents, ServerToClientEvents, ReplicaEvents, SocketData>;

export type RealtimeOptions = PresenceOptions & {
  clock?: Clock;
  /** How often this replica looks for sockets whose token has expired (one pass over its sockets, no timer per socket). */
  sweepEveryMs?: number;
  caps?: ConnectionCaps;
  /** The prefix of this deployment's adapter channels on a Redis that several may share. */
  redisKey?: string;
};

export type RealtimeDeps = RealtimeOptions & {
  authenticate: Authenticator;
  canSeeBoard: (user: AuthUser, boardId: number) => Promise<boolean>;
  /** The name and picture the board room sees of someone present. */
  describeUser: DescribeUser;
  log: Logger;
  /** Origins allowed besides the page's own host (the handshake Origin is checked). */
  allowedOrigins: string[];
  /** With Redis, a board room spans every board-service replica. */
  redisUrl?: string;
  /** A change another replica announced to a board room (with Redis). */
  boardUpdatedElsewhere?: (event: BoardUpdatedEvent) => void;
};

export type Realtime = {
  io: BoardIo;
  emitBoardUpdated(event: BoardUpdatedEvent): void;
  /** A comment of one of the board's issues changed (over Redis, to every replica's sockets in the room). */
  emitCommentChanged(event: CommentChangedEvent): void;
  /** This replica's sockets of that user leave those board rooms (every replica hears the event). */
  removeFromBoards(userId: string, boardIds: string[]): void;
  /** This replica's sockets of that session are disconnected (logout). */
  disconnectSession(sessionId: string): void;
  /** This replica's sockets of that user are disconnected (suspension, rejection, deletion). */
  disconnectUser(userId: string): void;
  /** Boards that are gone: every replica's sockets leave their rooms. */
  emptyRooms(boardIds: string[]): void;
  /**
   * A notification for this replica's sockets of that user (their `user_<id>` room), not sent
   * through the adapter: every replica hears `notification.created` and tells its own.
   */
  notifyUser(userId: string, event: NotificationPushedEvent): void;
  close(): Promise<void>;
};

const answer = (ack: ((a: JoinAck) => void) | undefined, a: JoinAck) =>
  typeof ack === 'function' ? ack(a) : undefined;

function originAllowed(req: IncomingMessage, allowed: string[]): boolean {
  const origin = req.headers.origin;
  if (!origin) return true; // not a browser: the token still decides
  if (allowed.includes(origin)) return true;
  try {
    const forwardedHost = req.headers['x-forwarded-host'];
    const host = (Array.isArray(forwardedHost) ? forwardedHost[0] : forwardedHost) ?? req.headers.host;
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

const tokenOf = (socket: BoardSocket) => {
  const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' ? token : null;
};

/**
 * The Socket.IO adapter over Redis. A publish while Redis is away would reject with nobody to
 * catch it (the adapter does not), so failures are logged here; sockets on this replica still
 * get the event, the others' clients refetch when they see the version gap.
 */
function redisAdapter(url: string, log: Logger, key?: string) {
  const pub = failFastRedis(url, log, 'socket.io pub');
  const sub = subscriberRedis(url, log, 'socket.io sub');
  const publish = pub.publish.bind(pub) as (channel: string, message: string | Buffer) => Promise<number>;
  (pub as { publish: (channel: string, message: string | Buffer) => Promise<number> }).publish = (channel, message) =>
    publish(channel, message).catch((err: Error) => {
      log.debug({ err: err.message }, 'board event not sent to other replicas');
      return 0;
    });
  return { adapter: createAdapter(pub, sub, key ? { key } : {}), clients: [pub, sub] as Redis[] };
}

export function createRealtime({
  authenticate,
  canSeeBoard,
  log,
  allowedOrigins,
  redisUrl,
  redisKey,
  clock = systemClock,
  sweepEveryMs = 30_000,
  caps = connectionCaps,
  describeUser,
  presenceExpiryMs,
  boardUpdatedElsewhere,
}: RealtimeDeps): Realtime {
  const io: BoardIo = new Server({
    path: SOCKET_PATH,
    // Websocket only: no long-polling, so replicas need no sticky sessions.
    transports: ['websocket'],
    serveClient: false,
    // Clients send only room joins, leaves and presence, a few dozen bytes: a larger message closes the
    // socket instead of being buffered (engine.io would take up to 1 MB per socket).
    maxHttpBufferSize: 4 * 1024,
    // Explicit, as each compressing socket would keep a zlib context: board events are small.
    perMessageDeflate: false,
    allowRequest: (req, callback) => callback(null, originAllowed(req, allowedOrigins)),
  });

  const redisClients: Redis[] = [];
  if (redisUrl) {
    const { adapter, clients } = redisAdapter(redisUrl, log, redisKey);
    redisClients.push(...clients);
    io.adapter(adapter);
    if (boardUpdatedElsewhere) io.of('/').on('board_updated', boardUpdatedElsewhere);
  }
  // Sent on the same connection before the room's broadcast, so a replica has applied a change
  // by the time its sockets hear of it.
  const tellReplicas = redisUrl
    ? (event: BoardUpdatedEvent) => io.serverSideEmit('board_updated', event)
    : () => undefined;

  const presence = createPresence({ io, describeUser, clock, log, presenceExpiryMs });
  const counter = createConnectionCounter(caps);
  io.use(async (socket, next) => {
    const token = tokenOf(socket);
    const user = await authenticate(token).catch(() => null);
    if (!user) return next(new Error(messages.invalidToken));
    if (user.status !== 'ACTIVE') return next(new Error(messages.accountNotActive));
    // Sockets are the browser's, which signs in: a personal access token is for
    // scripts calling the HTTP API, and has no session whose logout would end the connection.
    if (user.via !== 'session') return next(new Error(messages.personalTokenNoRealtime));
    if (!counter.admit(socket, user.id)) return next(new Error(messages.tooManyConnections));
    socket.data = { userId: user.id, sessionId: user.sessionId, expiresAt: tokenExpiry(token!) };
    next();
  });

  // The handlers are made once and shared by every socket (Socket.IO calls them with the socket as `this`).
  async function joinBoardRoom(this: BoardSocket, room: string, ack?: (a: JoinAck) => void) {
    // The session is looked up again: one revoked since the handshake joins nothing, even
    // where the revocation has not arrived yet (Redis away).
    let user: AuthUser | null;
    try {
      user = await authenticate(tokenOf(this));
    } catch (err) {
      log.warn({ err }, 'session check failed');
      return answer(ack, { ok: false, message: messages.serviceUnavailable });
    }
    if (!user || user.status !== 'ACTIVE') {
      answer(ack, { ok: false, message: user ? messages.accountNotActive : messages.invalidToken });
      return void this.disconnect(true);
    }
    const boardId = parseBoardRoom(room);
    // A board the user may not see gets the same answer as one that does not exist.
    if (!boardId || !(await canSeeBoard(user, boardId).catch(() => false))) {
      return answer(ack, { ok: false, message: messages.boardNotFound });
    }
    await this.join(boardRoom(boardId));
    answer(ack, { ok: true });
  }
  async function leaveBoardRoom(this: BoardSocket, room: string, ack?: (a: JoinAck) => void) {
    const boardId = parseBoardRoom(room);
    if (boardId) {
      await this.leave(boardRoom(boardId));
      presence.left(this.id, String(boardId));
    }
    answer(ack, { ok: true });
  }
  io.on('connection', (socket: BoardSocket) => {
    // Notifications go to the user's room, joined for the socket's whole life.
    void socket.join(userRoom(socket.data.userId));
    socket.on('join_board_room', joinBoardRoom);
    socket.on('leave_board_room', leaveBoardRoom);
    presence.attach(socket);
  });

  // Revocations are rare, so they look through this replica's sockets rather than every socket
  // keeping a room per user and per session.
  const localSockets = (matches: (data: SocketData) => boolean) =>
    [...io.of('/').sockets.values()].filter((socket) => matches(socket.data));

  // One pass over this replica's sockets, not a timer per socket: a socket outlives its token
  // by at most one interval.
  const sweep = setInterval(() => {
    const now = clock.now().getTime();
    for (const socket of io.of('/').sockets.values()) {
      const { expiresAt } = socket.data;
      if (expiresAt !== null && expiresAt * 1000 <= now) socket.disconnect(true);
    }
  }, sweepEveryMs);
  sweep.unref();

  return {
    io,
    emitBoardUpdated: (event) => {
      tellReplicas(event);
      io.to(boardRoom(event.boardId)).emit('board_updated', event);
    },
    emitCommentChanged: (event) => io.to(boardRoom(event.boardId)).emit('comment_changed', event),
    removeFromBoards: (userId, boardIds) => {
      const rooms = boardIds.map(boardRoom);
      for (const socket of localSockets((d) => d.userId === userId)) {
        for (const room of rooms) void socket.leave(room);
        for (const boardId of boardIds) presence.left(socket.id, boardId);
      }
    },
    disconnectSession: (sessionId) => {
      for (const socket of localSockets((d) => d.sessionId === sessionId)) socket.disconnect(true);
    },
    disconnectUser: (userId) => {
      for (const socket of localSockets((d) => d.userId === userId)) socket.disconnect(true);
    },
    notifyUser: (userId, event) => io.local.to(userRoom(userId)).emit('notification', event),
    emptyRooms: (boardIds) => {
      if (boardIds.length) io.in(boardIds.map(boardRoom)).socketsLeave(boardIds.map(boardRoom));
    },
    async close() {
      clearInterval(sweep);
      presence.close();
      // A server never attached to an HTTP server has no engine to close.
      if (io.engine) await io.close();
      await Promise.all(redisClients.map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}
