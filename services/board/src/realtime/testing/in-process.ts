import { randomInt, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { boardRoom, type AccountStatus, type BoardUpdatedEvent, type JoinAck } from '@trackboard/contracts';
import {
  createAuthenticator,
  createLogger,
  createTokenSigner,
  createTokenVerifier,
  generateKeyPair,
  type Authenticator,
  type AuthUser,
  type LiveSession,
} from '@trackboard/server-kit';
import { createRealtime, type Realtime, type RealtimeOptions } from '../rooms';

export { until } from '../../testing/until';

// Board rooms in the socket.io adapter's own test layout: Socket.IO servers
// in-process on random ports, one socket.io-client per user. createRealtime gets what it
// declares it needs: an authenticator over real signed tokens and an in-memory session table,
// and canSeeBoard over an in-memory table of who sees which board. No database, no services.
// Each test file has its own copy of this module's state (jest isolates modules per file).
//
// "Nothing more arrived" is proved without timers: after the event under test, the same
// server emits a marker to a board every observer is in; a socket receives one server's
// emissions in order, so once the marker is in, an event that was going to arrive has arrived.

const keys = generateKeyPair();
const otherKeys = generateKeyPair();
export const log = createLogger('test', 'silent');
export const ALLOWED_ORIGIN = 'https://tracker.example.test';

/** The session table the authenticator reads: delete a session to revoke it, change its status to lock it out. */
export const sessions = new Map<string, LiveSession>();
const seers = new Map<string, Set<string>>(); // board id → ids of the users who may see it
const canSeeBoard = async (user: AuthUser, boardId: string | number) =>
  seers.get(String(boardId))?.has(user.id) ?? false;
const signers = Promise.all([createTokenSigner(keys.privateKeyPem), createTokenSigner(otherKeys.privateKeyPem)]);
const verifier = createTokenVerifier(keys.publicKeyPem).then((verify) =>
  createAuthenticator(verify, async (claims) => sessions.get(claims.sessionId) ?? null),
);
const authenticate: Authenticator = async (token) => (await verifier)(token);
/** Every account whose name and picture a replica read (as it would from the database), in order. */
export const described: string[] = [];
const describeUser = async (userId: string) => {
  described.push(userId);
  return { id: userId, name: `User ${userId}`, avatarUrl: null };
};

export type User = { id: string; sessionId: string; token: string };
let userIds = 0;
/** An account with a live session, and the token its login would have returned (valid `ttlSeconds`). */
export async function givenUser(
  status: AccountStatus = 'ACTIVE',
  { elsewhere = false, ttlSeconds = 600 }: { elsewhere?: boolean; ttlSeconds?: number } = {},
): Promise<User> {
  const id = String(++userIds);
  const sessionId = randomUUID();
  sessions.set(sessionId, { status, role: 'user', isAdmin: false });
  const [sign, signElsewhere] = await signers;
  return {
    id,
    sessionId,
    token: await (elsewhere ? signElsewhere : sign)(
      { id, email: `user${id}@example.test`, role: 'user', isAdmin: false, sessionId },
      ttlSeconds,
    ),
  };
}
/** A board these users may see. Its id is random and large, so a shared Redis carries no one else's room of that name. */
export function givenBoard(...users: User[]): string {
  const id = String(randomInt(1e12, 2 ** 47));
  seers.set(id, new Set(users.map((u) => u.id)));
  return id;
}

export type Node = { realtime: Realtime; url: string };
const nodes: Node[] = [];
const clients: ClientSocket[] = [];

/** A board-service replica's realtime part on its own HTTP server, on a random port. */
export async function startNode(redisUrl?: string, options: RealtimeOptions = {}): Promise<Node> {
  const server = createServer();
  const realtime = createRealtime({
    authenticate,
    canSeeBoard,
    describeUser,
    log,
    allowedOrigins: [ALLOWED_ORIGIN],
    redisUrl,
    ...options,
  });
  realtime.io.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const node = { realtime, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  nodes.push(node);
  return node;
}

export function open(node: Pick<Node, 'url'>, token?: string, headers?: Record<string, string>): ClientSocket {
  const socket = connectClient(node.url, {
    transports: ['websocket'],
    auth: token === undefined ? {} : { token },
    reconnection: false,
    forceNew: true,
    extraHeaders: headers,
  });
  clients.push(socket);
  return socket;
}
/** A connected socket; fails when the server refuses it. */
export const connect = (node: Pick<Node, 'url'>, user: { token: string }, headers?: Record<string, string>) =>
  new Promise<ClientSocket>((resolve, reject) => {
    const socket = open(node, user.token, headers);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
/** The error a refused handshake gives; fails when the server lets the socket in. */
export const refusal = (node: Node, token?: string, headers?: Record<string, string>) =>
  new Promise<Error>((resolve, reject) => {
    const socket = open(node, token, headers);
    socket.once('connect', () => reject(new Error('the server let the socket in')));
    socket.once('connect_error', resolve);
  });
/** Resolves with the reason once the server disconnects the socket. */
export const disconnection = (socket: ClientSocket) =>
  new Promise<string>((resolve) => {
    if (socket.disconnected) return resolve('already disconnected');
    socket.once('disconnect', (reason) => resolve(reason));
  });

export const join = (socket: ClientSocket, boardId: string) =>
  socket.emitWithAck('join_board_room', boardRoom(boardId)) as Promise<JoinAck>;
export const leave = (socket: ClientSocket, boardId: string) =>
  socket.emitWithAck('leave_board_room', boardRoom(boardId)) as Promise<JoinAck>;
let versions = 0;
export const update = (boardId: string): BoardUpdatedEvent => ({
  boardId,
  version: ++versions,
  issues: [{ id: String(versions) }],
  complete: false,
});

/** Every board_updated a socket receives, in order. */
export function inbox(socket: ClientSocket) {
  const events: BoardUpdatedEvent[] = [];
  const waiting: { boardId: string; done: () => void }[] = [];
  socket.on('board_updated', (event: BoardUpdatedEvent) => {
    events.push(event);
    for (const w of waiting.filter((w) => w.boardId === event.boardId)) w.done();
  });
  return {
    events,
    /** Boards of the events received, leaving out `marker`. */
    boards: (marker?: string) => events.filter((e) => e.boardId !== marker).map((e) => e.boardId),
    /** Resolves once an event of that board has arrived (and says what came instead if none does). */
    received: (boardId: string) =>
      new Promise<void>((resolve, reject) => {
        if (events.some((e) => e.boardId === boardId)) return resolve();
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `no board_updated for board ${boardId}; received ${JSON.stringify(events.map((e) => e.boardId))}`,
              ),
            ),
          10_000,
        );
        waiting.push({ boardId, done: () => (clearTimeout(timer), resolve()) });
      }),
  };
}

/** Disconnects every client and closes every server started so far (each describe's own). */
export async function closeAll() {
  for (const socket of clients.splice(0)) socket.disconnect();
  await Promise.all(nodes.splice(0).map((n) => n.realtime.close()));
}

/** Resolves with the next event of that name the socket receives that matches (10 s at most). */
export function nextEvent<T>(socket: ClientSocket, name: string, matches: (event: T) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} arrived`)), 10_000);
    const listener = (event: T) => {
      if (!matches(event)) return;
      clearTimeout(timer);
      socket.off(name, listener);
      resolve(event);
    };
    socket.on(name, listener);
  });
}
