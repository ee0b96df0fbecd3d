import { messages } from '@trackboard/contracts';
import { HttpError } from './errors';
import { createLogger, type Logger } from './logger';
import { connected, failFastRedis } from './redis-clients';

/** Fixed-window counters: `hit` counts one attempt and says whether it is within the limit. */
export type RateLimiter = {
  hit(key: string, limit: number, windowSeconds: number): Promise<boolean>;
  /** What `key` has counted in its current window, without counting. */
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
};

/** One process (embedded mode, tests). */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowSeconds) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowSeconds * 1000 };
        windows.set(key, w);
        if (windows.size > 100_000) for (const [k, v] of windows) if (v.resetAt <= t) windows.delete(k);
      }
      w.count++;
      return w.count <= limit;
    },
    async count(key) {
      const w = windows.get(key);
      return w && w.resetAt > now() ? w.count : 0;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {},
  };
}

/**
 * Shared by every replica (split mode). Without Redis the limits cannot be counted, so what they
 * guard is refused at once (fail closed) with a 503 that says so, rather than waiting on Redis.
 */
export function createRedisRateLimiter(
  url: string,
  log: Logger = createLogger('rate-limit'),
  namespace = 'trackboard',
): RateLimiter {
  const redis = failFastRedis(url, log, 'rate-limit');
  const keyOf = (key: string) => `${namespace}:ratelimit:${key}`;
  const unavailable = (err: unknown): never => {
    log.warn({ err: (err as Error)?.message }, 'rate limits unavailable: request refused');
    throw new HttpError(503, messages.temporarilyUnavailable);
  };
  return {
    async hit(key, limit, windowSeconds) {
      const k = keyOf(key);
      await connected(redis).catch(unavailable);
      const replies = await redis.multi().incr(k).expire(k, windowSeconds, 'NX').exec().catch(unavailable);
      const [error, count] = replies?.[0] ?? [new Error('no reply')];
      if (error) unavailable(error);
      return (count as number) <= limit;
    },
    async count(key) {
      await connected(redis).catch(unavailable);
      return Number((await redis.get(keyOf(key)).catch(unavailable)) ?? 0);
    },
    async reset(key) {
      await connected(redis).catch(unavailable);
      await redis.del(keyOf(key)).catch(unavailable);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
