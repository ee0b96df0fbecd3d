import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { generateNKeysBetween } from 'fractional-indexing';
import { eq, sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import {
  boardRoom,
  defaultColumns,
  type BoardUpdatedEvent,
  type JoinAck,
  type ProjectDto,
} from '@trackboard/contracts';
import { until } from '../e2e/support/poll';
import type { SplitProcess } from '../gateway/src/split-launcher';
import { socketOptions } from '../packages/web-kit/src/socket/socket-manager';
import { boards, columns, issues } from '../services/board/src/db/schema';
import { cpuSeconds, percentile } from './load';
import { browserHeaders } from './sockets';
import { inBatches, startBenchEnv, type BenchEnv, type BenchUser } from './split-env';
import type { Row } from './table';

// Fan-out at scale: SOCKETS browsers' sockets (10,000 unless BENCH_FANOUT_SOCKETS says fewer)
// through two gateways to four board replicas, 50 in the room of each of SOCKETS / 50 small
// boards. Measured: how long a move takes to reach every watcher of its board, what each socket
// costs a board replica and a gateway, and how long every socket takes to be back in its room
// after a board replica is killed. The sockets behave as the browser's (web-kit's socket
// options: reconnection on, 3 s apart; every room joined again on each connect).

const SOCKETS = Number(process.env.BENCH_FANOUT_SOCKETS ?? 10_000);
const WATCHERS_PER_BOARD = 50;
const ISSUES_PER_BOARD = 10;
/**
 * Each user's sockets watch boards of their own, as tabs would. Twenty is the cap per user on
 * one replica (connection-caps.ts), so however the gateways spread them, none is refused.
 */
const SOCKETS_PER_USER = 20;
/** Moves at a steady 10 a second, one per board, each on its own board, so each has its whole room to reach. */
const MOVES = 50;
const MOVE_EVERY_MS = 100;
const MOVES_AFTER_KILL = 20;
/** Sockets opening at once (connect, authenticate, join). */
const OPENING = 100;
/** Opening fails when no socket has joined its room for this long. */
const STALL_MS = 30_000;
/**
 * A first round that warms up what every socket shares (pools, compiled code), not weighed: small
 * beside SOCKETS, so what it leaves is a few bytes a socket.
 */
const WARM_UP = Math.min(500, SOCKETS);
/** The reconnect target: the browser's first retry comes 1.5–4.5 s after the drop (3 s ± half); one that still met the dead replica tries again 5 s later. */
const RECONNECT_TARGET_MS = 10_000;

type FanoutBoard = { id: string; columnIds: string[]; issueId: string };

/** What the bench knows of its sockets: which are in their room, and every board event each got. */
type Fleet = {
  sockets: Socket[];
  /** The board each socket watches, by index. */
  boardIds: string[];
  joined: Set<number>;
  disconnects: number;
  /** When each socket's last join was acknowledged, by index. */
  joinedAt: number[];
  /** Sockets that stopped trying (socket.io's 5 attempts were not enough). */
  gaveUp: number;
  /** Joins the server refused after a reconnect (none expected). */
  refused: string[];
  /** By `boardId:version`: when each socket (by index) got that event first. */
  arrivals: Map<string, Map<number, number>>;
};

const boardCount = (sockets: number) => Math.ceil(sockets / WATCHERS_PER_BOARD);
const usersFor = (sockets: number) => Math.ceil(sockets / SOCKETS_PER_USER);

export async function benchFanout(report: (line: string) => void): Promise<Row[]> {
  if (!Number.isInteger(SOCKETS) || SOCKETS < WATCHERS_PER_BOARD)
    throw new Error(`BENCH_FANOUT_SOCKETS: a whole number of at least ${WATCHERS_PER_BOARD}`);
  // Each step says when it began: on a busy machine, where the time went.
  const began = performance.now();
  const progress = (line: string) => report(`${((performance.now() - began) / 1000).toFixed(0)} s: ${line}`);
  const env = await startBenchEnv(progress, { gateways: 2, boardReplicas: 4 });
  const fleet = fleetOf();
  try {
    const [lead, ...watchers] = await env.users(1 + usersFor(SOCKETS));
    const boards = await seedBoards(env, progress, lead!, watchers, boardCount(SOCKETS));

    progress(`warming up with ${WARM_UP.toLocaleString('en')} sockets`);
    const warm = fleetOf();
    await openSockets(env, warm, watchers, boards, WARM_UP).finally(() => closeFleet(warm));
    await until(async () => (await Promise.all(env.boardReplicas.map(socketsOn))).every((n) => n === 0), {
      what: 'the warm-up sockets to be closed on every board replica',
    });
    const weighed = [...env.boardReplicas, ...env.gateways];
    const before = await weigh(env, weighed);

    progress(`opening ${SOCKETS.toLocaleString('en')} sockets in ${boards.length} board rooms`);
    const openStarted = performance.now();
    const cpuBefore = cpuOf(env);
    await openSockets(env, fleet, watchers, boards, SOCKETS);
    const openSeconds = (performance.now() - openStarted) / 1000;
    const cpuAfter = cpuOf(env);
    const cpuPerSocket = (k: keyof typeof cpuAfter) =>
      `${((1000 * (cpuAfter[k] - cpuBefore[k])) / SOCKETS).toFixed(2)} ms`;
    const after = await weigh(env, weighed);
    const perReplica = await Promise.all(env.boardReplicas.map(socketsOn));
    if (perReplica.reduce((a, b) => a + b, 0) !== SOCKETS)
      throw new Error(`the board replicas hold ${perReplica.join(' + ')} sockets, not ${SOCKETS}`);

    // Boards spread over the whole range (every fourth of 200): their rooms span every replica and gateway.
    const sample = Array.from({ length: Math.min(MOVES, boards.length) }, (_, i) =>
      Math.floor((i * boards.length) / Math.min(MOVES, boards.length)),
    );
    progress(`${sample.length} moves, one every ${MOVE_EVERY_MS} ms`);
    const load = loadavg()[0]!;
    const first = await fanOut(
      env,
      lead!,
      fleet,
      sample.map((b) => ({ board: boards[b]!, from: 0, to: 1 })),
    );

    const victim = env.boardReplicas[0]!;
    const held = perReplica[0]!;
    progress(`killing ${victim.name} (${held.toLocaleString('en')} sockets)`);
    const rejoin = await killAndRejoin(victim, held, fleet);
    // The same issues go back: each board's room now has sockets that rejoined through another replica.
    const second = await fanOut(
      env,
      lead!,
      fleet,
      sample.slice(0, MOVES_AFTER_KILL).map((b) => ({ board: boards[b]!, from: 1, to: 0 })),
    );

    const latencies = first.latencies;
    const per = (gone: number, count: number) => gone / count;
    const heapDelta = (procs: SplitProcess[]) =>
      procs.reduce((sum, p) => sum + after.get(p)!.heap - before.get(p)!.heap, 0);
    const rssDelta = (procs: SplitProcess[]) =>
      procs.reduce((sum, p) => sum + after.get(p)!.rss - before.get(p)!.rss, 0);
    const scale = `${SOCKETS.toLocaleString('en')} sockets, ${boards.length} rooms, 4 board replicas, 2 gateways`;
    return [
      {
        metric: `fan-out p50, a move to every watcher of its board (${scale})`,
        measured: percentile(latencies, 50),
        unit: 'ms',
        note: `${first.moves} moves at ${1000 / MOVE_EVERY_MS}/s, ${latencies.length.toLocaleString('en')} deliveries; load average ${load.toFixed(1)}`,
      },
      {
        metric: `fan-out p99 (${scale})`,
        measured: percentile(latencies, 99),
        unit: 'ms',
        target: { atMost: 200 },
        note:
          `max ${Math.max(...latencies).toFixed(0)} ms; after the kill (3 replicas): ` +
          `p50 ${percentile(second.latencies, 50).toFixed(1)} ms, p99 ${percentile(second.latencies, 99).toFixed(1)} ms`,
      },
      {
        metric: 'fan-out deliveries missed',
        measured: first.missed + second.missed,
        unit: 'count',
        target: { atMost: 0 },
        note: `of ${(first.expected + second.expected).toLocaleString('en')}: ${first.moves} moves before the kill, ${second.moves} after`,
      },
      {
        metric: 'heap per socket per board replica (in a board room)',
        measured: per(heapDelta(env.boardReplicas), SOCKETS),
        unit: 'bytes',
        note:
          `${perReplica.map((n) => n.toLocaleString('en')).join(' / ')} sockets by replica; ` +
          `RSS ${(per(rssDelta(env.boardReplicas), SOCKETS) / 1024).toFixed(1)} KB per socket`,
      },
      {
        metric: 'heap per socket per gateway (proxying it)',
        measured: per(heapDelta(env.gateways), SOCKETS),
        unit: 'bytes',
        note: `half the sockets through each; RSS ${(per(rssDelta(env.gateways), SOCKETS) / 1024).toFixed(1)} KB per socket`,
      },
      {
        metric: 'all sockets back in their rooms after a board replica is killed',
        measured: rejoin.missing ? null : Math.max(...rejoin.back),
        unit: 'ms',
        target: { atMost: RECONNECT_TARGET_MS },
        note:
          (rejoin.missing ? `${rejoin.missing} not back after ${REJOIN_DEADLINE_MS / 1000} s; ` : '') +
          `${rejoin.dropped.toLocaleString('en')} dropped (SIGKILL, not relaunched), back through the 3 left: ` +
          `p50 ${(percentile(rejoin.back, 50) / 1000).toFixed(1)} s, p99 ${(percentile(rejoin.back, 99) / 1000).toFixed(1)} s` +
          (fleet.gaveUp ? `; ${fleet.gaveUp} gave up after 5 attempts` : '') +
          (fleet.refused.length ? `; ${fleet.refused.length} rejoins refused: ${fleet.refused[0]}` : ''),
      },
      {
        metric: 'sockets opened per second (connect, authenticate, join; 100 at a time)',
        measured: SOCKETS / openSeconds,
        unit: '/s',
        note: `CPU per socket: board replicas ${cpuPerSocket('replicas')}, gateways ${cpuPerSocket('gateways')}, clients ${cpuPerSocket('clients')}`,
      },
    ];
  } finally {
    closeFleet(fleet);
    await env.stop();
  }
}

const fleetOf = (): Fleet => ({
  sockets: [],
  boardIds: [],
  joined: new Set(),
  disconnects: 0,
  joinedAt: [],
  gaveUp: 0,
  refused: [],
  arrivals: new Map(),
});

/**
 * One project led by `lead` with every watcher as a member, and `count` boards in it of
 * ISSUES_PER_BOARD issues each. Only the project goes through the API: members, boards and
 * issues are written in bulk, as hundreds of calls would take minutes of a busy machine for
 * nothing measured (memberships are a view the board service reads, so they count at once).
 */
async function seedBoards(
  env: BenchEnv,
  progress: (line: string) => void,
  lead: BenchUser,
  members: BenchUser[],
  count: number,
): Promise<FanoutBoard[]> {
  progress(`seeding ${count} boards with ${members.length} members`);
  const { db } = env.database;
  const key = 'FAN';
  const project = await env.call<ProjectDto>('POST', '/api/projects', { as: lead, body: { name: 'Fan-out', key } });
  const projectId = Number(project.id);
  await db.execute(sql`
    insert into project.members (project_id, user_id)
    values ${sql.join(
      members.map((m) => sql`(${projectId}, ${Number(m.id)})`),
      sql`, `,
    )}`);
  await db.execute(sql`
    with added as (
      insert into board.boards (project_id, name)
      select ${projectId}, 'Board ' || g from generate_series(2, ${count}::int) g
      returning id)
    insert into board.columns (board_id, name, position)
    select added.id, c.name, c.position from added
    cross join (values ${sql.join(
      defaultColumns.map((name, i) => sql`(${name}::text, ${i}::int)`),
      sql`, `,
    )}) as c (name, position)`);
  const columnRows = await db
    .select({ boardId: columns.boardId, id: columns.id })
    .from(columns)
    .innerJoin(boards, eq(boards.id, columns.boardId))
    .where(eq(boards.projectId, projectId))
    .orderBy(columns.boardId, columns.position);
  const columnIds = new Map<number, number[]>();
  for (const { boardId, id } of columnRows) columnIds.set(boardId, [...(columnIds.get(boardId) ?? []), id]);

  const ranks = generateNKeysBetween(null, null, ISSUES_PER_BOARD);
  const seeded = [...columnIds.entries()];
  const inserted = await db
    .insert(issues)
    .values(
      seeded.flatMap(([boardId, [firstColumn]], b) =>
        ranks.map((rank, i) => {
          const number = b * ISSUES_PER_BOARD + i + 1;
          return {
            boardId,
            projectId,
            number,
            key: `${key}-${number}`,
            columnId: firstColumn!,
            title: `Issue ${number}`,
            description: 'Seeded for the fan-out benchmark',
            status: 'TODO' as const,
            rank,
            reporterId: Number(lead.id),
          };
        }),
      ),
    )
    .returning({ id: issues.id, boardId: issues.boardId, number: issues.number });
  await db.execute(sql`
    insert into board.issue_numbers (project_id, last_number) values (${projectId}, ${inserted.length})
    on conflict (project_id) do update set last_number = excluded.last_number`);
  const firstIssue = new Map(
    inserted.filter((i) => (i.number - 1) % ISSUES_PER_BOARD === 0).map((i) => [i.boardId, String(i.id)]),
  );
  // The last member sees the last board: the service reads what was written.
  const [lastBoard] = seeded[seeded.length - 1]!;
  await env.call('GET', `/api/boards/${lastBoard}`, { as: members[members.length - 1] });
  return seeded.map(([id, ids]) => ({
    id: String(id),
    columnIds: ids.map(String),
    issueId: firstIssue.get(id)!,
  }));
}

/**
 * Socket `s` watches board `s % boards`, belongs to user `s / SOCKETS_PER_USER` (so a user's
 * sockets are on different boards) and goes through the gateways in turn by watcher, so each
 * room has sockets behind both.
 */
async function openSockets(env: BenchEnv, fleet: Fleet, users: BenchUser[], boards: FanoutBoard[], count: number) {
  // Bounded by progress rather than by a total: a busy machine opens them slowly, a stuck one not at all.
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    let seen = -1;
    timer = setInterval(() => {
      if (fleet.joined.size > seen) return void (seen = fleet.joined.size);
      reject(new Error(`opening ${count} sockets: stuck at ${seen} in their rooms for ${STALL_MS / 1000} s`));
    }, STALL_MS);
  });
  try {
    await Promise.race([
      inBatches(count, OPENING, (s) => {
        const watcher = Math.floor(s / boards.length);
        const url = env.gatewayUrls[watcher % env.gatewayUrls.length]!;
        return openSocket(fleet, url, users[Math.floor(s / SOCKETS_PER_USER)]!, boards[s % boards.length]!.id);
      }),
      stalled,
    ]);
  } finally {
    clearInterval(timer);
  }
}

