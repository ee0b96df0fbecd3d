import type { RedisAdapter } from '@socket.io/redis-adapter';
import { messages } from '@trackboard/contracts';
import { redisForTests, type TestRedis } from '@trackboard/test-platform/redis';
import {
  ALLOWED_ORIGIN,
  closeAll,
  connect,
  givenBoard,
  givenUser,
  inbox,
  join,
  leave,
  refusal,
  sessions,
  startNode,
  update,
  type Node,
} from './testing/in-process';

// Board rooms (blueprint §4): handshake, joins, delivery and removal, on one server and
// across two replicas on Redis. The harness (testing/in-process.ts) says how.

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
      async () => (await givenUser('ACTIVE', { elsewhere: true })).token,
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
