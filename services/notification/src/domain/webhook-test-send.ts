import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { messages, WEBHOOK_TEST_EVENT } from '@trackboard/contracts';
import { NotFound, type Clock, type Db } from '@trackboard/server-kit';
import { webhookDeliveries, webhooks } from '../db/schema';
import type { DeliveryRow, WebhookRow } from './webhook-outcomes';
import { deliveryBody, pruneDeliveries } from './webhook-queue';
import { attemptDelivery } from './webhook-sender';
import type { TargetPolicy } from './webhook-target';

/**
 * "Send test": one delivery now, not retried and not counted toward disabling. It is sent
 * to a disabled webhook too, and one that succeeds enables it again.
 */
export async function sendTestDelivery(
  { db, clock, policy, appName }: { db: Db; clock: Clock; policy: TargetPolicy; appName: string },
  webhook: WebhookRow,
  projectKey: string,
): Promise<DeliveryRow> {
  const now = clock.now();
  const id = randomUUID();
  const body = deliveryBody(id, WEBHOOK_TEST_EVENT, now.toISOString(), projectKey, {
    webhookId: String(webhook.id),
    message: `A test delivery from ${appName}.`,
  });
  const outcome = await attemptDelivery(webhook, { id, event: WEBHOOK_TEST_EVENT, body }, policy);
  return db.transaction(async (tx) => {
    const [still] = await tx
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(eq(webhooks.id, webhook.id))
      .for('update');
    if (!still) throw new NotFound(messages.webhookNotFound); // deleted while the test was in flight
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        id,
        webhookId: webhook.id,
        event: WEBHOOK_TEST_EVENT,
        body,
        status: outcome.error === null ? 'SUCCEEDED' : 'FAILED',
        attempt: 1,
        responseCode: outcome.responseCode,
        durationMs: outcome.durationMs,
        error: outcome.error,
        createdAt: now,
        deliveredAt: clock.now(),
      })
      .returning();
    if (outcome.error === null && webhook.disabledAt)
      await tx.update(webhooks).set({ disabledAt: null, consecutiveFailures: 0 }).where(eq(webhooks.id, webhook.id));
    await pruneDeliveries(tx, webhook.id);
    return row!;
  });
}