/** A socket as the browser's: joins its board's room on every connect, the first and each reconnect. */
function openSocket(fleet: Fleet, url: string, user: BenchUser, boardId: string): Promise<void> {
  const index = fleet.sockets.length;
  const room = boardRoom(boardId);
  const socket = io(url, {
    ...socketOptions,
    auth: { token: user.token },
    extraHeaders: { ...browserHeaders(url), 'x-forwarded-for': user.address },
    forceNew: true,
  });
  fleet.sockets.push(socket);
  fleet.boardIds.push(boardId);
  socket.on('board_updated', (event: BoardUpdatedEvent) => {
    const key = `${event.boardId}:${event.version}`;
    const got = fleet.arrivals.get(key) ?? new Map<number, number>();
    fleet.arrivals.set(key, got);
    if (!got.has(index)) got.set(index, performance.now());
  });
  socket.on('disconnect', () => {
    fleet.joined.delete(index);
    fleet.disconnects++;
  });
  return new Promise((resolve, reject) => {
    // A refusal (the server's middleware said no) ends the bench; a timeout on a busy machine is
    // retried by socket.io, as in the browser, and the opening's deadline bounds it.
    socket.on('connect_error', (err) => {
      if (!socket.active) reject(new Error(`a socket was refused: ${err.message}`));
    });
    socket.io.once('reconnect_failed', () => {
      fleet.gaveUp++;
      reject(new Error('a socket could not connect in 5 attempts'));
    });
    socket.on('connect', () => {
      socket.emit('join_board_room', room, (ack: JoinAck) => {
        if (!ack.ok) {
          fleet.refused.push(ack.message);
          return reject(new Error(`a join was refused: ${ack.message}`));
        }
        fleet.joined.add(index);
        fleet.joinedAt[index] = performance.now();
        resolve();
      });
    });
  });
}

