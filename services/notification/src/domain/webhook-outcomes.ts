import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { freeRows, type Db, type WebhookAttemptOutcome } from '@trackboard/server-kit';
import { webhookDeliveries, webhooks } from '../db/schema';
import { WEBHOOK_TIMEOUT_MS, type attemptDelivery } from './webhook-sender';

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type ClaimedDelivery = { delivery: DeliveryRow; webhook: WebhookRow };

const MINUTE = 60_000;
/** Waits before the 2nd … 6th attempt; after the 6th a delivery has failed for good. */
export const RETRY_DELAYS_MS = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 360 * MINUTE];
/** Deliveries that failed for good in a row (no success between) that disable a webhook. */
export const FAILURES_TO_DISABLE = 5;
/** Due deliveries looked at per claim: the next of this many webhooks. */
const BATCH = 50;
/** A sender holds a claimed delivery this long; one that died mid-request lets it go then. */
const LEASE_MS = WEBHOOK_TIMEOUT_MS * 3;

/**
 * Due deliveries that are each the next of their webhook: none of its others is held by a
 * sender, or due before it. A webhook's deliveries so go one after another, in order, on every
 * replica, while other webhooks' go side by side (docs/decisions/0050-webhook-deliveries-side-by-side.md).
 */
const nextOfItsWebhook = (now: Date) => sql`not exists (
  select 1 from ${webhookDeliveries} as other
  where other.webhook_id = ${webhookDeliveries.webhookId} and other.id <> ${webhookDeliveries.id}
    and (other.claimed_until > ${now.toISOString()}::timestamptz
      or (other.next_attempt_at <= ${now.toISOString()}::timestamptz
        and (other.next_attempt_at, other.created_at, other.id)
          < (${webhookDeliveries.nextAttemptAt}, ${webhookDeliveries.createdAt}, ${webhookDeliveries.id}))))`;

/**
 * Claims, with a lease, the due deliveries `choose` picks (from the next of each webhook, oldest
 * first); the others stay free for the next claim (docs/decisions/0020-work-claimed-with-a-lease.md).
 */
export async function claimDeliveries(
  db: Db,
  now: Date,
  choose: (due: ClaimedDelivery[]) => ClaimedDelivery[],
): Promise<ClaimedDelivery[]> {
  return db.transaction(async (tx) => {
    const free = freeRows(tx, webhookDeliveries, {
      key: webhookDeliveries.id,
      claimedUntil: webhookDeliveries.claimedUntil,
      now,
      due: and(
        isNotNull(webhookDeliveries.nextAttemptAt),
        lte(webhookDeliveries.nextAttemptAt, now),
        nextOfItsWebhook(now),
      ),
      orderBy: sql`${webhookDeliveries.nextAttemptAt}, ${webhookDeliveries.createdAt}, ${webhookDeliveries.id}`,
      limit: BATCH,
    });
    const due = await tx
      .select()
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.id, free))
      .orderBy(webhookDeliveries.nextAttemptAt, webhookDeliveries.createdAt, webhookDeliveries.id);
    if (!due.length) return [];
    // Read in the claim's transaction: deleting a webhook deletes its deliveries, which this one
    // holds locked, so every claimed delivery's webhook is still there.
    const hooks = await tx
      .select()
      .from(webhooks)
      .where(
        inArray(
          webhooks.id,
          due.map((d) => d.webhookId),
        ),
      );
    const byId = new Map(hooks.map((w) => [w.id, w]));
    const chosen = choose(due.map((delivery) => ({ delivery, webhook: byId.get(delivery.webhookId)! })));
    if (!chosen.length) return [];
    const claimedUntil = new Date(now.getTime() + LEASE_MS);
    await tx
      .update(webhookDeliveries)
      .set({ claimedUntil })
      .where(
        inArray(
          webhookDeliveries.id,
          chosen.map((c) => c.delivery.id),
        ),
      );
    return chosen.map((c) => ({ ...c, delivery: { ...c.delivery, claimedUntil } }));
  });
}

/**
 * Records one attempt's outcome: a 2xx succeeds; anything else is tried again after the next of
 * RETRY_DELAYS_MS, then fails for good, and FAILURES_TO_DISABLE of those in a row disable the
 * webhook. Answers what became of the delivery, and whether this failure disabled the webhook.
 */
export async function recordOutcome(
  db: Db,
  now: Date,
  { delivery, webhook }: ClaimedDelivery,
  outcome: Awaited<ReturnType<typeof attemptDelivery>>,
): Promise<{ outcome: WebhookAttemptOutcome; disabled: boolean }> {
  const settled = (recorded: WebhookAttemptOutcome, disabled = false) => ({ outcome: recorded, disabled });
  const attempt = delivery.attempt + 1;
  const outcomeFields = {
    attempt,
    claimedUntil: null,
    responseCode: outcome.responseCode,
    durationMs: outcome.durationMs,
    error: outcome.error,
    deliveredAt: now,
  };
  return db.transaction(async (tx) => {
    // The webhook's row, locked: outcomes of one webhook are counted one at a time.
    const [current] = await tx.select().from(webhooks).where(eq(webhooks.id, webhook.id)).for('update');
    if (!current) return settled('dropped'); // deleted while the request was in flight
    if (outcome.error === null) {
      await tx
        .update(webhookDeliveries)
        .set({ ...outcomeFields, status: 'SUCCEEDED', nextAttemptAt: null })
        .where(eq(webhookDeliveries.id, delivery.id));
      await tx.update(webhooks).set({ consecutiveFailures: 0 }).where(eq(webhooks.id, webhook.id));
      return settled('succeeded');
    }
    if (current.disabledAt) {
      // Disabled by another delivery's failure while this one was in flight: no retry.
      await tx
        .update(webhookDeliveries)
        .set({ ...outcomeFields, status: 'FAILED', nextAttemptAt: null })
        .where(eq(webhookDeliveries.id, delivery.id));
      return settled('failed');
    }
    const delay = RETRY_DELAYS_MS[attempt - 1];
    if (delay !== undefined) {
      await tx
        .update(webhookDeliveries)
        .set({ ...outcomeFields, status: 'RETRYING', nextAttemptAt: new Date(now.getTime() + delay) })
        .where(eq(webhookDeliveries.id, delivery.id));
      return settled('retrying');
    }
    await tx
      .update(webhookDeliveries)
      .set({ ...outcomeFields, status: 'FAILED', nextAttemptAt: null })
      .where(eq(webhookDeliveries.id, delivery.id));
    const [counted] = await tx
      .update(webhooks)
      .set({ consecutiveFailures: sql`${webhooks.consecutiveFailures} + 1` })
      .where(eq(webhooks.id, webhook.id))
      .returning();
    if (!counted || counted.consecutiveFailures < FAILURES_TO_DISABLE) return settled('failed');
    await tx.update(webhooks).set({ disabledAt: now }).where(eq(webhooks.id, webhook.id));
    // A disabled webhook sends nothing more: what was still waiting is given up.
    await tx
      .update(webhookDeliveries)
      .set({ status: 'FAILED', nextAttemptAt: null, claimedUntil: null, error: 'The webhook was disabled.' })
      .where(and(eq(webhookDeliveries.webhookId, webhook.id), isNotNull(webhookDeliveries.nextAttemptAt)));
    return settled('failed', true);
  });
}
