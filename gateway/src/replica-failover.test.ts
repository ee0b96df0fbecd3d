import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Hono } from 'hono';
import { messages } from '@trackboard/contracts';
import { createLogger, createReplicaPool, listenOn } from '@trackboard/server-kit';
import { createProxyForwarder, type Forwarder } from './forwarders';
import { createGatewayServer } from './server';

// The gateway's view of a service's replicas: two plain HTTP servers stand in for them, each
// answering /ready and naming itself. What is checked is the gateway's part: which replica a
// request goes to, what is retried, and when a replica counts as up again (e2e/ops-split.test.ts
// does the same with real board replicas killed under load).
const log = createLogger('test', 'silent');
const PROBE_MS = 100;

type Replica = {
  name: string;
  port: number;
  server: Server;
  ready: boolean;
  /** How long /ready takes to answer (a replica busy, or paused by a long GC). */
  readyDelayMs: number;
  probes: number;
  /** How requests other than /ready are answered. */
  answer: (req: IncomingMessage, res: ServerResponse, body: string) => void;
  hits: string[];
};
const replicas: Replica[] = [];
const closers: (() => Promise<unknown> | void)[] = [];

function namedAnswer(this: void, name: string) {
  return (req: IncomingMessage, res: ServerResponse, body: string) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name, method: req.method, body }));
}

async function startReplica(name: string, port = 0, host = '127.0.0.1'): Promise<Replica> {
  const replica: Replica = {
    name,
    port,
    ready: true,
    readyDelayMs: 0,
    probes: 0,
    hits: [],
    answer: namedAnswer(name),
    server: createServer((req, res) => {
      if (req.url === '/ready' && ++replica.probes)
        return void setTimeout(() => res.writeHead(replica.ready ? 200 : 503).end(), replica.readyDelayMs);
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        replica.hits.push(`${req.method} ${req.url}`);
        replica.answer(req, res, body);
      });
    }),
  };
  replica.port = await listenOn(replica.server, port, host);
  replicas.push(replica);
  return replica;
}
const stopReplica = (replica: Replica) =>
  new Promise<void>((done) => {
    replica.server.close(() => done());
    replica.server.closeAllConnections();
  });

async function gatewayFor(...board: Replica[]): Promise<{ url: string; forwarder: Forwarder }> {
  return gatewayProbingEvery(PROBE_MS, ...board);
}

async function gatewayProbingEvery(probeEveryMs: number, ...board: Replica[]) {
  const forwarder = createProxyForwarder(
    { board: board.map((r) => `http://127.0.0.1:${r.port}`), auth: [], project: [], admin: [], notification: [] },
    log,
    { probeEveryMs },
  );
  const server = createGatewayServer({ forwarder, web: new Hono(), corsOrigins: [] });
  const port = await listenOn(server, 0, '127.0.0.1');
  closers.push(
    () => forwarder.close(),
    () => new Promise((done) => (server.closeAllConnections(), server.close(done))),
  );
  return { url: `http://127.0.0.1:${port}`, forwarder };
}

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await Promise.all(replicas.splice(0).map((r) => (r.server.listening ? stopReplica(r) : undefined)));
});

const ask = async (url: string, init?: RequestInit) => {
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json()) as { name?: string; body?: string; message?: string } };
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

it('takes the replicas in turn', async () => {
  const [a, b] = [await startReplica('a'), await startReplica('b')];
  const { url } = await gatewayFor(a, b);
  const names = [];
  for (let i = 0; i < 4; i++) names.push((await ask(`${url}/api/boards/1`)).body.name);
  expect(names.sort()).toEqual(['a', 'a', 'b', 'b']);
});

it('sends every request to the replica left once one stops listening, retrying the one that found it gone', async () => {
  const [a, b] = [await startReplica('a'), await startReplica('b')];
  const { url } = await gatewayFor(a, b);
  await stopReplica(a);
  const answers = [];
  for (let i = 0; i < 6; i++) answers.push(await ask(`${url}/api/boards/${i}`));
  expect(answers.map((a) => [a.status, a.body.name])).toEqual(Array(6).fill([200, 'b']));
});

it('sends a PUT again, with its body, to another replica when the first drops the connection; a POST is not sent twice', async () => {
  const [a, b] = [await startReplica('a'), await startReplica('b')];
  // `a` takes each request and drops the connection without answering (a crash mid-request).
  a.answer = (req) => req.socket.destroy();
  const { url } = await gatewayFor(a, b);
  const put = { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"position":3}' };
  for (let i = 0; i < 4; i++)
    expect(await ask(`${url}/api/issues/7/position`, put)).toEqual({
      status: 200,
      body: { name: 'b', method: 'PUT', body: '{"position":3}' },
    });
  expect(a.hits.length).toBeGreaterThan(0);
  for (const replica of [a, b]) replica.hits.length = 0;
  const posts = [];
  for (let i = 0; i < 4; i++) posts.push(await ask(`${url}/api/issues`, { method: 'POST', body: '{}' }));
  // Each POST reached one replica once: those that reached `a` failed, and were not sent to `b`.
  expect(a.hits.length + b.hits.length).toBe(4);
  const refused = posts.filter((p) => p.status === 503);
  expect(refused).toHaveLength(a.hits.length);
  expect(refused.length).toBeGreaterThan(0);
  for (const { body } of refused)
    expect(body).toEqual({ message: messages.serviceUnavailable, requestId: expect.any(String) });
});

