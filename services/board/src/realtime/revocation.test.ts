import { messages, type CreatedAccessTokenDto, type EventOf, type SessionResponse } from '@trackboard/contracts';
import { freshAddress, type GivenUser } from '@trackboard/test-platform';
import { redisForTests, type TestRedis } from '@trackboard/test-platform/redis';
import { givenBoard, type GivenBoard } from '../testing/given-board';
import { closeAll, connect, disconnection, inbox, join, refusal } from './testing/in-process';
import { startReplicas, type Replica, type Replicas } from './testing/replicas';

// Revocation reaches open sockets: the auth service records it in its
// outbox with the change, the relay appends it to Redis, and every board replica disconnects
// the sockets it holds of that session or account. Two replicas over one database and Redis
// (testing/replicas.ts); the sockets sit on replica B, the requests go through the platform.

let redis: TestRedis;
let replicas: Replicas;
let b: Replica;
beforeAll(async () => {
  redis = await redisForTests();
  replicas = await startReplicas(redis.url);
  b = replicas.b;
});
afterAll(async () => {
  await closeAll();
  await replicas?.close();
  await redis?.stop();
});

/** A second login of the same account: a session of its own. */
const loginAgain = (user: GivenUser) =>
  replicas.t.ok<SessionResponse>(
    replicas.t.request('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
      ip: freshAddress(),
    }),
  );

/** The board's member on replica B in its room, and the lead there too (who keeps hearing it). */
async function watching(given: GivenBoard, member: { token: string } = given.member) {
  const [memberSocket, leadSocket] = [await connect(b, member), await connect(b, given.lead)];
  for (const socket of [memberSocket, leadSocket]) expect(await join(socket, given.board.id)).toEqual({ ok: true });
  return { memberSocket, leadSocket };
}

describe('an open socket on another replica', () => {
  it('is disconnected when its session logs out; the same account’s other session keeps its socket', async () => {
    const given = await givenBoard(replicas.t);
    const other = await loginAgain(given.member);
    const { memberSocket, leadSocket } = await watching(given);
    const otherSocket = await connect(b, other);
    const ended = disconnection(memberSocket);

    expect((await replicas.t.as(given.member.token).post('/api/auth/logout')).status).toBe(204);
    expect(await ended).toBe('io server disconnect');
    expect(await join(otherSocket, given.board.id)).toEqual({ ok: true });
    expect(leadSocket.connected).toBe(true);
  });

  it.each([
    [
      'suspended',
      // The auth service's own route, as the admin service calls it (the gateway does not expose it).
      (admin: string, id: string) =>
        replicas.t.platform.apps.auth.request(`/api/auth/users/${id}/status`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
          body: JSON.stringify({ status: 'SUSPENDED' }),
        }),
    ],
    ['deleted', (admin: string, id: string) => replicas.t.as(admin).delete(`/api/users/${id}`)],
  ])('is disconnected, with every socket of the account, when the account is %s', async (_name, revoke) => {
    const given = await givenBoard(replicas.t);
    const other = await loginAgain(given.member);
    const { memberSocket, leadSocket } = await watching(given);
    const otherSocket = await connect(b, other);
    const heard = inbox(leadSocket);
    const ended = [disconnection(memberSocket), disconnection(otherSocket)];

    const res = await revoke((await replicas.t.admin()).token, given.member.user.id);
    expect(res.status).toBeLessThan(300);
    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);
    // The lead's socket stays, and still hears the board.
    await replicas.t.ok(replicas.t.as(given.lead.token).put(`/api/boards/${given.board.id}`, { name: 'Still here' }));
    await heard.received(given.board.id);
  });

  it('rejection: a pending account never holds a socket, and the rejection still reaches every replica', async () => {
    const pending = await replicas.t.givenUser({ status: 'PENDING_APPROVAL' });
    await expect(connect(b, pending)).rejects.toThrow('Your account is not active.');
    const heard = new Promise<EventOf<'account.revoked'>>((resolve) =>
      b.events.listen({ 'account.revoked': (e) => void (e.userId === pending.user.id && resolve(e)) }),
    );
    const admin = (await replicas.t.admin()).token;
    expect((await replicas.t.as(admin).put(`/api/admin/users/${pending.user.id}/reject`, {})).status).toBe(200);
    expect(await heard).toMatchObject({ type: 'account.revoked', userId: pending.user.id, reason: 'REJECTED' });
  });
});

describe('a personal access token', () => {
  it('opens no socket: realtime is for the browser, which signs in', async () => {
    const given = await givenBoard(replicas.t);
    const { token } = await replicas.t.ok<CreatedAccessTokenDto>(
      replicas.t.as(given.member.token).post('/api/auth/tokens', { name: 'a script' }),
    );
    expect((await replicas.t.as(token).get(`/api/boards/${given.board.id}`)).status).toBe(200);
    expect((await refusal(b, token)).message).toBe(messages.personalTokenNoRealtime);
  });
});
