import { randomInt, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RedisAdapter } from '@socket.io/redis-adapter';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
import { boardRoom, messages, type AccountStatus, type BoardUpdatedEvent, type JoinAck } from '@trackboard/contracts';
import {
  createAuthenticator,
  createLogger,
  createTokenSigner,
  createTokenVerifier,
  generateKeyPair,
  type Authenticator,
  type AuthUser,
  type LiveSession,
  type TokenSigner,
} from '@trackboard/server-kit';
import { redisForTests, type TestRedis } from '@trackboard/test-platform/redis';
import { createRealtime, type Realtime } from './rooms';

// Board rooms (blueprint §4) in the socket.io adapter's own test layout: Socket.IO servers
// in-process on random ports, one socket.io-client per user. createRealtime gets what it
// declares it needs: an authenticator over real signed tokens and an in-memory session table,
// and canSeeBoard over an in-memory table of who sees which board. No database, no services.
//
// "Nothing more arrived" is proved without timers: after the event under test, the same
// server emits a marker to a board every observer is in; a socket receives one server's
// emissions in order, so once the marker is in, an event that was going to arrive has arrived.

const keys = generateKeyPair();
const otherKeys = generateKeyPair();
const log = createLogger('test', 'silent');
const ALLOWED_ORIGIN = 'https://tracker.example.test';

const sessions = new Map<string, LiveSession>();
const seers = new Map<string, Set<string>>(); // board id → ids of the users who may see it
const canSeeBoard = async (user: AuthUser, boardId: string | number) =>
  seers.get(String(boardId))?.has(user.id) ?? false;
let sign: TokenSigner;
let signElsewhere: TokenSigner;
let authenticate: Authenticator;

beforeAll(async () => {
  [sign, signElsewhere] = await Promise.all([
    createTokenSigner(keys.privateKeyPem),
    createTokenSigner(otherKeys.privateKeyPem),
  ]);
  authenticate = createAuthenticator(
    await createTokenVerifier(keys.publicKeyPem),
    async (claims) => sessions.get(claims.sessionId) ?? null,
  );
});

type User = { id: string; sessionId: string; token: string };
let userIds = 0;
/** An account with a live session, and the token its login would have returned. */
async function givenUser(status: AccountStatus = 'ACTIVE', signer = () => sign): Promise<User> {
  const id = String(++userIds);
  const sessionId = randomUUID();
  sessions.set(sessionId, { status, role: 'user', isAdmin: false });
  return {
    id,
    sessionId,
    token: await signer()({ id, email: `user${id}@example.test`, role: 'user', isAdmin: false, sessionId }, 600),
  };
}
/** A board these users may see. Its id is random and large, so a shared Redis carries no one else's room of that name. */
function givenBoard(...users: User[]): string {
  const id = String(randomInt(1e12, 2 ** 47));
  seers.set(id, new Set(users.map((u) => u.id)));
  return id;
}

type Node = { realtime: Realtime; url: string };
const nodes: Node[] = [];
const clients: ClientSocket[] = [];

