import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from './logger';

// How every Redis connection behaves while Redis is away. ioredis's defaults queue commands
// until Redis is back and retry them 20 times: a request waits ~10 s and then fails with an
// error nobody handles. Ours fail at once instead, and reconnect in the background.
const reconnect: RedisOptions['retryStrategy'] = (times) => Math.min(times * 200, 2000);

/** Logs the first error of an outage and its end, not every reconnection attempt. */
export function watchOutage(client: Redis, log: Logger, name: string): void {
  let down = false;
  client.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: err.message, redis: name }, 'redis unreachable');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ redis: name }, 'redis reachable again');
  });
}

/**
 * Commands that answer within `commandTimeout` or fail: nothing waits in an offline queue, and a
 * command in flight when the connection drops is failed rather than sent again.
 */
export function failFastRedis(url: string, log: Logger, name: string, commandTimeout = 1000): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout,
    retryStrategy: reconnect,
  });
  watchOutage(client, log, name);
  return client;
}

/** A connection for blocking reads (XREAD … BLOCK): no command timeout, failing at once while Redis is away. */
export function blockingRedis(url: string, log: Logger, name: string): Redis {
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: reconnect });
  watchOutage(client, log, name);
  return client;
}

/** Subscriptions (the Socket.IO adapter): they wait for the connection, and ioredis renews them after a reconnect. */
export function subscriberRedis(url: string, log: Logger, name: string): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: null, retryStrategy: reconnect });
  watchOutage(client, log, name);
  return client;
}

/**
 * Resolves once the client is connected. A client still making its first connection gets up to
 * `timeoutMs`; one that lost its connection (Redis away) fails at once.
 */
export function connected(client: Redis, timeoutMs = 1000): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  if (!['wait', 'connecting', 'connect'].includes(client.status))
    return Promise.reject(new Error(`Redis connection is ${client.status}`));
  return new Promise((resolve, reject) => {
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      client.off('ready', onReady);
      reject(new Error('Redis connection not ready'));
    }, timeoutMs);
    client.once('ready', onReady);
  });
}

/** The namespace of one deployment's keys on a Redis that several may share: named for its database. */
export function redisNamespace(databaseUrl: string | undefined): string {
  if (!databaseUrl) return 'trackboard';
  const url = new URL(databaseUrl);
  return `trackboard:${url.host}${url.pathname}`;
}
