import { randomUUID } from 'node:crypto';
import { and, arrayContains, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { WEBHOOK_DELIVERIES_KEPT, type WebhookEvent } from '@trackboard/contracts';
import type { Clock, Db } from '@trackboard/server-kit';
import { webhookDeliveries, webhooks } from '../db/schema';

/** What a delivery's body says: the delivery's id, the event, when it happened, the project and the event's data. */
export const deliveryBody = (id: string, event: string, occurredAt: string, projectKey: string, data: unknown) =>
  JSON.stringify({ id, event, occurredAt, project: { key: projectKey }, data });

/**
 * The log keeps a webhook's newest WEBHOOK_DELIVERIES_KEPT deliveries: the finished ones older
 * than the last of those go (one still under way is never dropped). Found by the one row at that
 * place in the log's index, so a long log costs no list of the rows kept.
 */
export async function pruneDeliveries(tx: Db, webhookId: number) {
  const oldestKept = sql`(select kept.created_at, kept.id from ${webhookDeliveries} as kept
    where kept.webhook_id = ${webhookId} order by kept.created_at desc, kept.id desc
    offset ${WEBHOOK_DELIVERIES_KEPT - 1} limit 1)`;
  await tx
    .delete(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.webhookId, webhookId),
        isNull(webhookDeliveries.nextAttemptAt),
        sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < ${oldestKept}`,
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

/** The queue's depth (trackboard_webhook_queue_depth): deliveries with an attempt still to come, by status. */
export async function queueDepth(db: Db): Promise<{ pending: number; retrying: number }> {
  const rows = await db
    .select({ status: webhookDeliveries.status, n: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(isNotNull(webhookDeliveries.nextAttemptAt))
    .groupBy(webhookDeliveries.status);
  const count = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
  return { pending: count('PENDING'), retrying: count('RETRYING') };
}
