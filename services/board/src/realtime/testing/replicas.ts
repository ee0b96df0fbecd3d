import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RedisAdapter } from '@socket.io/redis-adapter';
import {
  createLogger,
  createRedisEventBus,
  createServiceClient,
  createRedisRateLimiter,
  systemClock,
  type EventBus,
  type RedisEventBusOptions,
} from '@trackboard/server-kit';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { redisForTests, type TestRedis } from '@trackboard/test-platform/redis';
import { createBoardApp } from '../../app';
import type { Realtime, RealtimeOptions } from '../rooms';
import { closeAll } from './in-process';

// Split mode in one process: the whole back end (the test platform, whose board service is
// replica A) with its event bus, login limits and board rooms on Redis, and a second board
// replica B beside it over the same database with its own bus — as two processes would be.
// Every key and channel is under a namespace of this suite's own, so a shared Redis carries
// nobody else's events into it.

/** `app`: the replica's HTTP API, called in process. */
export type Replica = { realtime: Realtime; url: string; events: EventBus; app: Pick<BoardApp, 'request'> };
type BoardApp = ReturnType<typeof createBoardApp>['app'];
export type Replicas = { t: TestPlatform; a: Replica; b: Replica; close(): Promise<void> };

async function listen(realtime: Realtime, events: EventBus, app: Replica['app']): Promise<Replica> {
  const server = createServer();
  realtime.io.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { realtime, events, app, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Resolves once the replica's adapter subscriptions are in place (one connection answers in order). */
export const subscribed = (replica: Replica) => (replica.realtime.io.of('/').adapter as RedisAdapter).subClient.ping();

export async function startReplicas(
  redisUrl: string,
  options: { bus?: RedisEventBusOptions; realtime?: RealtimeOptions; onQuery?: (query: string) => void } = {},
): Promise<Replicas> {
  const log = createLogger('test', 'silent');
  const namespace = `test:${randomBytes(6).toString('hex')}`;
  const realtime = { redisKey: `${namespace}:socket.io`, ...options.realtime };
  const bus = () => createRedisEventBus(redisUrl, log, { namespace, retryMs: 100, ...options.bus });
  const busA = bus();
  const limiter = createRedisRateLimiter(redisUrl, log, namespace);
  // The relays poll too: what an outage between commit and relay left behind goes out once Redis is back.
  const t = await createTestPlatform({
    events: busA,
    limiter,
    redisUrl,
    realtime,
    outboxPollMs: 250,
    onQuery: options.onQuery,
  });
  const busB = bus();
  const b = createBoardApp({
    database: t.database,
    log,
    authenticate: t.platform.authenticate,
    events: busB,
    allowedOrigins: [],
    redisUrl,
    clock: systemClock,
    realtime,
    projectService: createServiceClient((request) => t.platform.apps.project.fetch(request)),
    outboxPollMs: 250,
    attachments: t.attachments,
  });
  const replicas = {
    t,
    a: await listen(t.platform.realtime, busA, t.platform.apps.board),
    b: await listen(b.realtime, busB, b.app),
  };
  await Promise.all([subscribed(replicas.a), subscribed(replicas.b)]);
  return {
    ...replicas,
    async close() {
      // Replica B and the buses go before the database they read.
      await b.close();
      await busB.close();
      await t.close();
      await busA.close();
      await limiter.close();
    },
  };
}

/**
 * Two replicas on a Redis server of the file's own, for all its tests: registers the file's
 * beforeAll and afterAll, and answers the replicas, filled in before its first test runs. The
 * sockets the tests opened (in-process.ts) close first.
 */
export function replicasForSuite(options?: Parameters<typeof startReplicas>[1]): Replicas {
  const replicas = {} as Replicas;
  let redis: TestRedis | undefined;
  beforeAll(async () => {
    redis = await redisForTests();
    Object.assign(replicas, await startReplicas(redis.url, options));
  });
  afterAll(async () => {
    await closeAll();
    await replicas.close?.();
    await redis?.stop();
  });
  return replicas;
}
