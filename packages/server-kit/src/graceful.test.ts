import { request } from 'node:http';
import { createServiceApp } from './app';
import { createMemoryEventBus, createRedisEventBus, type EventBus } from './event-bus';
import { processLifecycle } from './lifecycle';
import { createLogger } from './logger';
import { listen, type Listening } from './serve';

// A service's HTTP server as runServiceMain starts it (its own port: the app, /ready, /metrics),
// and the first steps of its graceful stop: not ready, then stop accepting while the requests in
// flight are answered. This file drains the process's lifecycle, so it is the last thing it does.
const log = createLogger('test', 'silent');
const TOKEN = 'metrics-token-for-tests';

let release!: () => void;
const released = new Promise<void>((resolve) => (release = resolve));
let slowStarted!: () => void;
const started = new Promise<void>((resolve) => (slowStarted = resolve));

let listening: Listening;
let base: string;
beforeAll(async () => {
  const app = createServiceApp({ service: 'demo', log, ready: async () => undefined });
  app.get('/api/things/:id', (c) => c.json({ id: c.req.param('id') }));
  app.get('/api/slow', async (c) => {
    slowStarted();
    await released;
    return c.text('done');
  });
  listening = await listen(app, 0, '127.0.0.1', undefined, { metrics: { token: TOKEN } });
  base = `http://127.0.0.1:${listening.port}`;
});
afterAll(() => listening.close());

/** One request on a connection of its own, with the answer's headers. */
const get = (path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    request(`${base}${path}`, { headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    })
      .on('error', reject)
      .end();
  });

describe('/metrics on a service’s own port', () => {
  it('is refused without the token', async () => {
    expect((await get('/metrics')).status).toBe(401);
    expect((await get('/metrics', { authorization: 'Bearer wrong-token-of-some-length' })).status).toBe(401);
  });

  // The scheme's name is case-insensitive (RFC 9110 §11.1): a scraper sending `bearer` is no stranger.
  it('takes the token after Bearer in any case, and nothing else', async () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR'])
      expect((await get('/metrics', { authorization: `${scheme} ${TOKEN}` })).status).toBe(200);
    for (const authorization of [`Basic ${TOKEN}`, `Bearer ${TOKEN}x`, `Bearer${TOKEN}`, TOKEN, `Bearer ${TOKEN} more`])
      expect((await get('/metrics', { authorization })).status).toBe(401);
  });

  it('names each request by its route template and status, and counts those in flight', async () => {
    await get('/api/things/42');
    await get('/api/nothing/here');
    const { status, headers, body } = await get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(status).toBe(200);
    expect(headers['content-type']).toMatch(/^text\/plain/);
    expect(body).toMatch(
      /http_request_duration_seconds_count\{service="demo",method="GET",route="\/api\/things\/:id",status="200"\} 1/,
    );
    expect(body).toMatch(
      /http_request_duration_seconds_count\{service="demo",method="GET",route="unmatched",status="404"\} 1/,
    );
    expect(body).toMatch(/http_requests_in_flight\{service="demo"\} 0/);
  });
});

describe('readiness', () => {
  it('stays ready while Redis is unreachable, saying so in its body and metrics, and recovers with it', async () => {
    // A real Redis client on a port nobody listens on (Redis stopped), as a service's main.ts registers its bus.
    const unreachable = createRedisEventBus('redis://127.0.0.1:1', log, { retryMs: 50 });
    let bus: EventBus = unreachable;
    processLifecycle.addDependency('redis', () => bus.ping());
    const redisUp = async () =>
      /trackboard_dependency_up\{dependency="redis"\} (\d)/.exec(
        (await get('/metrics', { authorization: `Bearer ${TOKEN}` })).body,
      )?.[1];
    const degraded = await get('/ready');
    expect(degraded.status).toBe(200);
    expect(JSON.parse(degraded.body)).toEqual({ status: 'ready', service: 'demo', redis: 'degraded' });
    expect(await redisUp()).toBe('0');
    bus = createMemoryEventBus(log);
    const up = await get('/ready');
    expect(JSON.parse(up.body)).toEqual({ status: 'ready', service: 'demo', redis: 'up' });
    expect(await redisUp()).toBe('1');
    await unreachable.close();
  });
});

describe('a graceful stop', () => {
  it('answers /ready with 503 while draining, lets the request in flight finish, and accepts no new connection', async () => {
    const slow = get('/api/slow');
    await started;
    // The gateway tracks this replica: it probes with its name.
    const gatewayProbe = { 'x-replica-probe': 'gateway-1' };
    expect((await get('/ready', gatewayProbe)).status).toBe(200);

    processLifecycle.startDraining();
    let told = false;
    const gatewayTold = processLifecycle.probeSeen(60_000).then(() => (told = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(told).toBe(false); // still waiting for the gateway's next probe
    const probe = await get('/ready', gatewayProbe);
    expect(probe.status).toBe(503);
    expect(JSON.parse(probe.body)).toEqual({ status: 'draining', service: 'demo' });
    await gatewayTold;
    // A request arriving now is still answered, and its client is asked to connect elsewhere next.
    const late = await get('/api/things/1');
    expect(late.status).toBe(200);
    expect(late.headers.connection).toBe('close');

    let drained = false;
    const draining = listening.drain(30_000).then(() => (drained = true));
    await expect(get('/api/things/2')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(drained).toBe(false);
    release();
    expect(await slow).toMatchObject({ status: 200, body: 'done' });
    await draining;
    expect(drained).toBe(true);
  });
});
