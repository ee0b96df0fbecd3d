import type { BoardUpdatedEvent } from '@trackboard/contracts';
import { percentile } from './load';
import { closeSockets, openBoardSockets } from './sockets';
import type { BenchEnv } from './split-env';
import type { Row } from './table';

// Realtime fan-out in split mode: SOCKETS browsers' sockets in one board room through the gateway
// (spread over both board replicas), and CHANGES board changes made through the gateway, each
// timed from the change request until every socket has it.
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 20);

export async function benchRealtime(env: BenchEnv): Promise<Row[]> {
  const [lead] = await env.users(1);
  const board = await env.board(500);
  const sockets = await openBoardSockets(env, board.id, SOCKETS);
  try {
    let received: { version: number; at: number }[] = [];
    for (const socket of sockets) {
      socket.on('board_updated', (e: BoardUpdatedEvent) =>
        received.push({ version: e.version, at: performance.now() }),
      );
    }
    const latencies: number[] = [];
    let missing = 0;
    for (let c = 0; c < CHANGES; c++) {
      received = [];
      const sentAt = performance.now();
      const { version } = await env.call<{ version: number }>('PUT', `/api/boards/${board.id}`, {
        as: lead,
        body: { name: `Change ${c}` },
      });
      const deadline = performance.now() + 5000;
      const mine = () => received.filter((r) => r.version === version);
      while (mine().length < SOCKETS && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      missing += SOCKETS - mine().length;
      latencies.push(...mine().map((r) => r.at - sentAt));
    }
    return [
      {
        metric: `realtime fan-out p99, ${SOCKETS.toLocaleString('en')} sockets, ${env.boardReplicas.length} replicas`,
        measured: percentile(latencies, 99),
        unit: 'ms',
        note:
          `p50 ${percentile(latencies, 50).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms, ` +
          `${CHANGES} changes` +
          (missing ? `, ${missing} of ${SOCKETS * CHANGES} deliveries missing` : ''),
      },
    ];
  } finally {
    closeSockets(sockets);
  }
}