function closeFleet(fleet: Fleet) {
  for (const socket of fleet.sockets) socket.disconnect();
}

type Move = { board: FanoutBoard; from: number; to: number };

/**
 * Each move of `moves` at its turn (a steady rate, whatever the answers take), timed for every
 * watcher of its board from the request being sent until that socket has the move's event.
 */
async function fanOut(env: BenchEnv, mover: BenchUser, fleet: Fleet, moves: Move[]) {
  fleet.arrivals.clear();
  const watchers = (board: FanoutBoard) => fleet.boardIds.filter((id) => id === board.id).length;
  const start = performance.now();
  const sent = await Promise.all(
    moves.map(async ({ board, from, to }, i) => {
      // The move's turn in the schedule: a rate, not a wait for something to happen.
      await new Promise((r) => setTimeout(r, Math.max(0, start + i * MOVE_EVERY_MS - performance.now())));
      const body = {
        sourceColumnId: board.columnIds[from]!,
        destinationColumnId: board.columnIds[to]!,
        position: 0,
        boardId: board.id,
      };
      const sentAt = performance.now();
      const { version } = await env.call<{ version: number }>('PUT', `/api/issues/${board.issueId}/position`, {
        as: mover,
        body,
      });
      return { key: `${board.id}:${version}`, sentAt, expected: watchers(board) };
    }),
  );
  const complete = () => sent.every((m) => (fleet.arrivals.get(m.key)?.size ?? 0) >= m.expected);
  // What has not arrived within 5 s is counted as missed rather than awaited.
  await until(complete, { timeoutMs: 5000 }).catch(() => undefined);
  const latencies = sent.flatMap((m) => [...(fleet.arrivals.get(m.key)?.values() ?? [])].map((at) => at - m.sentAt));
  const expected = sent.reduce((sum, m) => sum + m.expected, 0);
  return { moves: moves.length, latencies, expected, missed: expected - latencies.length };
}

