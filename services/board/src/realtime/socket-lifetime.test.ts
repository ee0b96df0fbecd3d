import { messages } from '@trackboard/contracts';
import {
  closeAll,
  connect,
  disconnection,
  givenBoard,
  givenUser,
  join,
  refusal,
  sessions,
  startNode,
  until,
  type Node,
} from './testing/in-process';

// A socket lives no longer than the session it was opened with, and one
// user or address cannot hold every socket of a replica. The in-process harness
// (testing/in-process.ts): real tokens, an in-memory session table, no database.

afterAll(closeAll);

describe('a socket whose token expires', () => {
  // The replica's clock, moved by the test; the sweep looks often so the test need not wait.
  let now = Date.now();
  let node: Node;
  beforeAll(async () => {
    node = await startNode(undefined, { clock: { now: () => new Date(now) }, sweepEveryMs: 20 });
  });

  it('is disconnected by the sweep once its token has expired, while a longer-lived one stays', async () => {
    const [shortLived, longLived] = [await givenUser('ACTIVE', { ttlSeconds: 60 }), await givenUser()];
    const [expiring, staying] = [await connect(node, shortLived), await connect(node, longLived)];
    const board = givenBoard(longLived);
    const ended = disconnection(expiring);

    now += 61_000; // past the first token's expiry, within the second's 600 s
    expect(await ended).toBe('io server disconnect');
    expect(staying.connected).toBe(true);
    expect(await join(staying, board)).toEqual({ ok: true });
  });
});

describe('a join from a session that is no longer live', () => {
  let node: Node;
  beforeAll(async () => {
    node = await startNode();
  });

  const endings: [string, (sessionId: string) => void, string][] = [
    ['revoked (logout)', (sessionId) => sessions.delete(sessionId), messages.invalidToken],
    [
      'locked out (suspension)',
      (sessionId) => sessions.set(sessionId, { status: 'SUSPENDED', role: 'user', isAdmin: false }),
      messages.accountNotActive,
    ],
  ];
  it.each(endings)(
    'is refused when the session was %s after the handshake, and the socket is disconnected',
    async (_name, revoke, message) => {
      const user = await givenUser();
      const board = givenBoard(user);
      const socket = await connect(node, user);
      expect(await join(socket, board)).toEqual({ ok: true });

      // As when the revocation has not reached this replica (Redis away): the join itself looks.
      revoke(user.sessionId);
      const ended = disconnection(socket);
      expect(await join(socket, board)).toEqual({ ok: false, message });
      expect(await ended).toBe('io server disconnect');
    },
  );
});

describe('open sockets per user and per address', () => {
  let node: Node;
  beforeAll(async () => {
    node = await startNode(undefined, { caps: { perUser: 2, perAddress: 3 } });
  });

  it('refuses a user’s socket beyond the cap with a clear message, and admits one again after one closes', async () => {
    const user = await givenUser();
    const first = await connect(node, user, { 'x-forwarded-for': '192.0.2.1' });
    await connect(node, user, { 'x-forwarded-for': '192.0.2.2' });
    expect((await refusal(node, user.token, { 'x-forwarded-for': '192.0.2.3' })).message).toBe(
      messages.tooManyConnections,
    );

    const open = node.realtime.io.of('/').sockets.size;
    first.disconnect();
    await until(() => node.realtime.io.of('/').sockets.size === open - 1); // the server has seen it close
    expect((await connect(node, user, { 'x-forwarded-for': '192.0.2.3' })).connected).toBe(true);
  });

  it('refuses an address’s socket beyond the cap, whoever the user, and counts other addresses apart', async () => {
    const address = { 'x-forwarded-for': '198.51.100.7' };
    const users = await Promise.all([givenUser(), givenUser(), givenUser(), givenUser()]);
    for (const user of users.slice(0, 3)) await connect(node, user, address);
    expect((await refusal(node, users[3]!.token, address)).message).toBe(messages.tooManyConnections);
    expect((await connect(node, users[3]!, { 'x-forwarded-for': '198.51.100.8' })).connected).toBe(true);
  });
});

describe('what a socket may send', () => {
  let node: Node;
  beforeAll(async () => {
    node = await startNode();
  });

  it('closes a socket that sends a message larger than any this API takes, and keeps the others', async () => {
    const [user, other] = [await givenUser(), await givenUser()];
    const board = givenBoard(user, other);
    const [sender, bystander] = [await connect(node, user), await connect(node, other)];
    expect(await join(sender, board)).toEqual({ ok: true });
    const ended = disconnection(sender);

    // A room name is a few dozen characters; a replica need not buffer a megabyte for one.
    // Accepted, the message would be answered (an unknown board); refused, the socket closes.
    const huge = sender.emitWithAck('join_board_room', `board_${'9'.repeat(64 * 1024)}`);
    expect(
      await Promise.race([
        ended,
        huge.then(
          (answer) => answer,
          () => ended,
        ),
      ]),
    ).toBe('transport close');
    expect(await join(bystander, board)).toEqual({ ok: true });
  });
});
