import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { generateNKeysBetween } from 'fractional-indexing';
import {
  labelColors,
  type BoardDto,
  type IssueDto,
  type LabelDto,
  type ProjectDto,
  type SessionResponse,
} from '@trackboard/contracts';
import { generateKeyPair, openPostgres, type Database } from '@trackboard/server-kit';
import { requireEnv, scratchDatabase } from '../e2e/support/environment';
import { freePortRange } from '../e2e/support/ports';
import { startSplit, type Split, type SplitProcess } from '../gateway/src/split-launcher';
import { hashPassword } from '../services/auth/src/domain/passwords';
import { issues } from '../services/board/src/db/schema';
import { decodeJson, wireRequest } from './wire';

// The split deployment every bench that a user's request would cross shares: gateway, auth,
// project, admin and two board replicas on a scratch PostgreSQL database and the shared Redis,
// started once per run. TRUST_PROXY=loopback lets the bench speak for many client addresses
// (X-Forwarded-For), as a load balancer in front would: the login throttle and the socket caps
// per address are real and would otherwise see one address for every simulated user.

export const BOARD_REPLICAS = 2;
const heapProbe = resolve(__dirname, 'heap-probe.ts');
export const profileDir = join(tmpdir(), 'trackboard-bench-profiles');

export type BenchUser = {
  id: string;
  email: string;
  password: string;
  token: string;
  session: SessionResponse;
  address: string;
};
export type BenchBoard = {
  id: string;
  projectKey: string;
  columnIds: string[];
  /** Issue ids by column, as seeded. */
  issueIds: string[][];
  count: number;
};

export type BenchEnv = {
  /** The gateway: where a user's requests go (the first one, when there are several). */
  url: string;
  gateway: SplitProcess;
  /** Every gateway's URL, in order (one unless `gateways` asked for more). */
  gatewayUrls: string[];
  gateways: SplitProcess[];
  boardReplicas: SplitProcess[];
  admin: SessionResponse;
  database: Database;
  /** The heap a process keeps after full collections (its heap probe answers). */
  heapUsed(process: SplitProcess): Promise<number>;
  /** `count` active users, each signed in from an address of their own (created once, then reused). */
  users(count: number): Promise<BenchUser[]>;
  /** A board with `count` issues seeded in bulk, its project led by the first user and joined by the next `members`. */
  board(count: number): Promise<BenchBoard>;
  /** A JSON call through the gateway, from `as`'s address; throws on a status ≥ 400. */
  call<T>(method: string, path: string, options?: { as?: BenchUser | SessionResponse; body?: unknown }): Promise<T>;
  stop(): Promise<void>;
};

const PASSWORD = 'bench user password';
/** Members of every bench board besides its lead: enough for the movers and the sockets. */
export const MEMBERS = 100;
const ADMIN = { email: 'admin@bench.test', password: 'bench-admin-password' };
/** A client address per user (10.77.0.0/16), so per-address limits see many clients as they would in use. */
const addressOf = (n: number) => `10.77.${(n >> 8) & 255}.${n & 255}`;

/** Every issue id of a board answer, by column (`columns[].issues`: each issue once). */
export const issueIdsByColumn = (board: Pick<BoardDto, 'columns'>) =>
  board.columns.map((c) => c.issues.map((i: Pick<IssueDto, 'id'>) => i.id));

/** A larger deployment than the shared one, for a bench that starts its own (the fan-out bench). */
export type BenchEnvOptions = { gateways?: number; boardReplicas?: number };

