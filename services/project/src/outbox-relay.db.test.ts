import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { count } from 'drizzle-orm';
import {
  createLogger,
  createOutbox,
  createRedisEventBus,
  type Database,
  type EventBus,
  type Outbox,
} from '@trackboard/server-kit';
import { openTestDatabase } from '@trackboard/server-kit/testing';
import { redisForTests, type TestRedis } from '@trackboard/test-platform/redis';
import { projectMigrations } from './app';
import { outbox as outboxTable } from './db/schema';

// The outbox relay (server-kit/outbox.ts) on this service's own outbox table, as two replicas
// of the service would run it: two relays over one database, appending to one Redis. On
// PostgreSQL (the server-pg project) they really run side by side, each on its own connections.

const log = createLogger('test', 'silent');
let redis: TestRedis;
let raw: Redis;
let database: Database;
let bus: EventBus;
let namespace: string;
const relays: Outbox[] = [];
beforeAll(async () => {
  redis = await redisForTests();
  raw = new Redis(redis.url);
  database = await openTestDatabase([projectMigrations]);
  namespace = `test:${randomBytes(6).toString('hex')}`;
  bus = createRedisEventBus(redis.url, log, { namespace });
  // The first test of a run to open this service's database builds its template (every
  // migration on a fresh PGlite), which took over 30 s once on a busy 2-core run.
}, 90_000);
afterAll(async () => {
  await Promise.all(relays.map((r) => r.close()));
  await bus?.close();
  await database?.close();
  await raw?.quit();
  await redis?.stop();
});

/** A relay as one replica has it; the poll is left out of the way so the test decides when relays run. */
const relay = (batchSize = 7) => {
  const created = createOutbox({ db: database.db, table: outboxTable, bus, log, batchSize, pollMs: 3_600_000 });
  relays.push(created);
  return created;
};
const relayed = async () =>
  ((await raw.xrange(`${namespace}:events:project.deleted`, '-', '+')) as [string, string[]][]).map(
    ([, fields]) => (JSON.parse(fields[1]!) as { id: string }).id,
  );
const unrelayed = async () => (await database.db.select({ n: count() }).from(outboxTable))[0]!.n;

describe('the outbox relay', () => {
  it('sends every recorded event exactly once when two replicas relay at the same time', async () => {
    const [a, b] = [relay(), relay()];
    const recorded: string[] = [];
    for (let i = 0; i < 120; i++) {
      const event = await database.db.transaction((tx) =>
        a.recordEvent(tx, { type: 'project.deleted', projectId: String(i + 1) }),
      );
      recorded.push(event.id);
    }

    const sent = await Promise.all([a.relayPending(), b.relayPending(), a.relayPending(), b.relayPending()]);
    expect(sent.reduce((x, y) => x + y, 0)).toBe(120);
    const ids = await relayed();
    expect(ids).toHaveLength(120);
    expect([...ids].sort()).toEqual([...recorded].sort());
    expect(await unrelayed()).toBe(0);
  });

  it('relays nothing of a transaction that rolled back', async () => {
    const a = relay();
    const before = (await relayed()).length;
    await expect(
      database.db.transaction(async (tx) => {
        await a.recordEvent(tx, { type: 'project.deleted', projectId: '999' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await a.relayPending()).toBe(0);
    expect(await relayed()).toHaveLength(before);
  });

  it('relays right after the commit of a change made through it (no poll needed)', async () => {
    const a = relay();
    const event = await a.transaction((tx) => a.recordEvent(tx, { type: 'project.deleted', projectId: '1000' }));
    for (const deadline = Date.now() + 10_000; !(await relayed()).includes(event.id);) {
      if (Date.now() > deadline) throw new Error('not relayed after the commit');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await relayed()).filter((id) => id === event.id)).toHaveLength(1);
    expect(await unrelayed()).toBe(0);
  });
});
