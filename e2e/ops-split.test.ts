import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import type { BoardDto, BoardUpdatedEvent, JoinAck, SessionResponse } from '@trackboard/contracts';
import { generateKeyPair } from '@trackboard/server-kit';
import { startSplit, type Split, type SplitProcess } from '../gateway/src/split-launcher';
import { apiOf } from './support/api';
import { scratchDatabase } from './support/environment';
import { splitTestEnv } from './support/split-env';
import { sampleSum, scrape } from './support/metrics';
import { startMoveLoad, type MoveAnswer } from './support/move-load';
import { until } from './support/poll';
import { freePortRange } from './support/ports';

// Operations in split mode with real processes: the gateway, auth, project, admin and
// two board replicas on PostgreSQL and Redis. A board replica is killed with SIGKILL and later
// restarted, then both are restarted one by one with SIGTERM, each under a load of moves
// through the gateway; metrics, request ids and log lines are read from the processes themselves.
jest.setTimeout(240_000);

const METRICS_TOKEN = 'ops-test-metrics-token';
const MOVERS = 6;

describe('split mode operations', () => {
  const keys = generateKeyPair();
  const dataDir = mkdtempSync(joinPath(tmpdir(), 'tb-ops-'));
  const ADMIN = { email: 'admin@ops.test', password: 'ops-admin-password' };
  /** Every line each process has written, by process name. */
  const output = new Map<string, string>();
  let split: Split;
  let dropDatabase: () => Promise<void>;
  let api: ReturnType<typeof apiOf>;
  let lead: SessionResponse & { email: string; password: string };
  let board: BoardDto;
  let issueIds: string[];
  const sockets: Socket[] = [];

  const proc = (name: string) => split.processes.find((p) => p.name === name)!;
  const gatewayUrl = () => split.url.replace('localhost', '127.0.0.1');
  const moveLoad = () =>
    startMoveLoad({
      url: gatewayUrl(),
      token: lead.token,
      boardId: board.id,
      columnIds: [board.columns[0]!.id, board.columns[1]!.id],
      issueIds,
    });
  /** Moves this replica has answered, by its own metrics. */
  const movesAnswered = async (replica: SplitProcess) =>
    sampleSum(await scrape(replica.url, METRICS_TOKEN), 'http_request_duration_seconds_count', {
      route: '/api/issues/:id/position',
    });
  /** The moment the gateway's moves reach `replica` (polled on the replica's own /metrics). */
  async function firstMoveOn(replica: SplitProcess, timeoutMs = 20_000): Promise<number> {
    await until(async () => (await movesAnswered(replica).catch(() => 0)) > 0, {
      timeoutMs,
      what: `a move on ${replica.name}`,
    });
    return Date.now();
  }
  /** Until the load has had `count` more moves answered. */
  const moreAnswers = (load: { answers: MoveAnswer[] }, count: number) => {
    const target = load.answers.length + count;
    return until(() => load.answers.length >= target, { what: `${count} more answered moves` });
  };
  /** The answers other than 200, each with what the processes logged about its request (a failure names its cause). */
  const failures = (answers: MoveAnswer[]) =>
    answers.filter((a) => a.status !== 200).map((a) => ({ ...a, logged: a.requestId ? linesAbout(a.requestId) : [] }));

  beforeAll(async () => {
    const database = await scratchDatabase();
    dropDatabase = database.drop;
    const base = await freePortRange(7); // the gateway, auth, project, admin, notification, two board replicas
    split = await startSplit({
      env: {
        ...splitTestEnv({ databaseUrl: database.url, keys, dataDir, admin: ADMIN }),
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        METRICS_TOKEN,
      },
      gatewayPort: base,
      basePort: base + 1,
      boardReplicas: 2,
      stdio: 'ignore',
      onOutput: (name, text) => output.set(name, (output.get(name) ?? '') + text),
    });
    api = apiOf({ url: gatewayUrl(), dataDir });
    const admin = await api.login(ADMIN.email, ADMIN.password);
    lead = await api.activeUser(admin, 'Operator');
    const project = await api.createProject(lead, 'Operations', 'OPS');
    board = await api.call<BoardDto>('GET', `/api/boards/${project.boards[0]!.id}`, undefined, lead.token);
    issueIds = [];
    for (let i = 0; i < MOVERS; i++) {
      const issue = await api.call<{ id: string }>(
        'POST',
        '/api/issues',
        { projectId: project.id, columnId: board.columns[0]!.id, title: `Mover ${i}` },
        lead.token,
      );
      issueIds.push(issue.id);
    }
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await split?.stop();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves /metrics with the named series on every process, only with the token, never through /api', async () => {
    // Something to count: moves, a socket in a board room, a session revoked (an event the
    // board replicas hear from the auth service through the outbox and Redis).
    const load = moveLoad();
    await until(() => load.answers.some((a) => a.status === 200), { what: 'a move answered' });
    await load.stop();
    const socket = await connect(gatewayUrl(), lead.token);
    expect(await join(socket, board.id)).toEqual({ ok: true });
    const second = await api.login(lead.email, lead.password);
    await api.call('POST', '/api/auth/logout', undefined, second.token);

    for (const name of ['gateway', 'board-1', 'auth']) {
      expect((await fetch(`${proc(name).url}/metrics`)).status).toBe(401);
      const wrong = await fetch(`${proc(name).url}/metrics`, { headers: { authorization: 'Bearer not-the-token' } });
      expect(wrong.status).toBe(401);
    }
    // The public path never reaches a service's metrics.
    for (const path of ['/api/metrics', '/api/health/board/metrics', '/api/boards/metrics']) {
      const res = await fetch(`${gatewayUrl()}${path}`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(await res.text()).not.toContain('http_request_duration_seconds');
    }

    const boards = [proc('board-1'), proc('board-2')];
    await until(async () => {
      let heard = 0;
      for (const replica of boards)
        heard += sampleSum(await scrape(replica.url, METRICS_TOKEN), 'trackboard_event_delivery_lag_seconds_count', {
          type: 'session.revoked',
          delivery: 'listen',
        });
      return heard >= 2; // every replica hears it
    });
    const boardText = (await Promise.all(boards.map((r) => scrape(r.url, METRICS_TOKEN)))).join('\n');
    const sum = (name: string, labels?: Record<string, string>) => sampleSum(boardText, name, labels);
    expect(
      sum('http_request_duration_seconds_count', {
        service: 'board',
        route: '/api/issues/:id/position',
        status: '200',
      }),
    ).toBeGreaterThan(0);
    expect(
      sum('http_request_duration_seconds_bucket', { le: '+Inf', method: 'PUT', route: '/api/issues/:id/position' }),
    ).toBeGreaterThan(0);
    expect(boardText).toMatch(/^http_requests_in_flight\{service="board"\} \d+/m);
    expect(sum('trackboard_sockets_connected')).toBe(1);
    expect(sum('trackboard_socket_room_joins')).toBe(1);
    expect(sum('trackboard_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(boardText).toMatch(/^trackboard_db_pool_connections\{state="waiting"\} \d+/m);
    expect(sum('process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sum('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    // How long the event loop keeps work waiting: what a slow replica looks like from inside.
    expect(boardText).toMatch(/^nodejs_eventloop_lag_p99_seconds(\{[^}]*\})? [\d.e-]+$/m);

    const authText = await scrape(proc('auth').url, METRICS_TOKEN);
    expect(authText).toMatch(/^trackboard_outbox_backlog\{outbox="auth"\} \d+/m);
    expect(authText).toMatch(/^trackboard_outbox_oldest_event_age_seconds\{outbox="auth"\} [\d.]+/m);
    // The project service tracks the board replicas it calls, as the gateway does.
    const projectText = await scrape(proc('project').url, METRICS_TOKEN);
    expect(sampleSum(projectText, 'trackboard_replica_up', { service: 'board' })).toBe(2);

    const gatewayText = await scrape(proc('gateway').url, METRICS_TOKEN);
    expect(
      sampleSum(gatewayText, 'http_request_duration_seconds_count', { service: 'gateway', route: '/api/issues/*' }),
    ).toBeGreaterThan(0);
    expect(sampleSum(gatewayText, 'trackboard_replica_up', { service: 'board' })).toBe(2);
    expect(gatewayText).toMatch(/^http_requests_in_flight\{service="gateway"\} \d+/m);
    socket.disconnect();
  });

  it('returns the request id on the answer, writes it on the service’s log line and in an error body', async () => {
    const id = `ops-${Date.now()}`;
    const missing = await fetch(`${gatewayUrl()}/api/issues/987654321`, {
      headers: { authorization: `Bearer ${lead.token}`, 'x-request-id': id },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toBe(id);
    // The board replica that answered logged the failed answer with the id (JSON, one line).
    await until(() => logLines('board-').some((l) => l.reqId === id), { what: 'the log line' });
    expect(logLines('board-').find((l) => l.reqId === id)).toMatchObject({
      msg: 'request answered with an error',
      status: 404,
      path: '/api/issues/987654321',
    });

    // A malformed id is replaced by one the gateway makes.
    const malformed = await fetch(`${gatewayUrl()}/api/health/board`, {
      headers: { 'x-request-id': 'no spaces allowed' },
    });
    expect(malformed.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    // A service with no replica up: the gateway's 503 names the request too.
    const admin = proc('admin');
    admin.child.kill('SIGKILL');
    await once(admin.child, 'exit');
    const downId = `ops-down-${Date.now()}`;
    const down = await fetch(`${gatewayUrl()}/api/admin/users`, {
      headers: { authorization: `Bearer ${lead.token}`, 'x-request-id': downId },
    });
    expect(down.status).toBe(503);
    expect(down.headers.get('x-request-id')).toBe(downId);
    expect(await down.json()).toEqual({ message: 'Service unavailable', requestId: downId });
    await until(() => logLines('gateway').some((l) => l.reqId === downId), { what: 'the log line' });
    await split.relaunch('admin');
  });

  it('keeps answering when one of two board replicas is killed during a 20-second move load, and uses it again within 5 s of its return', async () => {
    const started = Date.now();
    const load = moveLoad();
    // Time is the subject of this test: a 20-second load, the replica killed 3 s into it and
    // left down for 2 s, as a crash and a restart by a service manager would.
    await sleep(3_000);
    const victim = proc('board-1');
    const killedAt = Date.now();
    victim.child.kill('SIGKILL');
    await once(victim.child, 'exit');
    await sleep(2_000);
    const back = await split.relaunch('board-1');
    const backAt = Date.now();
    const usedAt = await firstMoveOn(back);
    // The rest of the 20 seconds, and at least one more second of moves on both replicas.
    await sleep(Math.max(1_000, started + 20_000 - Date.now()));
    const answers = await load.stop();

    expect(Date.now() - started).toBeGreaterThanOrEqual(20_000);
    expect(answers.length).toBeGreaterThan(100);
    // Moves that were on their way to the killed replica may fail in its first second; none after.
    expect(failures(answers.filter((a) => a.sentAt >= killedAt + 1_000))).toEqual([]);
    expect(failures(answers).filter((a) => a.status >= 500 && a.sentAt >= killedAt + 1_000)).toEqual([]);
    expect(usedAt - backAt).toBeLessThanOrEqual(5_000);
  });

  it('restarts the board replicas one by one under a move load without losing a request; sockets reconnect to the other', async () => {
    const watcher = await connect(gatewayUrl(), lead.token, { reconnection: true });
    const disconnects: string[] = [];
    watcher.on('disconnect', (reason) => disconnects.push(reason));
    // A client joins its board room again on every connection (web-kit's socket manager does).
    watcher.on('connect', () => void join(watcher, board.id));
    expect(await join(watcher, board.id)).toEqual({ ok: true });

    const load = moveLoad();
    await moreAnswers(load, 20);
    for (const name of ['board-1', 'board-2']) {
      const replica = proc(name);
      const exited = once(replica.child, 'exit');
      replica.child.kill('SIGTERM');
      const [code] = await exited;
      expect(code).toBe(0);
      const back = await split.relaunch(name);
      await firstMoveOn(back); // in the gateway's turn again before the next one stops
    }
    await moreAnswers(load, 20);
    const answers = await load.stop();

    expect(answers.length).toBeGreaterThan(50);
    expect(failures(answers)).toEqual([]);
    // The socket was on one of the replicas: told to go (its transport closed), it came back.
    expect(disconnects.length).toBeGreaterThanOrEqual(1);
    expect(disconnects.every((reason) => reason === 'transport close')).toBe(true);
    await until(() => watcher.connected, { what: 'the socket to reconnect' });
    expect(await join(watcher, board.id)).toEqual({ ok: true });
    const heard: BoardUpdatedEvent[] = [];
    watcher.on('board_updated', (event: BoardUpdatedEvent) => heard.push(event));
    await api.call('PUT', `/api/boards/${board.id}`, { name: 'After the restarts' }, lead.token);
    await until(() => heard.some((e) => e.columnsChanged), { what: 'the board_updated event' });
  });

  /** What each process logged about one request: `process: message (error)`. */
  function linesAbout(reqId: string): string[] {
    return [...output].flatMap(([name, text]) =>
      text
        .split('\n')
        .filter((line) => line.startsWith('{') && line.includes(reqId))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .map((l) => `${name}: ${String(l.msg)}${l.err ? ` (${JSON.stringify(l.err)})` : ''}`),
    );
  }

  /** The JSON lines the processes whose name starts with `prefix` have written. */
  function logLines(prefix: string): Record<string, unknown>[] {
    return [...output]
      .filter(([name]) => name.startsWith(prefix))
      .flatMap(([, text]) => text.split('\n'))
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  function connect(url: string, token: string, options: { reconnection?: boolean } = {}) {
    return new Promise<Socket>((resolve, reject) => {
      const socket = io(url, {
        transports: ['websocket'],
        auth: { token },
        reconnection: options.reconnection ?? false,
        reconnectionDelay: 200,
        reconnectionDelayMax: 1_000,
      });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }
});

const join = (socket: Socket, boardId: string) =>
  socket.emitWithAck('join_board_room', `board_${boardId}`) as Promise<JoinAck>;
/** Lets time pass: only where time itself is what the test is about (a load's length, a replica down). */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