/** A board-service replica's realtime part on its own HTTP server, on a random port. */
async function startNode(redisUrl?: string): Promise<Node> {
  const server = createServer();
  const realtime = createRealtime({
    authenticate: (token) => authenticate(token),
    canSeeBoard,
    log,
    allowedOrigins: [ALLOWED_ORIGIN],
    redisUrl,
  });
  realtime.io.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const node = { realtime, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  nodes.push(node);
  return node;
}

function open(node: Node, token?: string, headers?: Record<string, string>): ClientSocket {
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
const connect = (node: Node, user: User, headers?: Record<string, string>) =>
  new Promise<ClientSocket>((resolve, reject) => {
    const socket = open(node, user.token, headers);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
/** The error a refused handshake gives; fails when the server lets the socket in. */
const refusal = (node: Node, token?: string, headers?: Record<string, string>) =>
  new Promise<Error>((resolve, reject) => {
    const socket = open(node, token, headers);
    socket.once('connect', () => reject(new Error('the server let the socket in')));
    socket.once('connect_error', resolve);
  });

const join = (socket: ClientSocket, boardId: string) =>
  socket.emitWithAck('join_board_room', boardRoom(boardId)) as Promise<JoinAck>;
const leave = (socket: ClientSocket, boardId: string) =>
  socket.emitWithAck('leave_board_room', boardRoom(boardId)) as Promise<JoinAck>;
let versions = 0;
const update = (boardId: string): BoardUpdatedEvent => ({
  boardId,
  version: ++versions,
  issues: [{ id: String(versions) }],
  complete: false,
});

/** Every board_updated a socket receives, in order. */
function inbox(socket: ClientSocket) {
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
async function closeAll() {
  for (const socket of clients.splice(0)) socket.disconnect();
  await Promise.all(nodes.splice(0).map((n) => n.realtime.close()));
}

describe('board rooms on one server', () => {
  let node: Node;
  beforeAll(async () => {
    node = await startNode();
  });
  afterAll(closeAll);

  it.each([
    ['no token', async () => undefined, messages.invalidToken],
    ['a garbled token', async () => 'not.a.token', messages.invalidToken],
    [
      'a token signed with another key',
      async () => (await givenUser('ACTIVE', () => signElsewhere)).token,
      messages.invalidToken,
    ],
    [
      'a token whose session has ended',
      async () => {
        const user = await givenUser();
        sessions.delete(user.sessionId);
        return user.token;
      },
      messages.invalidToken,
    ],
    ['a pending account’s token', async () => (await givenUser('PENDING_APPROVAL')).token, messages.accountNotActive],
  ])('refuses a handshake with %s', async (_name, token, message) => {
    const error = await refusal(node, await token());
    expect(error.message).toBe(message);
  });

  it('refuses a browser from a foreign Origin, and lets in the page’s own host and the allowed origins', async () => {
    const user = await givenUser();
    const error = await refusal(node, user.token, { origin: 'https://elsewhere.example.test' });
    expect(error.message).toBe('websocket error');
    for (const origin of [node.url, ALLOWED_ORIGIN])
      expect((await connect(node, user, { origin })).connected).toBe(true);
  });

  it('refuses to join a board the user may not see, with the answer given for a board that does not exist', async () => {
    const [member, outsider] = [await givenUser(), await givenUser()];
    const board = givenBoard(member);
    const control = givenBoard(member, outsider);
    const [memberSocket, outsiderSocket] = [await connect(node, member), await connect(node, outsider)];
    const outsiderInbox = inbox(outsiderSocket);

    const notFound = { ok: false, message: messages.boardNotFound };
    expect(await join(outsiderSocket, board)).toEqual(notFound);
    expect(await join(outsiderSocket, givenBoard())).toEqual(notFound);
    expect(await outsiderSocket.emitWithAck('join_board_room', 'board_abc')).toEqual(notFound);
    expect(await join(memberSocket, board)).toEqual({ ok: true });
    expect(await join(outsiderSocket, control)).toEqual({ ok: true });

    node.realtime.emitBoardUpdated(update(board));
    node.realtime.emitBoardUpdated(update(control));
    await outsiderInbox.received(control);
    expect(outsiderInbox.boards()).toEqual([control]);
  });

  it('delivers board_updated once to each socket in the room, and to no one else', async () => {
    const [ada, bob, cy] = [await givenUser(), await givenUser(), await givenUser()];
    const board = givenBoard(ada, bob, cy);
    const control = givenBoard(ada, bob, cy);
    const adaSockets = [await connect(node, ada), await connect(node, ada)]; // two tabs
    const [bobSocket, cySocket] = [await connect(node, bob), await connect(node, cy)];
    for (const socket of [...adaSockets, bobSocket]) expect(await join(socket, board)).toEqual({ ok: true });
    for (const socket of [...adaSockets, bobSocket, cySocket])
      expect(await join(socket, control)).toEqual({ ok: true });
    const [adaTab1, adaTab2, bobInbox, cyInbox] = [...adaSockets, bobSocket, cySocket].map(inbox);

    const event = update(board);
    node.realtime.emitBoardUpdated(event);
    node.realtime.emitBoardUpdated(update(control));
    await Promise.all([adaTab1, adaTab2, bobInbox, cyInbox].map((i) => i!.received(control)));

    for (const i of [adaTab1, bobInbox]) expect(i!.events.filter((e) => e.boardId === board)).toEqual([event]);
    expect(adaTab2!.boards(control)).toEqual([board]);
    expect(cyInbox!.boards(control)).toEqual([]); // may see the board, but never joined its room
  });

  it('removeFromBoards takes all the user’s sockets out of those rooms; leave_board_room takes one', async () => {
    const [ada, bob] = [await givenUser(), await givenUser()];
    const [board, other, control] = [givenBoard(ada, bob), givenBoard(ada, bob), givenBoard(ada, bob)];
    const sockets = [await connect(node, ada), await connect(node, ada), await connect(node, bob)];
    for (const socket of sockets)
      for (const b of [board, other, control]) expect(await join(socket, b)).toEqual({ ok: true });
    const [adaTab1, adaTab2, bobInbox] = sockets.map(inbox);

    node.realtime.removeFromBoards(ada.id, [board]); // as when Ada leaves the project
    expect(await leave(sockets[2]!, other)).toEqual({ ok: true });
    for (const b of [board, other, control]) node.realtime.emitBoardUpdated(update(b));
    await Promise.all([adaTab1, adaTab2, bobInbox].map((i) => i!.received(control)));

    expect(adaTab1!.boards(control)).toEqual([other]);
    expect(adaTab2!.boards(control)).toEqual([other]);
    expect(bobInbox!.boards(control)).toEqual([board]);
  });
});

describe('board rooms across two replicas on Redis', () => {
  let redis: TestRedis;
  let a: Node;
  let b: Node;
  /** Resolves once the replica's Redis subscriptions are in place: Redis answers one connection's commands in order. */
  const subscribed = (node: Node) => (node.realtime.io.of('/').adapter as RedisAdapter).subClient.ping();

  beforeAll(async () => {
    redis = await redisForTests();
    [a, b] = await Promise.all([startNode(redis.url), startNode(redis.url)]);
    await Promise.all([subscribed(a), subscribed(b)]);
  });
  afterAll(async () => {
    await closeAll(); // the replicas quit their Redis connections before a private server stops
    await redis?.stop();
  });

  it('an update emitted on one replica reaches the room’s members on both, once each', async () => {
    const [ada, bob, cy] = [await givenUser(), await givenUser(), await givenUser()];
    const board = givenBoard(ada, bob);
    const control = givenBoard(ada, bob, cy);
    const [adaOnA, bobOnB, cyOnB] = [await connect(a, ada), await connect(b, bob), await connect(b, cy)];
    for (const socket of [adaOnA, bobOnB]) expect(await join(socket, board)).toEqual({ ok: true });
    for (const socket of [adaOnA, bobOnB, cyOnB]) expect(await join(socket, control)).toEqual({ ok: true });
    const inboxes = [adaOnA, bobOnB, cyOnB].map(inbox);

    const event = update(board);
    a.realtime.emitBoardUpdated(event);
    a.realtime.emitBoardUpdated(update(control));
    await Promise.all(inboxes.map((i) => i.received(control)));

    expect(inboxes.map((i) => i.events.filter((e) => e.boardId === board))).toEqual([[event], [event], []]);
  });

  it('a socket that leaves, or is removed on its own replica, gets nothing more from the other', async () => {
    const [ada, bob, cy] = [await givenUser(), await givenUser(), await givenUser()];
    const [board, control] = [givenBoard(ada, bob, cy), givenBoard(ada, bob, cy)];
    const [adaOnA, bobOnB, cyOnB] = [await connect(a, ada), await connect(b, bob), await connect(b, cy)];
    for (const socket of [adaOnA, bobOnB, cyOnB])
      for (const id of [board, control]) expect(await join(socket, id)).toEqual({ ok: true });
    const [adaInbox, bobInbox, cyInbox] = [adaOnA, bobOnB, cyOnB].map(inbox);

    // Every replica hears membership.removed and acts on its own sockets.
    for (const node of [a, b]) node.realtime.removeFromBoards(bob.id, [board]);
    expect(await leave(cyOnB, board)).toEqual({ ok: true });
    a.realtime.emitBoardUpdated(update(board));
    a.realtime.emitBoardUpdated(update(control));
    await Promise.all([adaInbox, bobInbox, cyInbox].map((i) => i!.received(control)));

    expect([adaInbox, bobInbox, cyInbox].map((i) => i!.boards(control))).toEqual([[board], [], []]);
  });
});
