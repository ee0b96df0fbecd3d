import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import type {
  BoardDto,
  BoardUpdatedEvent,
  IssueDto,
  JoinAck,
  SessionDto,
  SessionResponse,
} from '@trackboard/contracts';
import { generateKeyPair } from '@trackboard/server-kit';
import { startSplit, type Split } from '../gateway/src/split-launcher';
import { apiOf } from './support/api';
import { scratchDatabase } from './support/environment';
import { splitTestEnv } from './support/split-env';
import { sampleSum, scrape } from './support/metrics';
import { startMoveLoad, type MoveAnswer, type MoveLoad } from './support/move-load';
import { until } from './support/poll';
import { freePortRange } from './support/ports';

// Two gateways behind a real HAProxy (gateway/src/haproxy.ts) in split mode, on PostgreSQL and
// Redis. Sockets through HAProxy sit on either gateway; one gateway is killed with SIGKILL (a
// crash) under a move load, then relaunched, then the other is stopped with SIGTERM.

const METRICS_TOKEN = 'failover-test-metrics-token';
const MOVERS = 6;
const SOCKETS = 8;
/** From the kill, every socket is connected and back in its room within this. */
const RECONNECT_WITHIN_MS = 3_000;
/** The failed answers of the load, from the first to the last, span at most this. */
const ERRORS_SPAN_MS = 1_000;

/** A socket as the browser keeps one: websocket only, reconnecting, joining its room on every connection. */
type Watcher = { socket: Socket; disconnects: number[]; joinedAt: number; heard: BoardUpdatedEvent<IssueDto>[] };

