import { boardRoom, messages, type SessionResponse } from '@trackboard/contracts';
import { freshAddress } from '@trackboard/test-platform';
import { givenBoard, type GivenBoard } from '../testing/given-board';
import { givenBusyProject, noRows, projectRows } from '../testing/project-rows';
import { closeAll, connect, disconnection, inbox, join, until } from './testing/in-process';
import { privateRedis, type PrivateRedis } from '@trackboard/test-platform/redis';
import { startReplicas, subscribed, type Replicas } from './testing/replicas';

// A Redis outage: what needs Redis answers 503 at once, what only
// announces a committed change waits in the outbox and goes out once Redis is back, and
// nothing throws where nobody catches. A private redis-server the test stops and starts
// again (never the shared one); two board replicas over one database (testing/replicas.ts).

let redis: PrivateRedis;
let replicas: Replicas;
const unhandled: unknown[] = [];
const keep = (reason: unknown) => void unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', keep);
  redis = await privateRedis();
  replicas = await startReplicas(redis.url);
});
afterAll(async () => {
  await closeAll();
  await replicas?.close();
  await redis?.dispose();
  process.off('unhandledRejection', keep);
});
afterEach(() => expect(unhandled).toEqual([]));

/** Stops Redis for the length of `during`, then starts it again and waits until the replicas are back on it. */
async function withRedisStopped(during: () => Promise<void>) {
  await redis.stop();
  try {
    await during();
  } finally {
    await redis.start();
    await Promise.all([subscribed(replicas.a), subscribed(replicas.b)]);
  }
}

const inRoom = (socketId: string, boardId: string) =>
  replicas.b.realtime.io.of('/').adapter.rooms.get(boardRoom(boardId))?.has(socketId) ?? false;

/** The board's member and lead on replica B, both in the board's room. */
async function watching(given: GivenBoard) {
  const [memberSocket, leadSocket] = [await connect(replicas.b, given.member), await connect(replicas.b, given.lead)];
  for (const socket of [memberSocket, leadSocket]) expect(await join(socket, given.board.id)).toEqual({ ok: true });
  return { memberSocket, leadSocket };
}

describe('while Redis is away', () => {
  it('login answers 503 with a message saying so, and works again once Redis is back', async () => {
    const user = await replicas.t.givenUser();
    const login = () =>
      replicas.t.request('POST', '/api/auth/login', {
        body: { email: user.email, password: user.password },
        ip: freshAddress(),
      });
    await withRedisStopped(async () => {
      const res = await login();
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ message: messages.temporarilyUnavailable, requestId: expect.any(String) });
    });
    expect((await login()).status).toBe(200);
  });

  it('removing a member commits at once, and the member’s socket leaves the room once Redis is back', async () => {
    const given = await givenBoard(replicas.t);
    const { memberSocket, leadSocket } = await watching(given);
    const [memberHeard, leadHeard] = [inbox(memberSocket), inbox(leadSocket)];

    await withRedisStopped(async () => {
      const res = await replicas.t
        .as(given.lead.token)
        .delete(`/api/projects/${given.key}/members/${given.member.user.id}`);
      expect(res.status).toBe(200);
      // Committed: the member is refused from now on, though the socket has not heard yet.
      expect((await replicas.t.as(given.member.token).get(`/api/boards/${given.board.id}`)).status).toBe(404);
      expect(inRoom(memberSocket.id!, given.board.id)).toBe(true);
    });

    await until(() => !inRoom(memberSocket.id!, given.board.id), 'the member’s socket left the room');
    await replicas.t.ok(replicas.t.as(given.lead.token).put(`/api/boards/${given.board.id}`, { name: 'After' }));
    await leadHeard.received(given.board.id);
    expect(memberHeard.boards()).toEqual([]);
  });

  it('a session logged out cannot join a room, and its other sockets are disconnected once Redis is back', async () => {
    const given = await givenBoard(replicas.t);
    const session = await replicas.t.ok<SessionResponse>(
      replicas.t.request('POST', '/api/auth/login', {
        body: { email: given.member.email, password: given.member.password },
        ip: freshAddress(),
      }),
    );
    const [joining, idle] = [await connect(replicas.b, session), await connect(replicas.b, session)];
    const idleEnded = disconnection(idle);

    await withRedisStopped(async () => {
      expect((await replicas.t.as(session.token).post('/api/auth/logout')).status).toBe(204);
      const joiningEnded = disconnection(joining);
      expect(await join(joining, given.board.id)).toEqual({ ok: false, message: messages.invalidToken });
      expect(await joiningEnded).toBe('io server disconnect');
      expect(idle.connected).toBe(true);
    });

    expect(await idleEnded).toBe('io server disconnect');
  });

  it('a deleted project’s board answers 404 at once, and its rows are removed once Redis is back', async () => {
    const p = await givenBusyProject(replicas.t);
    const admin = (await replicas.t.admin()).token;
    const leadSocket = await connect(replicas.b, p.lead);
    expect(await join(leadSocket, p.board.id)).toEqual({ ok: true });
    const leadHeard = inbox(leadSocket);

    await withRedisStopped(async () => {
      expect((await replicas.t.as(admin).delete(`/api/projects/${p.key}`)).status).toBe(204);
      expect((await replicas.t.as(admin).get(`/api/boards/${p.board.id}`)).status).toBe(404);
      // Not yet handled: the 404 comes from the project being gone, not from the rows.
      expect((await projectRows(replicas.t.database.db, p)).boards).toBe(1);
    });

    await until(
      async () => (await projectRows(replicas.t.database.db, p)).boards === 0,
      'the board service handled it',
    );
    expect(await projectRows(replicas.t.database.db, p)).toEqual(noRows);
    // The room heard the board go (a last, empty board), and no socket is left in it on any replica.
    await leadHeard.received(p.board.id);
    expect(leadHeard.events.at(-1)).toMatchObject({ boardId: p.board.id, complete: true, issues: [] });
    await until(() => !inRoom(leadSocket.id!, p.board.id), 'the room emptied');
  });
});