/**
 * How long the bench waits for the sockets to be back after a kill: several of socket.io's
 * attempts (each up to 10 s to connect, 5 s apart), as a busy machine takes many seconds to
 * let thousands of sockets in again.
 */
const REJOIN_DEADLINE_MS = 60_000;

/**
 * SIGKILLs `victim`, which held `held` of the fleet's sockets, and waits (up to
 * REJOIN_DEADLINE_MS) until all of them have dropped and every socket is in its room again:
 * each dropped socket's time from the kill until it was back, and how many were not.
 */
async function killAndRejoin(victim: SplitProcess, held: number, fleet: Fleet) {
  const disconnectsBefore = fleet.disconnects;
  const killedAt = performance.now();
  victim.child.kill('SIGKILL');
  const dropped = () => fleet.disconnects - disconnectsBefore;
  // Not back in time is a figure to report, not a failure of the bench.
  await until(() => dropped() >= held && fleet.joined.size === fleet.sockets.length, {
    timeoutMs: REJOIN_DEADLINE_MS,
  }).catch(() => undefined);
  const back = fleet.joinedAt.filter((at) => at > killedAt).map((at) => at - killedAt);
  return {
    dropped: dropped(),
    back,
    missing: fleet.sockets.length - fleet.joined.size + Math.max(0, held - dropped()),
  };
}

