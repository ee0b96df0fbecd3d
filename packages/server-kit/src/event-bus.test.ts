import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { DomainEvent, EventOf } from '@trackboard/contracts';
import { redisForTests, type TestRedis } from '@trackboard/test-platform/redis';
import { createMemoryEventBus, createRedisEventBus, type EventBus, type RedisEventBusOptions } from './event-bus';
import { createLogger } from './logger';

// The two kinds of delivery (event-bus.ts) on Redis Streams, as replicas would use them: each
// bus below stands for one process. Every test has a namespace of its own on the Redis it is
// given, so a shared Redis carries no one else's events into it.

const log = createLogger('test', 'silent');
let redis: TestRedis;
let raw: Redis;
const buses: EventBus[] = [];
beforeAll(async () => {
  redis = await redisForTests();
  raw = new Redis(redis.url);
});
afterEach(async () => {
  await Promise.all(buses.splice(0).map((b) => b.close()));
});
afterAll(async () => {
  await raw?.quit();
  await redis?.stop();
});

let namespace: string;
beforeEach(() => {
  namespace = `test:${randomBytes(6).toString('hex')}`;
});
const bus = (options: RedisEventBusOptions = {}) => {
  const created = createRedisEventBus(redis.url, log, { namespace, retryMs: 50, blockMs: 200, ...options });
  buses.push(created);
  return created;
};
const removal = (n: number): EventOf<'membership.removed'> => ({
  type: 'membership.removed',
  projectId: String(n),
  userId: '1',
  id: randomUUID(),
  occurredAt: new Date().toISOString(),
});
const stream = () => `${namespace}:events:membership.removed`;
/** The group's entries delivered and not yet acknowledged, with their delivery counts. */
const pending = async (group: string) =>
  ((await raw.xpending(stream(), group, '-', '+', 100)) as [string, string, number, number][]).map(
    ([id, , , deliveries]) => ({ id, deliveries }),
  );

