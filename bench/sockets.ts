import { io, type Socket } from 'socket.io-client';
import { boardRoom, type JoinAck } from '@trackboard/contracts';
import { inBatches, MEMBERS, type BenchEnv, type BenchUser } from './split-env';
import type { Row } from './table';

// Idle sockets: what a board replica keeps per authenticated socket sitting in a board room,
// weighed as the heap after full collections (each replica's heap probe) before and after
// opening SOCKETS of them through the gateway, spread over users as tabs would be.
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);

/** `count` sockets through the gateway, each in the board's room; ten per user, from that user's address. */
export async function openBoardSockets(env: BenchEnv, boardId: string, count: number): Promise<Socket[]> {
  const users = (await env.users(MEMBERS + 1)).slice(1); // the members of every bench board
  const perUser = Math.ceil(count / users.length);
  return inBatches(count, 50, async (i) => {
    const user = users[Math.floor(i / perUser)]!;
    const socket = await connect(env.url, user);
    const ack = (await socket.emitWithAck('join_board_room', boardRoom(boardId))) as JoinAck;
    if (!ack.ok) throw new Error(`a join was refused: ${ack.message}`);
    return socket;
  });
}

/** What Chromium sends with a websocket upgrade besides the protocol's own headers. */
export const browserHeaders = (url: string) => ({
  origin: url,
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-GB,en;q=0.9,de;q=0.8',
  'cache-control': 'no-cache',
  pragma: 'no-cache',
});

function connect(url: string, user: BenchUser): Promise<Socket> {
  const socket = io(url, {
    transports: ['websocket'],
    auth: { token: user.token },
    extraHeaders: { ...browserHeaders(url), 'x-forwarded-for': user.address },
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

export const closeSockets = (sockets: Socket[]) => sockets.forEach((s) => s.disconnect());

export async function benchSockets(env: BenchEnv): Promise<Row[]> {
  const board = await env.board(500);
  const weigh = async () => {
    const replicas = await Promise.all(env.boardReplicas.map((r) => env.heapUsed(r)));
    return { replicas: replicas.reduce((a, b) => a + b, 0), gateway: await env.heapUsed(env.gateway) };
  };
  // A first round as large as the measured one warms up what every later socket shares
  // (compiled and optimised code, the room, pools), which would otherwise be counted per socket.
  closeSockets(await openBoardSockets(env, board.id, SOCKETS));
  await new Promise((r) => setTimeout(r, 1000));
  const before = await weigh();
  const sockets = await openBoardSockets(env, board.id, SOCKETS);
  try {
    const after = await weigh();
    return [
      {
        metric: `heap per idle socket (board replicas, ${SOCKETS} sockets in a board room)`,
        measured: (after.replicas - before.replicas) / SOCKETS,
        unit: 'bytes',
        target: { atMost: 6 * 1024 },
      },
      {
        metric: `heap per idle socket (gateway, proxying the same ${SOCKETS})`,
        measured: (after.gateway - before.gateway) / SOCKETS,
        unit: 'bytes',
      },
    ];
  } finally {
    closeSockets(sockets);
  }
}
