import { register } from 'prom-client';
import type { WebhookDeliveryList, WebhookDto } from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenTeam, testClock, until } from './testing/notifications';
import { startReceiver, type Receiver } from './testing/webhook-receiver';

// The webhook series at /metrics (prom-client's default registry, what the endpoint serves), read
// as a scrape reads them. A platform of its own: the queue's depth counts this database's rows,
// and no other test's retries run on this clock.
const clock = testClock(new Date());
let t: TestPlatform;
let receiver: Receiver;
beforeAll(async () => {
  t = await createTestPlatform({ clock });
  receiver = await startReceiver();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

/** The sum of a series' samples whose labels include `labels`, from the text /metrics answers. */
async function sample(name: string, labels: Record<string, string> = {}): Promise<number> {
  const text = await register.metrics();
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.entries(labels).every(([key, value]) => match[2]?.includes(`${key}="${value}"`));
    if (has) sum += Number(match[3]);
  }
  return sum;
}

it('counts attempts by outcome, times them, and tells the queue’s depth when scraped', async () => {
  const team = await givenTeam(t);
  const hook = await t.ok<WebhookDto>(
    t.as(team.lead.token).post(`/api/projects/${team.key}/webhooks`, {
      url: receiver.url,
      secret: 'a-long-shared-secret-1234',
      events: ['issue.created'],
    }),
  );
  const log = async () =>
    (await t.ok<WebhookDeliveryList>(t.as(team.lead.token).get(`/api/webhooks/${hook.id}/deliveries`))).deliveries;
  // Every outcome is a series from the start, at 0.
  for (const outcome of ['succeeded', 'retrying', 'failed', 'dropped'])
    expect(await register.metrics()).toContain(`trackboard_webhook_deliveries_total{outcome="${outcome}"}`);
  expect(await sample('trackboard_webhook_queue_depth', { status: 'retrying' })).toBe(0);

  receiver.answer(500);
  await team.newIssue(team.member, 'Counted');
  await until(async () => (await log())[0]?.attempt === 1, 'the first attempt');
  expect(await sample('trackboard_webhook_deliveries_total', { outcome: 'retrying' })).toBe(1);
  expect(await sample('trackboard_webhook_deliveries_total', { outcome: 'succeeded' })).toBe(0);
  expect(await sample('trackboard_webhook_delivery_duration_seconds_count')).toBe(1);
  expect(await sample('trackboard_webhook_delivery_duration_seconds_bucket', { le: '10' })).toBe(1);
  expect(await sample('trackboard_webhook_queue_depth', { status: 'retrying' })).toBe(1);
  expect(await sample('trackboard_webhook_queue_depth', { status: 'pending' })).toBe(0);

  receiver.answer(204);
  clock.advance(60_000);
  await t.platform.notification.webhooks.run();
  expect(await sample('trackboard_webhook_deliveries_total', { outcome: 'succeeded' })).toBe(1);
  expect(await sample('trackboard_webhook_deliveries_total', { outcome: 'retrying' })).toBe(1);
  expect(await sample('trackboard_webhook_delivery_duration_seconds_count')).toBe(2);
  expect(await sample('trackboard_webhook_queue_depth', { status: 'retrying' })).toBe(0);

  // "Send test" is the lead's check, not the queue's work: not counted.
  await t.ok(t.as(team.lead.token).post(`/api/webhooks/${hook.id}/test`));
  expect(await sample('trackboard_webhook_delivery_duration_seconds_count')).toBe(2);
});
