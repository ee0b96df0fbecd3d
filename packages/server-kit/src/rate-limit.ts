import { Redis } from 'ioredis';

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

/** Shared by every replica (split mode). */
export function createRedisRateLimiter(url: string): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  return {
    async hit(key, limit, windowSeconds) {
      const k = `ratelimit:${key}`;
      const [[, count]] = (await redis.multi().incr(k).expire(k, windowSeconds, 'NX').exec()) as [[unknown, number]];
      return count <= limit;
    },
    async count(key) {
      return Number((await redis.get(`ratelimit:${key}`)) ?? 0);
    },
    async reset(key) {
      await redis.del(`ratelimit:${key}`);
    },
    async close() {
      await redis.quit();
    },
  };
}
