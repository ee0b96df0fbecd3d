import { io, type Socket } from 'socket.io-client';
import type { BoardUpdatedEvent, JoinAck } from '@trackboard/contracts';
import { createTokenSigner, generateKeyPair } from '@trackboard/server-kit';
import { startSplit, type Split } from '../gateway/src/split-launcher';
import { requireEnv, scratchDatabase } from './support/environment';
import { freePortRange } from './support/ports';

// Split mode for real: gateway, auth, project, admin and two board replicas as separate
// processes on PostgreSQL and Redis. A board room must span both replicas.
describe('split mode: board rooms across replicas through the gateway', () => {
  const keys = generateKeyPair();
  let split: Split;
  let dropDatabase: () => Promise<void>;
  const sockets: Socket[] = [];

  const tokenFor = async (isAdmin: boolean, id: string) =>
    (await createTokenSigner(keys.privateKeyPem))({ id, email: `${id}@example.test`, role: isAdmin ? 'admin' : 'user', isAdmin, sessionId: `s${id}` }, 600);

  const connect = (token: string, extraHeaders?: Record<string, string>) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = io(split.url, { transports: ['websocket'], auth: { token }, reconnection: false, extraHeaders });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  const join = (socket: Socket, room: string) => socket.emitWithAck('join_board_room', room) as Promise<JoinAck>;

  beforeAll(async () => {
    const redisUrl = requireEnv('REDIS_URL');
    const database = await scratchDatabase();
    dropDatabase = database.drop;
    const base = await freePortRange(7);
    split = await startSplit({
      env: { DATABASE_URL: database.url, REDIS_URL: redisUrl, JWT_PUBLIC_KEY: keys.publicKeyPem, JWT_PRIVATE_KEY: keys.privateKeyPem, LOG_LEVEL: 'warn' },
      gatewayPort: base,
      basePort: base + 1,
      boardReplicas: 2,
      stdio: 'ignore',
    });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await split?.stop();
    await dropDatabase?.();
  });

  it('delivers a change made on either replica to clients on both', async () => {
    const admin = await tokenFor(true, '1');
    const headers = { authorization: `Bearer ${admin}`, 'content-type': 'application/json' };
    const board = await (await fetch(`${split.url}/api/projects/1/boards`, { method: 'POST', headers, body: JSON.stringify({ name: 'Shared' }) })).json();

    // The gateway hands websocket upgrades to the board replicas in turn.
    const [first, second] = [await connect(admin), await connect(admin)];
    for (const socket of [first!, second!]) expect(await join(socket, `board_${board.id}`)).toEqual({ ok: true });
    const received = (socket: Socket) => {
      const events: BoardUpdatedEvent[] = [];
      socket.on('board_updated', (e: BoardUpdatedEvent) => events.push(e));
      return events;
    };
    const atFirst = received(first!);
    const atSecond = received(second!);

    // One change made directly on each replica: whichever replica a client sits on,
    // one of the two events had to cross Redis to reach it.
    const replicas = split.processes.filter((p) => p.name.startsWith('board-'));
    expect(replicas).toHaveLength(2);
    for (const [i, replica] of replicas.entries()) {
      const res = await fetch(`${replica.url}/api/boards/${board.id}`, { method: 'PUT', headers, body: JSON.stringify({ name: `Renamed ${i}` }) });
      expect(res.status).toBe(200);
    }
    await waitFor(() => atFirst.length === 2 && atSecond.length === 2);
    for (const events of [atFirst, atSecond]) {
      expect(events.map((e) => e.version).sort()).toEqual([1, 2]);
      expect(events.every((e) => e.boardId === board.id)).toBe(true);
    }
  });

  it('refuses a room join for a board the user may not see', async () => {
    const admin = await tokenFor(true, '1');
    const board = await (
      await fetch(`${split.url}/api/projects/1/boards`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: '{"name":"Closed"}' })
    ).json();
    const stranger = await connect(await tokenFor(false, '2'));
    expect(await join(stranger, `board_${board.id}`)).toEqual({ ok: false, message: 'Board not found' });
    expect(await join(stranger, 'not-a-room')).toEqual({ ok: false, message: 'Board not found' });
  });

  it('refuses a socket without a valid token, and one from a foreign origin', async () => {
    await expect(connect('forged')).rejects.toThrow('Invalid or expired token');
    await expect(connect(await tokenFor(true, '1'), { origin: 'http://evil.example' })).rejects.toThrow();
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
