import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { IssueDto } from '@trackboard/contracts';
import {
  createLogger,
  createMemoryMailer,
  createRedisEventBus,
  systemClock,
  type EventBus,
  type EventHandlers,
  type RedisEventBusOptions,
} from '@trackboard/server-kit';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { redisForTests, type TestRedis } from '@trackboard/test-platform/redis';
import { createNotificationApp } from './app';
import { givenTeam, inbox, until, type GivenTeam } from './testing/notifications';

// Events are never lost on their way to the notification service, on real Redis:
// the board service's changes go through its outbox to Redis Streams as in split mode; each
// consumer below stands for a notification process (its own connection to Redis, the shared
// database). Stopped, the service misses nothing; a consumer that dies in the middle of a
// batch leaves its entries pending, and another claims them and handles each once.
const log = createLogger('test', 'silent');
const namespace = `test:${randomBytes(6).toString('hex')}`;
const GROUP = 'notification';
const comments = `${namespace}:events:comment.created`;

let redis: TestRedis;
let raw: Redis;
let writer: EventBus;
let t: TestPlatform;
let team: GivenTeam;
beforeAll(async () => {
  redis = await redisForTests();
  raw = new Redis(redis.url);
  writer = createRedisEventBus(redis.url, log, { namespace, retryMs: 50, blockMs: 200 });
  // What the other services append, consume and listen to goes through Redis; the notification
  // group is left to the consumers each test starts and stops.
  const bus: EventBus = {
    append: (event) => writer.append(event),
    listen: (handlers) => writer.listen(handlers),
    consume: (group, handlers) => {
      if (group !== GROUP) writer.consume(group, handlers);
    },
    ping: () => writer.ping(),
    close: async () => undefined,
  };
  t = await createTestPlatform({ events: bus });
  team = await givenTeam(t);
});
afterAll(async () => {
  await Promise.all(consumers.splice(0).map((c) => c.stop()));
  await t?.close();
  await writer?.close();
  await raw?.quit();
  await redis?.stop();
});

type Consumer = { stop(): Promise<void> };
const consumers: Consumer[] = [];
/** A notification process: the service's app on the shared database, consuming from Redis. */
function startConsumer(options: RedisEventBusOptions = {}, wrap = (handlers: EventHandlers) => handlers): Consumer {
  const bus = createRedisEventBus(redis.url, log, { namespace, retryMs: 50, blockMs: 200, ...options });
  const { close } = createNotificationApp({
    database: t.database,
    log,
    authenticate: t.platform.authenticate,
    events: { ...bus, consume: (group, handlers) => bus.consume(group, wrap(handlers)) },
    mailer: createMemoryMailer(),
    publicUrl: 'http://trackboard.test',
    appName: 'Trackboard',
    clock: systemClock,
  });
  const consumer = {
    async stop() {
      consumers.splice(consumers.indexOf(consumer), 1);
      await close();
      await bus.close();
    },
  };
  consumers.push(consumer);
  return consumer;
}

/** The member's notifications about an issue, as `kind excerpt` lines, oldest first. */
async function toldAbout(issue: IssueDto): Promise<string[]> {
  const { notifications } = await inbox(t, team.member, '?limit=100');
  return notifications
    .filter((n) => n.issueId === issue.id)
    .reverse()
    .map((n) => `${n.kind} ${n.excerpt}`);
}
/** The lead comments `n` times on the member's issue, through the board service. */
async function comment(issue: IssueDto, n: number, prefix: string) {
  for (let i = 1; i <= n; i++)
    await t.ok(t.as(team.lead.token).post(`/api/issues/${issue.id}/comments`, { body: `${prefix} ${i}` }));
}
const expected = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `comment ${prefix} ${i + 1}`);
/** Entries delivered to the group and not acknowledged, by consumer. */
const pendingByConsumer = async () => {
  const [, , , owners] = (await raw.xpending(comments, GROUP)) as [number, string, string, [string, string][] | null];
  return Object.fromEntries((owners ?? []).map(([name, count]) => [name, Number(count)]));
};
/** Waits until the board service's outbox has relayed this many comments to the stream. */
const relayed = (n: number) => until(async () => (await raw.xlen(comments)) >= n, `${n} comments on Redis`);

it('handles every change made while the service was stopped once it is back, each once', async () => {
  const issue = await team.newIssue(team.member);
  const first = startConsumer();
  // Running: the reporter watches their new issue.
  await until(
    async () =>
      (await t.ok<{ watching: boolean }>(t.as(team.member.token).get(`/api/issues/${issue.id}/watch`))).watching,
    'the reporter watching',
  );
  await first.stop();

  const before = await raw.xlen(comments);
  await comment(issue, 20, 'while away');
  await relayed(before + 20);
  expect(await toldAbout(issue)).toEqual([]);

  startConsumer();
  await until(async () => (await toldAbout(issue)).length >= 20, '20 notifications');
  expect(await toldAbout(issue)).toEqual(expected('while away', 20));
  await until(async () => Object.keys(await pendingByConsumer()).length === 0, 'every entry acknowledged');
  expect(await toldAbout(issue)).toHaveLength(20);
  await Promise.all(consumers.slice().map((c) => c.stop()));
}, 60_000);

it('lets another consumer claim what one that died mid-batch left pending, and handles each once', async () => {
  const issue = await team.newIssue(team.member);
  startConsumer();
  await until(
    async () =>
      (await t.ok<{ watching: boolean }>(t.as(team.member.token).get(`/api/issues/${issue.id}/watch`))).watching,
    'the reporter watching',
  );
  await Promise.all(consumers.slice().map((c) => c.stop()));
  const before = await raw.xlen(comments);
  await comment(issue, 20, 'batch');
  await relayed(before + 20);

  // This one handles five comments, then a sixth, and dies before acknowledging it: it stops in
  // the middle of its batch of 20, holding the 15 it had not acknowledged.
  let handled = 0;
  let die!: (reason: Error) => void;
  const dead = new Promise<never>((_, reject) => (die = reject));
  dead.catch(() => undefined);
  const dying = startConsumer({}, (handlers) => ({
    ...handlers,
    'comment.created': async (event) => {
      await handlers['comment.created']!(event);
      if (++handled === 6) await dead;
    },
  }));
  await until(() => handled === 6, 'the dying consumer handled six');
  await until(async () => Object.values(await pendingByConsumer()).includes(15), 'its 15 entries pending');
  expect((await toldAbout(issue)).filter((line) => line.startsWith('comment batch'))).toHaveLength(6);

  // Another replica claims entries idle for 300 ms: the six handled are not told twice.
  startConsumer({ claimIdleMs: 300 });
  await until(async () => (await toldAbout(issue)).length >= 20, '20 notifications');
  await until(async () => Object.keys(await pendingByConsumer()).length === 0, 'every entry acknowledged');
  expect(await toldAbout(issue)).toEqual(expected('batch', 20));
  die(new Error('the process died'));
  await dying.stop();
  expect(await toldAbout(issue)).toEqual(expected('batch', 20));
}, 60_000);
