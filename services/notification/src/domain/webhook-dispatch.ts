import type { WebhookEvent } from '@trackboard/contracts';
import type { Clock, Db, Logger, Mailer } from '@trackboard/server-kit';
import { tellLeadWebhookDisabled } from './webhook-disabled-mail';
import { claimDeliveries, recordOutcome, type ClaimedDelivery, type WebhookRow } from './webhook-outcomes';
import { enqueueDeliveries } from './webhook-queue';
import { attemptDelivery } from './webhook-sender';
import type { TargetPolicy } from './webhook-target';
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
 * The delivery queue: events become one PENDING row per subscribed webhook (webhook-queue.ts); a
 * pass (on a timer, kicked after an event, or `run()` from a test on its clock) claims the due
 * rows with a lease, so two replicas never send the same one, sends each outside any transaction
 * and records the outcome (webhook-outcomes.ts: retries, then disabling, and the lead is e-mailed).
 */
export function createWebhookDispatch({ db, clock, mailer, log, policy, publicUrl, appName }: WebhookDispatchDeps) {
  async function deliver(claimed: ClaimedDelivery) {
    const outcome = await attemptDelivery(claimed.webhook, claimed.delivery, policy);
    if (await recordOutcome(db, clock.now(), claimed, outcome))
      await tellLeadWebhookDisabled(db, mailer, { publicUrl, appName }, claimed.webhook).catch((err) =>
        log.error({ err, webhookId: claimed.webhook.id }, 'webhook disabled, but the lead could not be e-mailed'),
      );
  }

  /** One pass: the number of deliveries attempted. */
  async function pass(): Promise<number> {
    const claimed = await claimDeliveries(db, clock.now());
    // One at a time: PGlite has one connection, and a pass of 20 at most 10 s each stays short.
    for (const item of claimed) await deliver(item);
    return claimed.length;
  }

  let current: Promise<number> | null = null;
  let next: Promise<number> | null = null;
  /**
   * One pass. A call while one is under way gets the pass after it (what it was called for may
   * have come after the current pass claimed), so a test's `run()` always sees its clock.
   */
  function run(): Promise<number> {
    if (!current) {
      current = pass().finally(() => {
        current = null;
      });
      return current;
    }
    next ??= current
      .catch(() => 0)
      .then(() => {
        next = null;
        return run();
      });
    return next;
  }

  const runLogged = () =>
    void run().catch((err) => log.warn({ err }, 'webhook pass failed: tried again on the next one'));

  return {
    enqueue: (
      event: { id: string; occurredAt: string },
      projectId: number,
      projectKey: string,
      name: WebhookEvent,
      data: unknown,
    ) => enqueueDeliveries(db, clock, event, projectId, projectKey, name, data),
    run,
    /** A pass now (after an event was queued), without waiting for it. */
    kick: runLogged,
    start(everyMs: number): () => void {
      const timer = setInterval(runLogged, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
    sendTest: (webhook: WebhookRow, projectKey: string) =>
      sendTestDelivery({ db, clock, policy, appName }, webhook, projectKey),
  };
}
export type WebhookDispatch = ReturnType<typeof createWebhookDispatch>;