describe('two gateways behind HAProxy', () => {
  const keys = generateKeyPair();
  const dataDir = mkdtempSync(joinPath(tmpdir(), 'tb-failover-'));
  const ADMIN = { email: 'admin@failover.test', password: 'failover-admin-password' };
  let split: Split;
  let dropDatabase: () => Promise<void>;
  let api: ReturnType<typeof apiOf>;
  let lead: SessionResponse & { email: string; password: string };
  let board: BoardDto;
  let issueIds: string[];
  /** An issue of its own, moved to prove every socket hears the board. */
  let probeIssueId: string;
  const watchers: Watcher[] = [];

  const proc = (name: string) => split.processes.find((p) => p.name === name)!;
  const columnIds = () => [board.columns[0]!.id, board.columns[1]!.id] as [string, string];
  /** One load per mover, so that each issue's answers are known: the last answered 200 says where it is. */
  const moveLoads = () =>
    issueIds.map((issueId) =>
      startMoveLoad({
        url: split.url,
        token: lead.token,
        boardId: board.id,
        columnIds: columnIds(),
        issueIds: [issueId],
      }),
    );
  const answersOf = (loads: MoveLoad[]) => loads.flatMap((load) => load.answers);
  const moreAnswers = (loads: MoveLoad[], count: number) => {
    const target = answersOf(loads).length + count;
    return until(() => answersOf(loads).length >= target, { what: `${count} more answered moves` });
  };
  const failed = (answers: MoveAnswer[]) => answers.filter((a) => a.status !== 200).sort((a, b) => a.sentAt - b.sentAt);
  /** Moves through `gateway` answered, by its own metrics (0 while it is down). */
  const movesThrough = async (gateway: string) =>
    sampleSum(await scrape(proc(gateway).url, METRICS_TOKEN).catch(() => ''), 'http_request_duration_seconds_count', {
      service: 'gateway',
      route: '/api/issues/*',
    });

  beforeAll(async () => {
    const database = await scratchDatabase();
    dropDatabase = database.drop;
    // HAProxy, gateway-1, auth, project, admin, notification, one board replica, gateway-2.
    const base = await freePortRange(8);
    split = await startSplit({
      env: { ...splitTestEnv({ databaseUrl: database.url, keys, dataDir, admin: ADMIN }), METRICS_TOKEN },
      loadBalancer: { port: base },
      gatewayPort: base + 1,
      gateways: 2,
      basePort: base + 2,
      // The gateways are the subject: one board replica keeps the machine's load down.
      boardReplicas: 1,
      stdio: 'ignore',
    });
    api = apiOf({ url: split.url, dataDir });
    const admin = await api.login(ADMIN.email, ADMIN.password);
    lead = await api.activeUser(admin, 'Operator');
    const project = await api.createProject(lead, 'Failover', 'FAIL');
    board = await api.call<BoardDto>('GET', `/api/boards/${project.boards[0]!.id}`, undefined, lead.token);
    const create = (title: string) =>
      api.call<{ id: string }>(
        'POST',
        '/api/issues',
        { projectId: project.id, columnId: board.columns[0]!.id, title },
        lead.token,
      );
    issueIds = [];
    for (let i = 0; i < MOVERS; i++) issueIds.push((await create(`Mover ${i}`)).id);
    probeIssueId = (await create('Probe')).id;
  });
  afterAll(async () => {
    for (const { socket } of watchers) socket.disconnect();
    await split?.stop();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('passes the client’s address to the gateways, which believe HAProxy’s X-Forwarded-For and nothing further out', async () => {
    // A client on 127.0.0.2 claiming another address: the session records where it came from.
    const session = await new Promise<SessionResponse>((resolve, reject) => {
      const body = JSON.stringify({ email: lead.email, password: lead.password });
      const req = request(
        `${split.url.replace('localhost', '127.0.0.1')}/api/auth/login`,
        {
          method: 'POST',
          localAddress: '127.0.0.2',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.9' },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () =>
            res.statusCode === 200 ? resolve(JSON.parse(text) as SessionResponse) : reject(new Error(text)),
          );
        },
      );
      req.once('error', reject);
      req.end(body);
    });
    const sessions = await api.call<SessionDto[]>('GET', '/api/auth/sessions', undefined, session.token);
    expect(sessions.find((s) => s.current)?.ipAddress).toBe('127.0.0.2');
  });

  it('spreads websockets over both gateways and serves moves through both', async () => {
    for (let i = 0; i < SOCKETS; i++) watchers.push(await watch());
    const loads = moveLoads();
    await until(async () => (await movesThrough('gateway-1')) > 0 && (await movesThrough('gateway-2')) > 0, {
      what: 'moves through both gateways',
    });
    expect(failed(await Promise.all(loads.map((l) => l.stop())).then((a) => a.flat()))).toEqual([]);
    // Each socket is one long connection: HAProxy's leastconn puts half on each gateway (checked below,
    // by how many the killed one takes down with it).
  });

  it('survives the crash of a gateway under a move load: sockets back in their rooms within 3 s, no acknowledged move lost, errors within 1 s', async () => {
    const loads = moveLoads();
    await moreAnswers(loads, 30);
    const victim = proc('gateway-1');
    const killedAt = Date.now();
    victim.child.kill('SIGKILL');
    await once(victim.child, 'exit');

    const { dropped, backAfterMs } = await backInRooms(killedAt);
    console.log(`gateway crash: ${dropped.length} sockets back in their rooms ${backAfterMs} ms after the kill`);
    expect(dropped.length).toBe(SOCKETS / 2);
    expect(backAfterMs).toBeLessThanOrEqual(RECONNECT_WITHIN_MS);
    await heardByAll();

    // The crashed gateway comes back (as a service manager restarts it) and HAProxy sends it moves again.
    const relaunchedAt = Date.now();
    await split.relaunch('gateway-1');
    const upAt = Date.now();
    await until(async () => (await movesThrough('gateway-1')) > 0, { what: 'moves through the relaunched gateway' });
    console.log(
      `gateway relaunched: up ${upAt - relaunchedAt} ms after its start, given moves by HAProxy ${Date.now() - upAt} ms after that`,
    );
    await moreAnswers(loads, 30);
    const answers = (await Promise.all(loads.map((l) => l.stop()))).flat();

    const failures = failed(answers);
    const spanMs = failures.length ? failures.at(-1)!.sentAt - failures[0]!.sentAt : 0;
    console.log(`gateway crash: ${answers.length} moves, ${failures.length} failed over ${spanMs} ms`, failures);
    expect(failures.filter((a) => a.sentAt < killedAt - ERRORS_SPAN_MS)).toEqual([]);
    expect(spanMs).toBeLessThanOrEqual(ERRORS_SPAN_MS);
    // The load kept going through the other gateway: every mover had moves answered after the kill.
    for (const load of loads) expect(load.answers.some((a) => a.status === 200 && a.sentAt > killedAt)).toBe(true);
    await expectAcknowledgedMovesKept(loads);
  });

  it('drains a gateway stopped with SIGTERM: no move fails, its sockets come back through the other within 3 s', async () => {
    const loads = moveLoads();
    await moreAnswers(loads, 30);
    // Since the crash every socket is on gateway-2.
    const stopping = proc('gateway-2');
    const stoppedAt = Date.now();
    const exited = once(stopping.child, 'exit');
    stopping.child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    const { dropped, backAfterMs } = await backInRooms(stoppedAt);
    console.log(`gateway stop: ${dropped.length} sockets back in their rooms ${backAfterMs} ms after SIGTERM`);
    expect(dropped.length).toBe(SOCKETS);
    expect(backAfterMs).toBeLessThanOrEqual(RECONNECT_WITHIN_MS);
    await heardByAll();
    await moreAnswers(loads, 30);
    const answers = (await Promise.all(loads.map((l) => l.stop()))).flat();
    expect(failed(answers)).toEqual([]);
    await expectAcknowledgedMovesKept(loads);
  });

  /**
   * Once a socket has dropped since `since`: waits until every socket is connected and has joined
   * its room after its last drop, and says how long after `since` the last one had.
   */
  async function backInRooms(since: number) {
    const dropped = () => watchers.filter((w) => w.disconnects.some((at) => at >= since));
    const back = (w: Watcher) => w.socket.connected && w.joinedAt > (w.disconnects.at(-1) ?? 0);
    await until(() => dropped().length > 0 && watchers.every(back), {
      timeoutMs: 15_000,
      what: 'every socket back in its room',
    });
    return { dropped: dropped(), backAfterMs: Math.max(...dropped().map((w) => w.joinedAt)) - since };
  }

  /** Each mover's issue is in the column its last move answered 200 sent it to. */
  async function expectAcknowledgedMovesKept(loads: MoveLoad[]) {
    const current = await api.call<BoardDto>('GET', `/api/boards/${board.id}`, undefined, lead.token);
    const columnOf = (issueId: string) => current.columns.find((c) => c.issues.some((i) => i.id === issueId))?.id;
    const [from, to] = columnIds();
    const expected = loads.map((load, i) => {
      const acknowledged = load.answers.filter((a) => a.status === 200).length;
      return { issue: issueIds[i], column: acknowledged % 2 === 0 ? from : to };
    });
    expect(issueIds.map((issue) => ({ issue, column: columnOf(issue) }))).toEqual(expected);
  }

  /** A move made now reaches every socket: each is in the board's room. */
  async function heardByAll() {
    const [from, to] = columnIds();
    const current = await api.call<BoardDto>('GET', `/api/boards/${board.id}`, undefined, lead.token);
    const at = current.columns.find((c) => c.issues.some((i) => i.id === probeIssueId))!.id;
    const destination = at === from ? to : from;
    await api.call(
      'PUT',
      `/api/issues/${probeIssueId}/position`,
      { sourceColumnId: at, destinationColumnId: destination, position: 0, boardId: board.id },
      lead.token,
    );
    const hasProbe = (e: BoardUpdatedEvent<IssueDto>) =>
      e.issues.some((issue) => issue.id === probeIssueId && issue.columnId === destination);
    await until(() => watchers.every((w) => w.heard.some(hasProbe)), { what: 'the move on every socket' });
    for (const w of watchers) w.heard.length = 0;
  }

  /** A socket through HAProxy, as web-kit's socket manager keeps one but retrying sooner (200 ms rather than 3 s). */
  async function watch(): Promise<Watcher> {
    const socket = io(split.url, {
      transports: ['websocket'],
      auth: { token: lead.token },
      reconnection: true,
      reconnectionDelay: 200,
      reconnectionDelayMax: 1_000,
    });
    const watcher: Watcher = { socket, disconnects: [], joinedAt: 0, heard: [] };
    socket.on('disconnect', () => watcher.disconnects.push(Date.now()));
    socket.on('board_updated', (event: BoardUpdatedEvent<IssueDto>) => watcher.heard.push(event));
    // On every connection, the first one included: join the board's room again.
    socket.on('connect', async () => {
      const ack = (await socket.emitWithAck('join_board_room', `board_${board.id}`)) as JoinAck;
      if (ack.ok) watcher.joinedAt = Date.now();
    });
    await until(() => watcher.joinedAt > 0, { what: 'a socket in the board’s room' });
    return watcher;
  }
});