it('sends a PUT again to the same replica when it is the only one up and dropped the connection', async () => {
  const a = await startReplica('a');
  // The first request's connection is dropped without an answer (as a connection the replica
  // closes just as it is reused); the replica itself is fine.
  let dropped = 0;
  a.answer = (req, res, body) => (dropped++ ? namedAnswer('a')(req, res, body) : req.socket.destroy());
  const { url } = await gatewayFor(a);
  const put = { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"position":1}' };
  expect(await ask(`${url}/api/issues/7/position`, put)).toEqual({
    status: 200,
    body: { name: 'a', method: 'PUT', body: '{"position":1}' },
  });
  expect(a.hits).toEqual(['PUT /api/issues/7/position', 'PUT /api/issues/7/position']);
});

it('closes an idle connection to a replica before the replica’s keep-alive timeout does', async () => {
  const a = await startReplica('a');
  // Node announces its keep-alive timeout on each answer (Keep-Alive: timeout=2); a connection
  // the replica closes itself ends without the gateway's FIN ('end') first.
  a.server.keepAliveTimeout = 2_000;
  const closedBy: string[] = [];
  a.server.on('connection', (socket: Socket) => {
    let ended = false;
    socket.on('end', () => (ended = true));
    socket.on('close', () => closedBy.push(ended ? 'gateway' : 'replica'));
  });
  const { url } = await gatewayProbingEvery(60_000, a);
  expect((await ask(`${url}/api/boards/1`)).status).toBe(200);
  // Two connections: the request's, and the probe's own (fetch).
  await until(() => closedBy.length >= 2, 6_000);
  expect(closedBy).toEqual(['gateway', 'gateway']);
});

/** One request by node:http; with `late`, the body follows the headers after a pause. */
const sendWithBody = (url: string, method: string, body: string | undefined, late = false) =>
  new Promise<{ status: number; name?: string; body?: string }>((resolve, reject) => {
    const headers = body === undefined ? {} : { 'content-type': 'application/json', 'content-length': body.length };
    const req = request(url, { method, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, ...(JSON.parse(text) as { name?: string }) }));
    }).on('error', reject);
    if (!late) return void req.end(body);
    req.flushHeaders();
    setTimeout(() => req.end(body), 100);
  });

it.each([
  ['POST', '/api/issues', true],
  ['POST', '/api/issues', false],
  ['PATCH', '/api/issues/7', false],
  ['DELETE', '/api/issues/7', false],
] as const)(
  'sends a %s %s whose connection was refused (never delivered) to another replica, once (body late: %s)',
  async (method, path, late) => {
    const [a, b] = [await startReplica('a'), await startReplica('b')];
    // No probe comes between: the gateway still counts `a` up when it meets its closed port.
    const { url } = await gatewayProbingEvery(60_000, a, b);
    await until(() => a.probes > 0 && b.probes > 0);
    await sleep(50); // the first probe's answers are back
    await stopReplica(a);
    const body = method === 'DELETE' ? undefined : JSON.stringify({ title: 'x'.repeat(20_000) });
    // The first request goes to `a` (they are taken in turn): refused, then sent to `b`.
    const answer = await sendWithBody(`${url}${path}`, method, body, late);
    expect([answer.status, answer.name, answer.body === (body ?? '')]).toEqual([200, 'b', true]);
    expect(b.hits).toEqual([`${method} ${path}`]);
  },
);

it('answers 503 with the catalogue’s message and the request id when no replica is up', async () => {
  const a = await startReplica('a');
  const { url, forwarder } = await gatewayFor(a);
  await stopReplica(a);
  await until(() => !forwarder.ready());
  const res = await fetch(`${url}/api/boards/1`, { headers: { 'x-request-id': 'no-replica-1' } });
  expect(res.status).toBe(503);
  expect(res.headers.get('x-request-id')).toBe('no-replica-1');
  expect(await res.json()).toEqual({ message: messages.serviceUnavailable, requestId: 'no-replica-1' });
});

it('looks at once when every replica is down, instead of answering 503 until the next probe', async () => {
  const a = await startReplica('a');
  const { url } = await gatewayProbingEvery(60_000, a);
  const port = a.port;
  await stopReplica(a);
  expect((await ask(`${url}/api/boards/1`)).status).toBe(503); // the failed connection marks it down
  await startReplica('a-again', port);
  expect(await ask(`${url}/api/boards/1`)).toMatchObject({ status: 200, body: { name: 'a-again' } });
});

