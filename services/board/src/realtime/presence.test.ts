import type { RedisAdapter } from '@socket.io/redis-adapter';
import type { Socket as ClientSocket } from 'socket.io-client';
import type { PresenceEvent, PresenceLeftEvent, PresenceUpdate } from '@trackboard/contracts';
import { redisForTests, type TestRedis } from '@trackboard/test-platform/redis';
import {
  closeAll,
  connect,
  described,
  givenBoard,
  givenUser,
  join,
  leave,
  startNode,
  until,
  type Node,
  type User,
} from './testing/in-process';

// Presence (who else is on a board or in an issue) across two board replicas on Redis: a page
// says where it is, the room hears it with the name the server knows, and hears when it goes —
// on disconnect, on leaving the room, or once it falls silent for the expiry.

const EXPIRY_MS = 600;
/** The replicas' clock: the test moves it, the sweep (every EXPIRY_MS / 6 of real time) reads it. */
const clock = (() => {
  let now = Date.now();
  return { now: () => new Date(now), advance: (ms: number) => void (now += ms) };
})();

type Heard = { type: 'presence'; event: PresenceEvent } | { type: 'left'; event: PresenceLeftEvent };

/** Everything about presence a socket hears, in order. */
function ears(socket: ClientSocket) {
  const heard: Heard[] = [];
  socket.on('presence', (event: PresenceEvent) => heard.push({ type: 'presence', event }));
  socket.on('presence_left', (event: PresenceLeftEvent) => heard.push({ type: 'left', event }));
  const presences = () => heard.flatMap((h) => (h.type === 'presence' ? [h.event] : []));
  const lefts = () => heard.flatMap((h) => (h.type === 'left' ? [h.event] : []));
  return {
    heard,
    presences,
    lefts,
    /** The latest presence heard from that user, once one has come. */
    async from(userId: string, matches: (e: PresenceEvent) => boolean = () => true) {
      await until(() => presences().some((e) => e.user.id === userId && matches(e)), `presence of user ${userId}`);
      return presences()
        .filter((e) => e.user.id === userId && matches(e))
        .pop()!;
    },
    left: (key: string) => until(() => lefts().some((e) => e.key === key), `presence_left of ${key}`),
  };
}

const say = (socket: ClientSocket, update: PresenceUpdate | Record<string, unknown>) => socket.emit('presence', update);