export async function startBenchEnv(
  progress: (line: string) => void,
  { gateways = 1, boardReplicas = BOARD_REPLICAS }: BenchEnvOptions = {},
): Promise<BenchEnv> {
  const keys = generateKeyPair();
  const dataDir = mkdtempSync(join(tmpdir(), 'tb-bench-'));
  const scratch = await scratchDatabase();
  // The gateways, four services and the board replicas, each on a port of its own.
  const base = await freePortRange(4 + gateways + boardReplicas);
  let split: Split | undefined;
  let database: Database | undefined;
  try {
    progress(
      `starting split mode (${gateways === 1 ? 'gateway' : `${gateways} gateways`}, 3 services, ${boardReplicas} board replicas)`,
    );
    split = await startSplit({
      env: {
        DATABASE_URL: scratch.url,
        REDIS_URL: requireEnv('REDIS_URL'),
        JWT_PUBLIC_KEY: keys.publicKeyPem,
        JWT_PRIVATE_KEY: keys.privateKeyPem,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        TRUST_PROXY: 'loopback',
        // The webhook bench's receivers listen on loopback.
        WEBHOOK_ALLOW_PRIVATE: 'true',
        // The attachments bench sends one file far larger than the default limit, to show it streams.
        ATTACHMENT_MAX_BYTES: String(200 * 1024 * 1024),
      },
      gatewayPort: base,
      basePort: base + 1,
      gateways,
      boardReplicas,
      stdio: 'ignore',
      ipc: true,
      nodeFlags: (name) => [
        ...(name.startsWith('gateway') || name.startsWith('board-') ? ['--expose-gc', '--import', heapProbe] : []),
        // BENCH_PROFILE=gateway (or board-1, …) writes that process's CPU profile when it stops.
        ...(process.env.BENCH_PROFILE === name ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      ],
    });
  } catch (err) {
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const running = split;
  const db = (database = openPostgres(scratch.url, 4));
  const url = running.url.replace('localhost', '127.0.0.1');

  async function call<T>(
    method: string,
    path: string,
    { as, body }: { as?: BenchUser | SessionResponse; body?: unknown } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { 'x-forwarded-for': as && 'address' in as ? as.address : '10.76.0.1' };
    if (as) headers.authorization = `Bearer ${as.token}`;
    const answer = await wireRequest(`${url}${path}`, { method, headers, body });
    if (answer.status >= 400) throw new Error(`${method} ${path} → ${answer.status} ${answer.body.toString()}`);
    return (answer.bodyBytes ? decodeJson<T>(answer) : undefined) as T;
  }

  const stop = async () => {
    await database?.close();
    await running.stop();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const admin = await call<SessionResponse>('POST', '/api/auth/login', { body: ADMIN }).catch(async (err) => {
    await stop();
    throw err;
  });

  const users: BenchUser[] = [];
  let passwordHash: string | undefined;
  // One sign-up at a time: two at once would insert the same numbered accounts.
  let signingUp: Promise<unknown> = Promise.resolve();
  const ensureUsers = (count: number): Promise<BenchUser[]> => {
    const next = signingUp.then(() => addUsers(count));
    signingUp = next.catch(() => undefined);
    return next;
  };
  async function addUsers(count: number): Promise<BenchUser[]> {
    if (users.length >= count) return users.slice(0, count);
    progress(`signing in ${count - users.length} users`);
    passwordHash ??= await hashPassword(PASSWORD);
    const first = users.length;
    // In bulk: registering through the API would hash each password again, for nothing measured.
    await db.db.execute(sql`
      insert into auth.users (name, email, password_hash, status)
      select 'Bench User ' || g, 'user' || g || '@bench.test', ${passwordHash}, 'ACTIVE'
      from generate_series(${first}::int, ${count - 1}::int) g`);
    const added = await inBatches(count - first, 8, async (i) => {
      const n = first + i;
      const email = `user${n}@bench.test`;
      const address = addressOf(n + 1);
      const session = await call<SessionResponse>('POST', '/api/auth/login', {
        as: { address } as BenchUser,
        body: { email, password: PASSWORD },
      });
      return { id: session.user.id, email, password: PASSWORD, token: session.token, session, address };
    });
    users.push(...added);
    return users.slice(0, count);
  }

  const boards = new Map<number, Promise<BenchBoard>>();
  let projects = 0;
  async function seedBoard(count: number): Promise<BenchBoard> {
    const [lead, ...members] = await ensureUsers(MEMBERS + 1);
    const key = `B${++projects}N${count}`.slice(0, 10);
    progress(`seeding a board with ${count.toLocaleString('en')} issues`);
    const project = await call<ProjectDto>('POST', '/api/projects', { as: lead, body: { name: `Bench ${key}`, key } });
    for (const member of members) {
      await call('POST', `/api/projects/${key}/members`, { as: lead, body: { email: member.email } });
    }
    const boardId = project.boards[0]!.id;
    const board = await call<BoardDto>('GET', `/api/boards/${boardId}`, { as: lead });
    // Cards as people fill them: most assigned (to the first 20 members), up to three
    // of the board's labels, some with a due date, and comments (0 to 3 each, counted below).
    const labels: LabelDto[] = [];
    for (const [i, color] of labelColors.slice(0, 8).entries())
      labels.push(
        await call<LabelDto>('POST', `/api/boards/${boardId}/labels`, {
          as: lead,
          body: { name: `label ${i}`, color },
        }),
      );
    const labelIds = labels.map((l) => Number(l.id));
    const assignees = [lead!, ...members.slice(0, 19)].map((u) => Number(u.id));
    const perColumn = Math.ceil(count / board.columns.length);
    let number = 0;
    for (const [c, column] of board.columns.entries()) {
      const n = Math.max(0, Math.min(perColumn, count - c * perColumn));
      const ranks = generateNKeysBetween(null, null, n);
      for (let start = 0; start < n; start += 1000) {
        await db.db.insert(issues).values(
          ranks.slice(start, start + 1000).map((rank, i) => {
            const k = ++number;
            return {
              boardId: Number(boardId),
              projectId: Number(project.id),
              number: k,
              key: `${key}-${k}`,
              columnId: Number(column.id),
              title: `Issue ${c}-${start + i}`,
              description: 'Seeded for the benchmark',
              status: 'TODO' as const,
              rank,
              reporterId: Number(lead!.id),
              assigneeId: k % 4 === 0 ? null : assignees[k % assignees.length]!,
              labelIds: labelIds.filter((_, l) => (k + l) % 5 === 0 || (k * 7 + l) % 11 === 0).slice(0, 3),
              dueDate:
                k % 3 === 0
                  ? `2030-${String((k % 12) + 1).padStart(2, '0')}-${String((k % 28) + 1).padStart(2, '0')}`
                  : null,
            };
          }),
        );
      }
    }
    await db.db.execute(sql`
      insert into board.comments (issue_id, author_id, body)
      select i.id, ${Number(lead!.id)}, 'Seeded comment ' || g
      from board.issues i cross join lateral generate_series(1, i.number % 4) g
      where i.board_id = ${Number(boardId)}`);
    await db.db.execute(sql`
      update board.issues i set comment_count = c.n
      from (select issue_id, count(*)::int as n from board.comments group by issue_id) c
      where c.issue_id = i.id and i.board_id = ${Number(boardId)}`);
    await db.db.execute(sql`
      insert into board.issue_numbers (project_id, last_number) values (${Number(project.id)}, ${number})
      on conflict (project_id) do update set last_number = excluded.last_number`);
    await db.db.execute(sql`analyze board.comments`);
    await db.db.execute(sql`analyze board.issues`);
    const seeded = await call<BoardDto>('GET', `/api/boards/${boardId}`, { as: lead });
    return {
      id: boardId,
      projectKey: key,
      columnIds: seeded.columns.map((c) => c.id),
      issueIds: issueIdsByColumn(seeded),
      count,
    };
  }

  const heapWaiters = new Map<SplitProcess, ((heap: number) => void)[]>();
  for (const proc of running.processes) {
    proc.child.on('message', (message: { heapUsed?: number }) => {
      if (typeof message?.heapUsed === 'number') heapWaiters.get(proc)?.shift()?.(message.heapUsed);
    });
  }

  const gatewayProcesses = running.processes.filter((p) => p.name.startsWith('gateway'));
  return {
    url,
    gateway: gatewayProcesses[0]!,
    gatewayUrls: running.gatewayUrls.map((u) => u.replace('localhost', '127.0.0.1')),
    gateways: gatewayProcesses,
    boardReplicas: running.processes.filter((p) => p.name.startsWith('board-')),
    admin,
    database: db,
    heapUsed: (proc) =>
      new Promise((resolveHeap, reject) => {
        const waiting = heapWaiters.get(proc) ?? [];
        heapWaiters.set(proc, waiting);
        waiting.push(resolveHeap);
        if (!proc.child.send('heap')) reject(new Error(`${proc.name}: no IPC channel`));
      }),
    users: ensureUsers,
    board(count) {
      if (!boards.has(count)) boards.set(count, seedBoard(count));
      return boards.get(count)!;
    },
    call,
    stop,
  };
}

/** `work(0 … count-1)`, at most `width` at a time, results in order. */
export async function inBatches<T>(count: number, width: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await work(i);
      }
    }),
  );
  return results;
}
