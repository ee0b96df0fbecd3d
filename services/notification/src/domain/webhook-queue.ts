import { randomUUID } from 'node:crypto';
import { and, arrayContains, desc, eq, isNull, notInArray } from 'drizzle-orm';
import { WEBHOOK_DELIVERIES_KEPT, type WebhookEvent } from '@trackboard/contracts';
import type { Clock, Db } from '@trackboard/server-kit';
import { webhookDeliveries, webhooks } from '../db/schema';

/** What a delivery's body says: the delivery's id, the event, when it happened, the project and the event's data. */
export const deliveryBody = (id: string, event: string, occurredAt: string, projectKey: string, data: unknown) =>
  JSON.stringify({ id, event, occurredAt, project: { key: projectKey }, data });

/** The log keeps the newest 50 finished deliveries of a webhook (one still under way is never dropped). */
export async function pruneDeliveries(tx: Db, webhookId: number) {
  const kept = tx
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERIES_KEPT);
  await tx
    .delete(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.webhookId, webhookId),
        isNull(webhookDeliveries.nextAttemptAt),
        notInArray(webhookDeliveries.id, kept),
      ),
    );
}

/** Queues one delivery per enabled webhook of the project that asked for this event; a redelivered event queues none. */
export async function enqueueDeliveries(
  db: Db,
  clock: Clock,
  event: { id: string; occurredAt: string },
  projectId: number,
  projectKey: string,
  name: WebhookEvent,
  data: unknown,
): Promise<number> {
  const targets = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.projectId, projectId), isNull(webhooks.disabledAt), arrayContains(webhooks.events, [name])));
  if (!targets.length) return 0;
  const now = clock.now();
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(webhookDeliveries)
      .values(
        targets.map((w) => {
          const id = randomUUID();
          return {
            id,
            webhookId: w.id,
            eventId: event.id,
            event: name,
            body: deliveryBody(id, name, event.occurredAt, projectKey, data),
            status: 'PENDING' as const,
            nextAttemptAt: now,
            createdAt: now,
          };
        }),
      )
      .onConflictDoNothing()
      .returning({ id: webhookDeliveries.id });
    for (const w of targets) await pruneDeliveries(tx, w.id);
    return rows.length;
  });
}
