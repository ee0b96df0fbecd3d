import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import type {
  BoardDto,
  BoardUpdatedEvent,
  CommentDto,
  IssueDto,
  IssueWriteResult,
  JoinAck,
  NotificationList,
  SessionResponse,
} from '@trackboard/contracts';
import {
  createSqlSessionLookup,
  createTokenVerifier,
  generateKeyPair,
  openPostgres,
  type Database,
} from '@trackboard/server-kit';
import { allMigrations } from '../gateway/src/embedded';
import { startSplit, type Split } from '../gateway/src/split-launcher';
import { apiOf } from './support/api';
import { scratchDatabase } from './support/environment';
import { splitTestEnv } from './support/split-env';
import { sampleSum, scrape } from './support/metrics';
import { startMoveLoad } from './support/move-load';
import { startPgBouncer, type PgBouncer } from './support/pgbouncer';
import { until } from './support/poll';
import { freePortRange } from './support/ports';

// Split mode with every process's PostgreSQL connections through Debian's PgBouncer (1.18) in
// transaction pooling: the gateway, auth, project, admin, notification and two board replicas
// share 3 server connections, so consecutive transactions of one client connection run on
// different server connections. With 1.18 no named prepared statement may go through it
// (DATABASE_NAMED_STATEMENTS=false); the last test shows what happens when one does.

/** PgBouncer's server connections to the database: far fewer than the processes' client connections. */
const SERVER_CONNECTIONS = 3;
/** Each process's own pool (DATABASE_POOL_SIZE). */
const POOL_SIZE = 4;
const MOVERS = 8;
const METRICS_TOKEN = 'pgbouncer-test-metrics-token';