it('uses a replica again once its /ready answers after it comes back', async () => {
  const [a, b] = [await startReplica('a'), await startReplica('b')];
  const { url } = await gatewayFor(a, b);
  const port = a.port;
  await stopReplica(a);
  for (let i = 0; i < 3; i++) expect((await ask(`${url}/api/boards/1`)).body.name).toBe('b');
  const back = await startReplica('a-again', port);
  await until(async () => (await ask(`${url}/api/boards/1`)).body.name === 'a-again', PROBE_MS * 20);
  expect(back.hits.length).toBeGreaterThan(0);
});

it('stops sending to a replica whose /ready fails (shutting down) and takes it back when it is ready again', async () => {
  const [a, b] = [await startReplica('a'), await startReplica('b')];
  const { url } = await gatewayFor(a, b);
  a.ready = false;
  await sleep(PROBE_MS * 3);
  a.hits.length = 0;
  for (let i = 0; i < 6; i++) await ask(`${url}/api/boards/1`);
  expect(a.hits).toEqual([]);
  a.ready = true;
  await until(async () => (await ask(`${url}/api/boards/1`)).body.name === 'a', PROBE_MS * 20);
});

it('keeps a replica whose /ready is slow once; drops it when slow twice in a row, refused, or not ready', async () => {
  const a = await startReplica('a');
  const pool = createReplicaPool('board', [`http://127.0.0.1:${a.port}`], {
    log,
    probeEveryMs: 0,
    probeTimeoutMs: 100,
  });
  closers.push(() => pool.close());
  const up = () => pool.replicas()[0]!.up;
  a.readyDelayMs = 300;
  await pool.probe();
  expect(up()).toBe(true); // one slow answer: a busy moment, not a dead replica
  await pool.probe();
  expect(up()).toBe(false);
  a.readyDelayMs = 0;
  await pool.probe();
  expect(up()).toBe(true);
  a.readyDelayMs = 300;
  await pool.probe(); // slow again, but not twice in a row since it answered
  expect(up()).toBe(true);
  a.readyDelayMs = 0;
  a.ready = false; // shutting down: it says so, and is left alone at once
  await pool.probe();
  expect(up()).toBe(false);
  a.ready = true;
  await pool.probe();
  await stopReplica(a); // nobody listening: down at once
  await pool.probe();
  expect(up()).toBe(false);
});

it('passes the client’s well-formed request id to the replica and returns it; makes one for a malformed id', async () => {
  const a = await startReplica('a');
  const seen: (string | undefined)[] = [];
  a.answer = (req, res) => {
    seen.push(req.headers['x-request-id'] as string | undefined);
    res.writeHead(204).end();
  };
  const { url } = await gatewayFor(a);
  const given = await fetch(`${url}/api/boards/1`, { headers: { 'x-request-id': 'client-id_42' } });
  expect(given.headers.get('x-request-id')).toBe('client-id_42');
  const malformed = await fetch(`${url}/api/boards/1`, { headers: { 'x-request-id': 'has spaces & symbols' } });
  const made = malformed.headers.get('x-request-id');
  expect(made).toMatch(/^[0-9a-f-]{36}$/);
  const none = await fetch(`${url}/api/boards/1`);
  expect(none.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  expect(seen).toEqual(['client-id_42', made, none.headers.get('x-request-id')]);
});

it('finds every replica behind one name (docker compose deploy.replicas) and tracks each', async () => {
  // One configured name standing for two addresses, as Docker's DNS answers for a service with
  // two replicas: here 127.0.0.1 and 127.0.0.2 (both loopback) on one port.
  const first = await startReplica('first');
  const second = await startReplica('second', first.port, '127.0.0.2');
  const forwarder = createProxyForwarder(
    { board: [`http://board.internal:${first.port}`], auth: [], project: [], admin: [], notification: [] },
    log,
    { probeEveryMs: PROBE_MS, resolve: async () => ['127.0.0.1', '127.0.0.2'] },
  );
  const server = createGatewayServer({ forwarder, web: new Hono(), corsOrigins: [] });
  const url = `http://127.0.0.1:${await listenOn(server, 0, '127.0.0.1')}`;
  closers.push(
    () => forwarder.close(),
    () => new Promise((done) => (server.closeAllConnections(), server.close(done))),
  );
  await until(async () => (await ask(`${url}/api/boards/1`)).body.name === 'second');
  await until(async () => (await ask(`${url}/api/boards/1`)).body.name === 'first');
  await stopReplica(second);
  for (let i = 0; i < 4; i++) expect((await ask(`${url}/api/boards/1`)).body.name).toBe('first');
});
