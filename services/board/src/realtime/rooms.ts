import type { IncomingMessage } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import {
  boardRoom,
  parseBoardRoom,
  SOCKET_PATH,
  type BoardUpdatedEvent,
  type ClientToServerEvents,
  type JoinAck,
  type ServerToClientEvents,
} from '@trackboard/contracts';
import { messages } from '@trackboard/contracts';
import type { Authenticator, AuthUser, Logger } from '@trackboard/server-kit';

type SocketData = { user: AuthUser };
export type BoardIo = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export type RealtimeDeps = {
  authenticate: Authenticator;
  canSeeBoard: (user: AuthUser, boardId: number) => Promise<boolean>;
  log: Logger;
  /** Origins allowed besides the page's own host (blueprint §4: the handshake Origin is checked). */
  allowedOrigins: string[];
  /** With Redis, a board room spans every board-service replica. */
  redisUrl?: string;
};

export type Realtime = {
  io: BoardIo;
  emitBoardUpdated(event: BoardUpdatedEvent): void;
  /** This replica's sockets of that user leave those board rooms (every replica hears the event). */
  removeFromBoards(userId: string, boardIds: string[]): void;
  close(): Promise<void>;
};

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

export function createRealtime({ authenticate, canSeeBoard, log, allowedOrigins, redisUrl }: RealtimeDeps): Realtime {
  const io: BoardIo = new Server({
    path: SOCKET_PATH,
    // Websocket only: no long-polling, so replicas need no sticky sessions.
    transports: ['websocket'],
    serveClient: false,
    allowRequest: (req, callback) => callback(null, originAllowed(req, allowedOrigins)),
  });

  const redisClients: Redis[] = [];
  if (redisUrl) {
    const pub = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (err) => log.error({ err }, 'redis error'));
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const user = await authenticate(typeof token === 'string' ? token : null).catch(() => null);
    if (!user) return next(new Error(messages.invalidToken));
    if (user.status !== 'ACTIVE') return next(new Error(messages.accountNotActive));
    socket.data.user = user;
    next();
  });

  const userRoom = (userId: string) => `user_${userId}`;

  io.on(
    'connection',
    (socket: Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>) => {
      void socket.join(userRoom(socket.data.user.id));
      const answer = (ack: ((a: JoinAck) => void) | undefined, a: JoinAck) =>
        typeof ack === 'function' ? ack(a) : undefined;

      socket.on('join_board_room', async (room, ack) => {
        const boardId = parseBoardRoom(room);
        // A board the user may not see gets the same answer as one that does not exist.
        if (!boardId || !(await canSeeBoard(socket.data.user, boardId).catch(() => false))) {
          return answer(ack, { ok: false, message: messages.boardNotFound });
        }
        await socket.join(boardRoom(boardId));
        answer(ack, { ok: true });
      });

      socket.on('leave_board_room', async (room, ack) => {
        const boardId = parseBoardRoom(room);
        if (boardId) await socket.leave(boardRoom(boardId));
        answer(ack, { ok: true });
      });
    },
  );

  return {
    io,
    emitBoardUpdated: (event) => io.to(boardRoom(event.boardId)).emit('board_updated', event),
    removeFromBoards: (userId, boardIds) => {
      if (boardIds.length) io.local.in(userRoom(userId)).socketsLeave(boardIds.map(boardRoom));
    },
    async close() {
      // A server never attached to an HTTP server has no engine to close.
      if (io.engine) await io.close();
      await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
    },
  };
}
