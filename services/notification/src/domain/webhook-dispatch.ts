import type { WebhookData, WebhookEvent } from '@trackboard/contracts';
import {
  webhookDeliveries,
  webhookDeliveryDuration,
  type Clock,
  type Db,
  type Logger,
  type Mailer,
} from '@trackboard/server-kit';
import { tellLeadWebhookDisabled } from './webhook-disabled-mail';
import { claimDeliveries, recordOutcome, type ClaimedDelivery, type WebhookRow } from './webhook-outcomes';
import { enqueueDeliveries } from './webhook-queue';
import { attemptDelivery } from './webhook-sender';
import type { TargetPolicy } from './webhook-target';
import { deliveriesToStart, SLOTS, targetOf } from './webhook-slots';
import { sendTestDelivery } from './webhook-test-send';

export { FAILURES_TO_DISABLE, RETRY_DELAYS_MS } from './webhook-outcomes';
export { deliveryBody } from './webhook-queue';

export type WebhookDispatchDeps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  log: Logger;
  policy: TargetPolicy;
  publicUrl: string;
  appName: string;
};

/**
 * The delivery queue: events become one PENDING row per subscribed webhook (webhook-queue.ts).
 * Due rows are claimed with a lease, so two replicas never send the same one, and sent outside
 * any transaction, several side by side (webhook-slots.ts: a bounded number, a few per receiver,
 * one per webhook so its deliveries keep their order); each outcome is recorded
 * (webhook-outcomes.ts: retries, then disabling, and the lead is e-mailed) and frees its slot for
 * the next due delivery. A claim runs on a timer, after an event, when a slot frees, or as
 * `run()` from a test on its clock. docs/decisions/0050-webhook-deliveries-side-by-side.md
 */
export function createWebhookDispatch({ db, clock, mailer, log, policy, publicUrl, appName }: WebhookDispatchDeps) {
  async function deliver(claimed: ClaimedDelivery) {
    const outcome = await attemptDelivery(claimed.webhook, claimed.delivery, policy);
    webhookDeliveryDuration.observe(outcome.durationMs / 1000);
    const recorded = await recordOutcome(db, clock.now(), claimed, outcome);
    webhookDeliveries.inc({ outcome: recorded.outcome });
    if (recorded.disabled)
      await tellLeadWebhookDisabled(db, mailer, { publicUrl, appName }, claimed.webhook).catch((err) =>
        log.error({ err, webhookId: claimed.webhook.id }, 'webhook disabled, but the lead could not be e-mailed'),
      );
  }

  const sending = new Map<string, Promise<void>>();
  const perTarget = new Map<string, number>();
  const busyWebhooks = new Set<number>();

  function start(claimed: ClaimedDelivery) {
    const target = targetOf(claimed.webhook.url);
    perTarget.set(target, (perTarget.get(target) ?? 0) + 1);
    busyWebhooks.add(claimed.webhook.id);
    const sent = deliver(claimed)
      .catch((err) =>
        log.warn(
          { err, deliveryId: claimed.delivery.id },
          'webhook delivery not recorded: its lease runs out, then it is sent again',
        ),
      )
      .finally(() => {
        sending.delete(claimed.delivery.id);
        busyWebhooks.delete(claimed.webhook.id);
        const left = (perTarget.get(target) ?? 1) - 1;
        if (left) perTarget.set(target, left);
        else perTarget.delete(target);
        // The slot is free, and this webhook's next delivery may be due.
        kick();
      });
    sending.set(claimed.delivery.id, sent);
  }

  /** Claims what the free slots take and starts sending it: the number started. */
  async function claim(): Promise<number> {
    if (sending.size >= SLOTS) return 0;
    const claimed = await claimDeliveries(db, clock.now(), startable);
    for (const item of claimed) start(item);
    return claimed.length;
  }
  const startable = (due: ClaimedDelivery[]) =>
    deliveriesToStart(
      due.filter((d) => !sending.has(d.delivery.id)),
      { perTarget, webhooks: busyWebhooks, taken: sending.size },
    );

  let current: Promise<number> | null = null;
  let next: Promise<number> | null = null;
  /**
   * One claim at a time, so two never take the same free slots. A call while one is under way
   * gets the claim after it (what it was called for may have come after the current one read).
   */
  function claimOnce(): Promise<number> {
    if (!current) {
      current = claim().finally(() => {
        current = null;
      });
      return current;
    }
    next ??= current
      .catch(() => 0)
      .then(() => {
        next = null;
        return claimOnce();
      });
    return next;
  }

  /**
   * Sends everything due now and waits until it is sent, a webhook's later deliveries after its
   * earlier ones: the number of deliveries attempted. A test's pass on its clock.
   */
  async function run(): Promise<number> {
    let attempted = 0;
    for (;;) {
      attempted += await claimOnce();
      if (!sending.size) return attempted;
      await Promise.race(sending.values());
    }
  }

  function kick() {
    void claimOnce().catch((err) => log.warn({ err }, 'webhook claim failed: tried again on the next one'));
  }

  return {
    enqueue: (
      event: { id: string; occurredAt: string },
      projectId: number,
      projectKey: string,
      name: WebhookEvent,
      data: WebhookData<WebhookEvent>,
    ) => enqueueDeliveries(db, clock, event, projectId, projectKey, name, data),
    run,
    /** Starts what is due now (after an event was queued), without waiting for it. */
    kick,
    start(everyMs: number): () => void {
      const timer = setInterval(kick, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
    sendTest: (webhook: WebhookRow, projectKey: string) =>
      sendTestDelivery({ db, clock, policy, appName }, webhook, projectKey),
  };
}
export type WebhookDispatch = ReturnType<typeof createWebhookDispatch>;