describe('split mode through PgBouncer in transaction pooling', () => {
  const keys = generateKeyPair();
  const dataDir = mkdtempSync(joinPath(tmpdir(), 'tb-pgbouncer-split-'));
  const ADMIN = { email: 'admin@pgbouncer.test', password: 'pgbouncer-admin-password' };
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let bouncer: PgBouncer;
  let split: Split;
  let api: ReturnType<typeof apiOf>;
  let lead: SessionResponse & { email: string };
  let member: SessionResponse & { email: string };
  let board: BoardDto;
  let movers: string[];
  const sockets: Socket[] = [];
  const pools: Database[] = [];

  const gatewayUrl = () => split.url.replace('localhost', '127.0.0.1');
  /** A request through the gateway: its status and answer, whatever the status. */
  async function send<T>(method: string, path: string, token: string, body?: unknown) {
    const res = await fetch(`${gatewayUrl()}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { request: `${method} ${path}`, status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  beforeAll(async () => {
    database = await scratchDatabase();
    bouncer = await startPgBouncer(database.url, { serverConnections: SERVER_CONNECTIONS });
    const base = await freePortRange(7); // the gateway, auth, project, admin, notification, two board replicas
    // The processes start together on an empty database: their migrations also go through PgBouncer.
    split = await startSplit({
      env: {
        ...splitTestEnv({ databaseUrl: bouncer.url, keys, dataDir, admin: ADMIN }),
        DATABASE_POOL_SIZE: String(POOL_SIZE),
        DATABASE_NAMED_STATEMENTS: 'false',
        METRICS_TOKEN,
      },
      gatewayPort: base,
      basePort: base + 1,
      boardReplicas: 2,
      stdio: 'ignore',
    });
    api = apiOf({ url: gatewayUrl(), dataDir });
    const admin = await api.login(ADMIN.email, ADMIN.password);
    lead = await api.activeUser(admin, 'Pooled Lead');
    member = await api.activeUser(admin, 'Pooled Member');
    const project = await api.createProject(lead, 'Pooled', 'POOL');
    await api.addMember(lead, 'POOL', member.email);
    board = await api.call<BoardDto>('GET', `/api/boards/${project.boards[0]!.id}`, undefined, lead.token);
    movers = [];
    for (let i = 0; i < MOVERS; i++) movers.push((await api.createIssue(lead, board, `Mover ${i}`)).id);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(pools.map((p) => p.close()));
    await split?.stop();
    await bouncer?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs every service’s migrations through PgBouncer, all of them once, while the services start together', async () => {
    const direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    try {
      const { rows } = await direct.query<{ service: string; n: number }>(
        'select service, count(*)::int as n from public.trackboard_migrations group by service order by service',
      );
      const expected = allMigrations
        .map((set) => ({ service: set.service, n: readMigrationFiles({ migrationsFolder: set.folder }).length }))
        .sort((a, b) => a.service.localeCompare(b.service));
      expect(rows).toEqual(expected);
    } finally {
      await direct.end();
    }
  });

  it('answers concurrent moves, board reads, new issues, edits and a comment on 3 shared server connections, and the data adds up', async () => {
    const watcher = await connect(lead.token);
    expect(await join(watcher, board.id)).toEqual({ ok: true });
    const heard: BoardUpdatedEvent[] = [];
    watcher.on('board_updated', (event: BoardUpdatedEvent) => heard.push(event));
    const discussed = await api.createIssue(lead, board, 'Discussed', { column: 'In Progress' });
    const before = await api.call<BoardDto>('GET', `/api/boards/${board.id}`, undefined, lead.token);

    const load = startMoveLoad({
      url: gatewayUrl(),
      token: lead.token,
      boardId: board.id,
      columnIds: [board.columns[0]!.id, board.columns[1]!.id],
      issueIds: movers,
    });
    let loading = true;
    const reads: { request: string; status: number }[] = [];
    const readers = [1, 2].map(async () => {
      while (loading) reads.push(await send<BoardDto>('GET', `/api/boards/${board.id}`, lead.token));
    });
    // The writes beside the moves, each as its own sequence, all at once; the moves and reads go on
    // until the writes and 150 moves have answered (and stop whatever happens).
    let writes;
    try {
      writes = await Promise.all([
        Promise.all(
          [1, 2, 3, 4, 5].map((i) =>
            send<IssueWriteResult>('POST', '/api/issues', lead.token, {
              projectId: board.projectId,
              columnId: board.columns[2]!.id,
              title: `Created under load ${i}`,
            }),
          ),
        ),
        (async () => {
          const answers = [];
          for (const round of [1, 2, 3])
            answers.push(
              await send<IssueWriteResult>('PATCH', `/api/issues/${discussed.id}`, lead.token, {
                title: `Discussed, edit ${round}`,
                description: `Round ${round} of edits`,
              }),
            );
          return answers;
        })(),
        send<CommentDto>('POST', `/api/issues/${discussed.id}/comments`, member.token, {
          body: 'Seen through the pooler',
        }),
      ]);
      await until(() => load.answers.length >= 150, { timeoutMs: 120_000, what: '150 answered moves' });
    } finally {
      loading = false;
      await Promise.all(readers);
      await load.stop();
    }
    const [created, edited, commented] = writes;
    const moves = load.answers;
    // The load asked each board replica for more connections than DATABASE_POOL_SIZE: its pool
    // (kept open while idle) grew to that size and no further.
    const boardPools = await Promise.all(
      split.processes
        .filter((p) => p.name.startsWith('board-'))
        .map(async (replica) =>
          sampleSum(await scrape(replica.url, METRICS_TOKEN), 'trackboard_db_pool_connections', { state: 'total' }),
        ),
    );
    expect(boardPools).toEqual([POOL_SIZE, POOL_SIZE]);
    // The processes hold more client connections than PgBouncer has server connections.
    const clients = (await bouncer.show('SHOW CLIENTS')).filter((c) => c.database === databaseName());
    const servers = (await bouncer.show('SHOW SERVERS')).filter((s) => s.database === databaseName());
    expect(clients.length).toBeGreaterThan(SERVER_CONNECTIONS);
    expect(servers.length).toBeLessThanOrEqual(SERVER_CONNECTIONS);
    expect(moves.filter((a) => a.status !== 200)).toEqual([]);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.filter((r) => r.status !== 200)).toEqual([]);
    expect(created.map((c) => [c.request, c.status])).toEqual(created.map((c) => [c.request, 201]));
    expect(edited.map((e) => e.status)).toEqual([200, 200, 200]);
    expect(commented.status).toBe(201);

    // Every issue once, where it was put: movers in the two columns they move between.
    const after = await api.call<BoardDto>('GET', `/api/boards/${board.id}`, undefined, lead.token);
    const placed = after.columns.flatMap((c) => c.issues.map((i) => ({ id: i.id, title: i.title, column: c.id })));
    expect(new Set(placed.map((p) => p.id)).size).toBe(placed.length);
    for (const id of movers)
      expect([board.columns[0]!.id, board.columns[1]!.id]).toContain(placed.find((p) => p.id === id)?.column);
    expect(
      placed
        .filter((p) => p.column === board.columns[2]!.id)
        .map((p) => p.title)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5].map((i) => `Created under load ${i}`));
    // Each position in a column once, from 0 up.
    for (const column of after.columns)
      expect(column.issues.map((i) => i.position)).toEqual(column.issues.map((_, index) => index));
    // Every write made a board version of its own.
    expect(after.version - before.version).toBeGreaterThanOrEqual(moves.length + created.length + edited.length);
    const issue = await api.call<IssueDto>('GET', `/api/issues/${discussed.id}`, undefined, lead.token);
    expect(issue).toMatchObject({ title: 'Discussed, edit 3', description: 'Round 3 of edits' });
    const comments = await api.call<CommentDto[]>('GET', `/api/issues/${discussed.id}/comments`, undefined, lead.token);
    expect(comments.map((c) => c.body)).toEqual(['Seen through the pooler']);
    // The board's events reached the socket through the gateway, up to the last write; the comment
    // reached the notification service through the board's outbox and told the issue's reporter.
    await until(() => heard.some((e) => e.version === after.version), {
      what: `board_updated of version ${after.version}`,
    });
    const notified = await until(
      async () => {
        const { notifications } = await api.call<NotificationList>('GET', '/api/notifications', undefined, lead.token);
        return notifications.find((n) => n.issueId === discussed.id && n.kind === 'comment');
      },
      { what: 'the comment notification' },
    );
    expect(notified).toMatchObject({ excerpt: 'Seen through the pooler', actor: { id: member.user.id } });
  });

  it('breaks named prepared statements through PgBouncer 1.18, and unnamed ones work', async () => {
    // Every request's session lookup is a named statement (server-kit authenticate.ts): the same one, on
    // two processes' pools with three connections each, as two replicas would run it.
    const claims = (await (await createTokenVerifier(keys.publicKeyPem))(lead.token))!;
    const lookupsThrough = (namedStatements: boolean) =>
      [1, 2].flatMap(() => {
        const pool = openPostgres(bouncer.url, 3, undefined, { namedStatements });
        pools.push(pool);
        const lookup = createSqlSessionLookup(pool.db);
        return Array.from({ length: 30 }, () => lookup(claims));
      });

    const named = await Promise.allSettled(lookupsThrough(true));
    const refused = named.flatMap((r) => (r.status === 'rejected' ? [causeOf(r.reason)] : []));
    // Six client connections each parse it once, on one of three server connections: one of
    // them finds the name taken ("already exists"), or runs it where it was never parsed ("does not exist").
    expect(refused.length).toBeGreaterThan(0);
    for (const message of refused)
      expect(message).toMatch(/prepared statement "live_session" (already exists|does not exist)/);

    const unnamed = await Promise.allSettled(lookupsThrough(false));
    expect(
      unnamed.filter((r) => r.status === 'rejected').map((r) => causeOf((r as PromiseRejectedResult).reason)),
    ).toEqual([]);
    for (const result of unnamed)
      expect((result as PromiseFulfilledResult<unknown>).value).toMatchObject({ status: 'ACTIVE' });
  });

  const databaseName = () => new URL(database.url).pathname.slice(1);

  function connect(token: string) {
    return new Promise<Socket>((resolve, reject) => {
      const socket = io(gatewayUrl(), { transports: ['websocket'], auth: { token }, reconnection: false });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }
});

const join = (socket: Socket, boardId: string) =>
  socket.emitWithAck('join_board_room', `board_${boardId}`) as Promise<JoinAck>;
/** drizzle wraps the driver's error: PostgreSQL's message is its cause's. */
const causeOf = (error: unknown) => String((error as { cause?: unknown }).cause ?? error);
