import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import type { BoardDto, BoardUpdatedEvent } from '@trackboard/contracts';
import { generateKeyPair } from '@trackboard/server-kit';
import { apiOf } from '../e2e/support/api';
import { requireEnv, scratchDatabase } from '../e2e/support/environment';
import { freePortRange } from '../e2e/support/ports';
import { startSplit } from '../gateway/src/split-launcher';
import { percentile } from './load';

// Realtime delivery in split mode: SOCKETS clients spread over two board replicas, all in
// one board room; each change is made on replica A and timed until every client has it.
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 20);

export async function benchRealtime(): Promise<void> {
  const keys = generateKeyPair();
  const dataDir = mkdtempSync(join(tmpdir(), 'tb-bench-rt-'));
  const database = await scratchDatabase();
  const base = await freePortRange(7);
  const admin = { email: 'admin@bench.test', password: 'bench-admin-password' };
  const split = await startSplit({
    env: {
      DATABASE_URL: database.url,
      REDIS_URL: requireEnv('REDIS_URL'),
      JWT_PUBLIC_KEY: keys.publicKeyPem,
      JWT_PRIVATE_KEY: keys.privateKeyPem,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
    gatewayPort: base,
    basePort: base + 1,
    boardReplicas: 2,
    stdio: 'ignore',
  });
  const sockets: Socket[] = [];
  try {
    const api = apiOf({ url: split.url, dataDir });
    const lead = await api.activeUser(await api.login(admin.email, admin.password), 'Bench Lead');
    const project = await api.createProject(lead, 'Realtime', 'RT');
    const board = await api.call<BoardDto>('GET', `/api/boards/${project.boards[0]!.id}`, undefined, lead.token);
    const replicas = split.processes.filter((p) => p.name.startsWith('board-'));

    let received: { version: number; at: number }[] = [];
    for (let i = 0; i < SOCKETS; i++) {
      const socket = io(replicas[i % replicas.length]!.url, {
        transports: ['websocket'],
        auth: { token: lead.token },
        reconnection: false,
        forceNew: true,
      });
      socket.on('board_updated', (e: BoardUpdatedEvent) =>
        received.push({ version: e.version, at: performance.now() }),
      );
      sockets.push(socket);
    }
    await Promise.all(
      sockets.map(
        (s) =>
          new Promise<void>((resolve, reject) =>
            s.connected ? resolve() : (s.once('connect', () => resolve()), s.once('connect_error', reject)),
          ),
      ),
    );
    const joined = await Promise.all(sockets.map((s) => s.emitWithAck('join_board_room', `board_${board.id}`)));
    if (joined.some((a) => !a.ok)) throw new Error('a join was refused');

    const latencies: number[] = [];
    let missing = 0;
    for (let c = 0; c < CHANGES; c++) {
      received = [];
      const sentAt = performance.now();
      const res = await fetch(`${replicas[0]!.url}/api/boards/${board.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${lead.token}` },
        body: JSON.stringify({ name: `Change ${c}` }),
      });
      const { version } = await res.json();
      const deadline = performance.now() + 5000;
      while (received.filter((r) => r.version === version).length < SOCKETS && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 5));
      const mine = received.filter((r) => r.version === version);
      missing += SOCKETS - mine.length;
      latencies.push(...mine.map((r) => r.at - sentAt));
    }
    console.log(
      `\nRealtime delivery (split mode, ${SOCKETS} sockets over ${replicas.length} board replicas, ${CHANGES} changes made on one replica)`,
    );
    console.log(
      `  from the change request to each socket: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
    );
    console.log(`  deliveries ${latencies.length} of ${SOCKETS * CHANGES} (missing ${missing})`);
  } finally {
    for (const s of sockets) s.disconnect();
    await split.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