/** CPU seconds so far of the board replicas, of the gateways and of this process (the clients). */
function cpuOf(env: BenchEnv) {
  const sum = (procs: SplitProcess[]) => procs.reduce((total, p) => total + cpuSeconds(p.child.pid!), 0);
  const own = process.cpuUsage();
  return {
    replicas: sum(env.boardReplicas),
    gateways: sum(env.gateways),
    clients: (own.user + own.system) / 1e6,
  };
}

/** The sockets connected to a board replica, as its /metrics counts them. */
async function socketsOn(replica: SplitProcess): Promise<number> {
  const text = await (await fetch(`${replica.url}/metrics`)).text();
  const found = /^trackboard_sockets_connected(?:\{[^}]*\})? (\d+)/m.exec(text);
  if (!found) throw new Error(`${replica.name}: /metrics has no trackboard_sockets_connected`);
  return Number(found[1]);
}

/** Each process's heap after full collections (its heap probe), and its resident set just after. */
async function weigh(env: BenchEnv, procs: SplitProcess[]) {
  const weights = new Map<SplitProcess, { heap: number; rss: number }>();
  for (const proc of procs) {
    const heap = await env.heapUsed(proc);
    const rssKb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${proc.child.pid}/status`, 'utf8'))?.[1];
    weights.set(proc, { heap, rss: Number(rssKb) * 1024 });
  }
  return weights;
}