describe('presence across two replicas on Redis', () => {
  let redis: TestRedis;
  let a: Node;
  let b: Node;
  const subscribed = (node: Node) => (node.realtime.io.of('/').adapter as RedisAdapter).subClient.ping();

  beforeAll(async () => {
    redis = await redisForTests();
    [a, b] = await Promise.all([
      startNode(redis.url, { presenceExpiryMs: EXPIRY_MS, clock }),
      startNode(redis.url, { presenceExpiryMs: EXPIRY_MS, clock }),
    ]);
    await Promise.all([subscribed(a), subscribed(b)]);
  });
  afterAll(async () => {
    await closeAll();
    await redis?.stop();
  });

  /** Ada on replica A and Bob on replica B, both in one board's room (which `others` may join too). */
  async function adaAndBob(...others: User[]) {
    const [ada, bob] = [await givenUser(), await givenUser()];
    const board = givenBoard(ada, bob, ...others);
    const [adaSocket, bobSocket] = [await connect(a, ada), await connect(b, bob)];
    for (const socket of [adaSocket, bobSocket]) expect(await join(socket, board)).toEqual({ ok: true });
    return { ada, bob, board, adaSocket, bobSocket, atAda: ears(adaSocket), atBob: ears(bobSocket) };
  }

  it('tells the other replica’s page who arrived, with the name the server knows, and what they look at', async () => {
    const { ada, bob, board, adaSocket, bobSocket, atAda, atBob } = await adaAndBob();

    // The page's own say about who it is counts for nothing.
    say(adaSocket, { boardId: board, user: { id: bob.id, name: 'Mallory' } });
    expect(await atBob.from(ada.id)).toEqual({
      boardId: board,
      key: expect.any(String),
      user: { id: ada.id, name: `User ${ada.id}`, avatarUrl: null },
      issueId: null,
      editing: null,
      joined: true,
    });
    // Bob answers the newcomer; Ada opens an issue and edits its description.
    say(bobSocket, { boardId: board });
    expect((await atAda.from(bob.id)).joined).toBe(true);
    say(adaSocket, { boardId: board, issueId: '7', editing: 'description' });
    const editing = await atBob.from(ada.id, (e) => e.issueId === '7');
    expect(editing).toMatchObject({ issueId: '7', editing: 'description', joined: false });
  });

  it('relays nothing for a board the page has not joined, or an update that is not one', async () => {
    const { ada, bob, board, adaSocket, atBob } = await adaAndBob();
    const elsewhere = givenBoard(ada, bob);
    say(adaSocket, { boardId: elsewhere });
    say(adaSocket, { boardId: board, issueId: 'DROP TABLE' });
    say(adaSocket, { boardId: board, issueId: '3', editing: 'password' });
    // The last one comes after the others through the same socket and server: they were dropped.
    say(adaSocket, { boardId: board, issueId: '4' });
    await atBob.from(ada.id);
    expect(atBob.presences().map((e) => [e.boardId, e.issueId])).toEqual([[board, '4']]);
  });

  it('says a page left when it disconnects or leaves the room; a heartbeat reads nothing', async () => {
    const { ada, board, adaSocket, atBob } = await adaAndBob();
    const reads = described.length;
    say(adaSocket, { boardId: board });
    const { key } = await atBob.from(ada.id);
    for (let beat = 2; beat <= 4; beat++) {
      say(adaSocket, { boardId: board });
      await until(() => atBob.presences().length === beat, `heartbeat ${beat - 1}`);
    }
    // One read of who Ada is, when she arrived: none per heartbeat.
    expect(described.length - reads).toBe(1);
    expect(atBob.presences().map((e) => e.key)).toEqual([key, key, key, key]);

    expect(await leave(adaSocket, board)).toEqual({ ok: true });
    await atBob.left(key);
    expect(await join(adaSocket, board)).toEqual({ ok: true });
    say(adaSocket, { boardId: board });
    const back = await atBob.from(ada.id, (e) => e.joined && e !== atBob.presences()[0]);
    adaSocket.disconnect();
    await atBob.left(back.key);
  });

  it('a user with two pages is two keys of one user; one closing leaves the other', async () => {
    const { ada, board, adaSocket, atBob } = await adaAndBob();
    const secondTab = await connect(b, ada);
    expect(await join(secondTab, board)).toEqual({ ok: true });
    say(adaSocket, { boardId: board });
    const first = await atBob.from(ada.id);
    say(secondTab, { boardId: board });
    const second = await atBob.from(ada.id, (e) => e.key !== first.key);
    expect(second.user).toEqual(first.user);
    adaSocket.disconnect();
    await atBob.left(first.key);
    expect(atBob.lefts()).toEqual([{ boardId: board, key: first.key }]);
  });

  it(`forgets a page silent for the expiry (${EXPIRY_MS} ms here, 30 s in use); heartbeats keep it`, async () => {
    const cy = await givenUser();
    const { ada, board, adaSocket, atBob } = await adaAndBob(cy);
    const cySocket = await connect(a, cy); // on Ada's replica: one sweep looks at both
    expect(await join(cySocket, board)).toEqual({ ok: true });
    say(adaSocket, { boardId: board });
    say(cySocket, { boardId: board });
    const [adaKey, cyKey] = [(await atBob.from(ada.id)).key, (await atBob.from(cy.id)).key];

    clock.advance(EXPIRY_MS - 100);
    say(adaSocket, { boardId: board }); // Ada's heartbeat; Cy says nothing
    await until(() => atBob.presences().filter((e) => e.key === adaKey).length === 2, 'Ada’s heartbeat');
    clock.advance(200);
    // The sweep that found Cy silent for longer than the expiry looked at Ada too, and kept her.
    await atBob.left(cyKey);
    expect(atBob.lefts()).toEqual([{ boardId: board, key: cyKey }]);

    clock.advance(EXPIRY_MS);
    await atBob.left(adaKey);
    expect(adaSocket.connected).toBe(true); // gone from the room's view, not disconnected
  });
});