async function until(condition: () => boolean | Promise<boolean>, what: string) {
  for (const deadline = Date.now() + 10_000; !(await condition());) {
    if (Date.now() > deadline) throw new Error(`${what} did not come true`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('consume (a group per service, on Redis)', () => {
  it('hands each event to one replica of a group, and to every group', async () => {
    const handled = { board1: [] as string[], board2: [] as string[], other: [] as string[] };
    const handler = (into: string[]) => ({
      'membership.removed': async (e: DomainEvent) => void into.push(e.id),
    });
    bus().consume('board', handler(handled.board1));
    bus().consume('board', handler(handled.board2));
    bus().consume('notifications', handler(handled.other));
    const events = Array.from({ length: 30 }, (_, i) => removal(i));
    const writer = bus();
    for (const event of events) await writer.append(event);

    await until(
      () => handled.other.length === 30 && handled.board1.length + handled.board2.length === 30,
      'all handled',
    );
    const ids = events.map((e) => e.id).sort();
    expect([...handled.board1, ...handled.board2].sort()).toEqual(ids);
    expect([...handled.other].sort()).toEqual(ids);
    await until(async () => (await pending('board')).length === 0, 'every entry acknowledged');
  });

  it('leaves an event whose handler failed pending, and another replica claims and handles it', async () => {
    const attempts: string[] = [];
    bus({ claimIdleMs: 60_000 }).consume('board', {
      'membership.removed': async (e) => {
        attempts.push(e.id);
        throw new Error('the database is away');
      },
    });
    const event = removal(1);
    await bus().append(event);
    await until(() => attempts.length === 1, 'the first replica tried');
    expect(await pending('board')).toEqual([{ id: expect.any(String), deliveries: 1 }]);

    // A second replica that claims entries idle for 100 ms (the first one's failure, or its death).
    const handled: string[] = [];
    bus({ claimIdleMs: 100 }).consume('board', { 'membership.removed': async (e) => void handled.push(e.id) });
    await until(() => handled.length === 1, 'the second replica handled it');
    expect(handled).toEqual([event.id]);
    await until(async () => (await pending('board')).length === 0, 'acknowledged');
    expect(attempts).toEqual([event.id]);
  });

  it('moves an event that keeps failing aside after its deliveries, so it holds nothing up', async () => {
    const attempts: string[] = [];
    bus({ claimIdleMs: 50, maxDeliveries: 3 }).consume('board', {
      'membership.removed': async (e) => {
        attempts.push(e.id);
        throw new Error('never works');
      },
    });
    const event = removal(2);
    await bus().append(event);
    await until(async () => (await raw.xlen(`${stream()}:dead`)) === 1, 'moved aside');
    expect(attempts).toEqual([event.id, event.id, event.id]);
    expect(await pending('board')).toEqual([]);
    const [entry] = (await raw.xrange(`${stream()}:dead`, '-', '+')) as [string, string[]][];
    expect(JSON.parse(entry![1][1]!)).toEqual(event);
  });

  it('moves an entry that holds no readable event aside at once, with the reason, and hands the rest on', async () => {
    const handled: string[] = [];
    bus().consume('board', { 'membership.removed': async (e) => void handled.push(e.id) });
    const { userId: _missing, ...withoutUser } = removal(3);
    await raw.xadd(stream(), '*', 'event', JSON.stringify(withoutUser));
    await raw.xadd(stream(), '*', 'event', '{not json');
    const event = removal(4);
    await bus().append(event);

    await until(() => handled.length === 1, 'the readable event handled');
    await until(async () => (await raw.xlen(`${stream()}:dead`)) === 2, 'both moved aside');
    expect(handled).toEqual([event.id]);
    const dead = ((await raw.xrange(`${stream()}:dead`, '-', '+')) as [string, string[]][]).map(([, fields]) =>
      Object.fromEntries(fields.flatMap((f, i) => (i % 2 ? [] : [[f, fields[i + 1]]]))),
    );
    expect(dead).toEqual([
      { event: JSON.stringify(withoutUser), group: 'board', reason: expect.stringMatching(/^userId: /) },
      { event: '{not json', group: 'board', reason: expect.stringMatching(/^not JSON: /) },
    ]);
    await until(async () => (await pending('board')).length === 0, 'every entry acknowledged');
  });
});

describe('listen (every replica, on Redis)', () => {
  it('lets every listening replica hear each event appended while it runs, once', async () => {
    const heard = [[], [], []] as string[][];
    const early = [bus(), bus()];
    await Promise.all(early.map((b, i) => b.listen({ 'membership.removed': (e) => void heard[i]!.push(e.id) })));
    const writer = bus();
    const first = removal(1);
    await writer.append(first);
    await until(() => heard[0]!.length === 1 && heard[1]!.length === 1, 'the early replicas heard the first');

    // A replica that starts later hears what is appended from then on, not what came before.
    await bus().listen({ 'membership.removed': (e) => void heard[2]!.push(e.id) });
    const rest = [removal(2), removal(3)];
    for (const event of rest) await writer.append(event);
    await until(() => heard.every((h) => h.includes(rest[1]!.id)), 'everyone heard the rest');

    expect(heard[0]).toEqual([first.id, ...rest.map((e) => e.id)]);
    expect(heard[1]).toEqual([first.id, ...rest.map((e) => e.id)]);
    expect(heard[2]).toEqual(rest.map((e) => e.id));
  });
});

describe('in memory (embedded mode)', () => {
  it('resolves an append once every group has handled it, and rejects it when one failed, so the relay keeps it', async () => {
    const memory = createMemoryEventBus(log);
    const handled: string[] = [];
    const heard: string[] = [];
    let failing = true;
    memory.consume('board', { 'membership.removed': async (e) => void handled.push(e.id) });
    memory.consume('notifications', {
      'membership.removed': async () => {
        if (failing) throw new Error('not now');
      },
    });
    memory.listen({ 'membership.removed': (e) => void heard.push(e.id) });
    const event = removal(1);

    await expect(memory.append(event)).rejects.toThrow('1 handler(s) failed');
    failing = false;
    await expect(memory.append(event)).resolves.toBeUndefined();
    expect(handled).toEqual([event.id, event.id]); // handlers are idempotent: a retry reaches them all again
    expect(heard).toEqual([event.id, event.id]);
  });

  it('hands no one an unreadable event, and resolves its append so the relay does not keep it', async () => {
    const memory = createMemoryEventBus(log);
    const handled: string[] = [];
    memory.consume('board', { 'membership.removed': async (e) => void handled.push(e.id) });
    memory.listen({ 'membership.removed': (e) => void handled.push(e.id) });
    const { projectId: _missing, ...withoutProject } = removal(1);

    await expect(memory.append(withoutProject as DomainEvent)).resolves.toBeUndefined();
    expect(handled).toEqual([]);
  });
});
