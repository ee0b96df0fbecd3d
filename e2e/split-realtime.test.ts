import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import type { BoardUpdatedEvent, JoinAck } from '@trackboard/contracts';
import { generateKeyPair } from '@trackboard/server-kit';
import { startSplit, type Split } from '../gateway/src/split-launcher';
import { requireEnv, scratchDatabase } from './support/environment';
import { verificationTokenFromMailFolder } from './support/mail';
import { freePortRange } from './support/ports';

// Split mode for real: gateway, auth, project, admin and two board replicas as separate
// processes on PostgreSQL and Redis. A board room must span both replicas.
describe('split mode: board rooms across replicas through the gateway', () => {
  const keys = generateKeyPair();
  const dataDir = mkdtempSync(joinPath(tmpdir(), 'tb-split-'));
  let split: Split;
  let dropDatabase: () => Promise<void>;
  const sockets: Socket[] = [];

  const ADMIN = { email: 'admin@split.test', password: 'split-admin-password' };
  const post = async (path: string, body: unknown, token?: string) =>
    fetch(`${split.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) }, body: JSON.stringify(body) });
  const adminToken = async () => (await (await post('/api/auth/login', ADMIN)).json()).token as string;
  /** A registered account, verified through its mail and approved by the admin when `approve`. */
  const strangerToken = async (approve: boolean) => {
    const email = `s${Date.now()}@split.test`;
    const { token, user } = await (await post('/api/auth/register', { name: 'Stranger', email, password: 'stranger-password' })).json();
    if (approve) {
      await post('/api/auth/verify-email', { token: verificationTokenFromMailFolder(dataDir, email) });
      const res = await fetch(`${split.url}/api/auth/users/${user.id}/status`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
        body: JSON.stringify({ status: 'ACTIVE' }),
      });
      expect(res.status).toBe(200);
    }
    return token as string;
  };

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
      env: { DATABASE_URL: database.url, REDIS_URL: redisUrl, JWT_PUBLIC_KEY: keys.publicKeyPem, JWT_PRIVATE_KEY: keys.privateKeyPem, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
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
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers a change made on either replica to clients on both', async () => {
    const admin = await adminToken();
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
    const board = await (await post('/api/projects/1/boards', { name: 'Closed' }, await adminToken())).json();
    const stranger = await connect(await strangerToken(true));
    expect(await join(stranger, `board_${board.id}`)).toEqual({ ok: false, message: 'Board not found' });
    expect(await join(stranger, 'not-a-room')).toEqual({ ok: false, message: 'Board not found' });
  });

  it('refuses a socket without a valid token, from an account not yet active, or from a foreign origin', async () => {
    await expect(connect('forged')).rejects.toThrow('Invalid or expired token');
    await expect(connect(await strangerToken(false))).rejects.toThrow('Your account is not active.');
    await expect(connect(await adminToken(), { origin: 'http://evil.example' })).rejects.toThrow();
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
