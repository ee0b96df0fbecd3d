import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import {
  createLogger,
  createRedisEventBus,
  listen,
  listenOn,
  processLifecycle,
  type EventBus,
  type Listening,
} from '@trackboard/server-kit';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { privateRedis, type PrivateRedis } from '@trackboard/test-platform/redis';
import { createProxyForwarder, type Forwarder } from './forwarders';
import { createGatewayServer } from './server';

// Readiness while Redis hangs: the project service on its own port, as runServiceMain serves it
// (its app, /ready, /metrics), its bus on a redis-server of this suite's own that the test freezes
// with SIGSTOP, and the gateway's replica tracking in front of it. Redis away is not the replica
// away: events wait in the outbox, so the gateway keeps sending it requests.
const log = createLogger('test', 'silent');
const PROBE_MS = 200;

let redis: PrivateRedis;
let bus: EventBus;
let t: TestPlatform;
let service: Listening;
let serviceUrl: string;
let forwarder: Forwarder;
let gateway: { url: string; close(): Promise<void> };

beforeAll(async () => {
  redis = await privateRedis();
  bus = createRedisEventBus(redis.url, log, { namespace: `test:${randomBytes(6).toString('hex')}`, retryMs: 100 });
  t = await createTestPlatform({ events: bus });
  // As the services' main.ts register their bus.
  processLifecycle.addDependency('redis', () => bus.ping());
  service = await listen(t.platform.apps.project, 0, '127.0.0.1', undefined, { metrics: {} });
  serviceUrl = `http://127.0.0.1:${service.port}`;
  forwarder = createProxyForwarder({ project: [serviceUrl], auth: [], board: [], admin: [], notification: [] }, log, {
    probeEveryMs: PROBE_MS,
  });
  const server = createGatewayServer({ forwarder, web: new Hono(), corsOrigins: [] });
  const port = await listenOn(server, 0, '127.0.0.1');
  gateway = {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((done) => (server.closeAllConnections(), server.close(() => done()))),
  };
});
afterAll(async () => {
  redis?.thaw();
  forwarder?.close();
  await gateway?.close();
  await service?.close();
  await t?.close();
  await bus?.close();
  await redis?.dispose();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ready = async () => {
  const res = await fetch(`${serviceUrl}/ready`);
  return { status: res.status, body: (await res.json()) as Record<string, string> };
};
const redisUpMetric = async () =>
  /trackboard_dependency_up\{dependency="redis"\} (\d)/.exec(await (await fetch(`${serviceUrl}/metrics`)).text())?.[1];

it('stays ready while Redis is frozen, saying Redis is degraded, and the gateway keeps the replica', async () => {
  const { token } = await t.givenUser();
  const projects = () => fetch(`${gateway.url}/api/projects`, { headers: { authorization: `Bearer ${token}` } });
  expect(await ready()).toEqual({ status: 200, body: { status: 'ready', service: 'project', redis: 'up' } });
  expect(await redisUpMetric()).toBe('1');

  redis.freeze();
  try {
    // Long enough for several probes to meet a Redis command that never answers.
    const seenDown: number[] = [];
    const watch = setInterval(() => forwarder.ready() || seenDown.push(Date.now()), 20);
    await sleep(PROBE_MS * 8);
    clearInterval(watch);
    expect(await ready()).toEqual({ status: 200, body: { status: 'ready', service: 'project', redis: 'degraded' } });
    expect(await redisUpMetric()).toBe('0');
    expect(seenDown).toEqual([]);
    expect((await projects()).status).toBe(200);
  } finally {
    redis.thaw();
  }
  expect((await ready()).body.redis).toBe('up');
  expect(await redisUpMetric()).toBe('1');
});
