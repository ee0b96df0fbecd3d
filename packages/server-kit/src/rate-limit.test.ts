import { randomBytes } from 'node:crypto';
import { redisForTests, type TestRedis } from '@trackboard/test-platform/redis';
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from './rate-limit';

// Both limiters count alike; `count` reads a window without spending it (the login throttle
// asks whether an address has failures before the password is checked).
let redis: TestRedis;
beforeAll(async () => {
  redis = await redisForTests();
});
afterAll(() => redis.stop());

let clock = 0;
const limiters: [string, () => RateLimiter][] = [
  ['in memory', () => createMemoryRateLimiter(() => clock)],
  ['on Redis', () => createRedisRateLimiter(redis.url)],
];

describe.each(limiters)('a rate limiter %s', (_kind, create) => {
  let limiter: RateLimiter;
  // The shared Redis holds other suites' keys: this one keeps to its own.
  const key = () => `test:rate-limit:${randomBytes(6).toString('hex')}`;
  beforeEach(() => {
    limiter = create();
  });
  afterEach(() => limiter.close());

  it('counts hits up to the limit and reads the count without adding to it', async () => {
    const k = key();
    expect(await limiter.count(k)).toBe(0);
    expect([await limiter.hit(k, 2, 60), await limiter.hit(k, 2, 60), await limiter.hit(k, 2, 60)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(await limiter.count(k)).toBe(3);
    expect(await limiter.count(k)).toBe(3);
    await limiter.reset(k);
    expect(await limiter.count(k)).toBe(0);
  });
});

it('forgets a window once it is over (in memory)', async () => {
  const limiter = createMemoryRateLimiter(() => clock);
  await limiter.hit('k', 1, 60);
  clock += 60_000;
  expect(await limiter.count('k')).toBe(0);
  expect(await limiter.hit('k', 1, 60)).toBe(true);
});
