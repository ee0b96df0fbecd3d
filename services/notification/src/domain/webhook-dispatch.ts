import { randomUUID } from 'node:crypto';
import { and, arrayContains, desc, eq, inArray, isNotNull, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import { messages, WEBHOOK_DELIVERIES_KEPT, WEBHOOK_TEST_EVENT, type WebhookEvent } from '@trackboard/contracts';
import {
  memberships,
  NotFound,
  userDirectory,
  type Clock,
  type Db,
  type Logger,
  type Mailer,
} from '@trackboard/server-kit';
import { webhookDeliveries, webhooks } from '../db/schema';
import { attemptDelivery, WEBHOOK_TIMEOUT_MS } from './webhook-sender';
import type { TargetPolicy } from './webhook-target';

type WebhookRow = typeof webhooks.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const MINUTE = 60_000;
/** Waits before the 2nd … 6th attempt (issue 17); after the 6th a delivery has failed for good. */
export const RETRY_DELAYS_MS = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 360 * MINUTE];
/** Deliveries that failed for good in a row (no success between) that disable a webhook. */
export const FAILURES_TO_DISABLE = 5;
/** Deliveries sent per pass; the rest wait for the next one. */
const BATCH = 20;
/** A sender holds a claimed delivery this long; one that died mid-request lets it go then. */
const LEASE_MS = WEBHOOK_TIMEOUT_MS * 3;

/** What a delivery's body says: the delivery's id, the event, when it happened, the project and the event's data. */
export const deliveryBody = (id: string, event: string, occurredAt: string, projectKey: string, data: unknown) =>
  JSON.stringify({ id, event, occurredAt, project: { key: projectKey }, data });

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
 * The delivery queue: events become one PENDING row per subscribed webhook; a pass (on a timer,
 * kicked after an event, or `run()` from a test on its clock) claims the due rows with
 * `FOR UPDATE SKIP LOCKED` and a lease, so two replicas never send the same one, sends each
 * outside any transaction and records the outcome: a 2xx succeeds; anything else is tried again
 * after 1 min, 5 min, 30 min, 2 h and 6 h, then fails for good. Five deliveries failing for good
 * in a row disable the webhook and the project lead is e-mailed.
 */
export function createWebhookDispatch({ db, clock, mailer, log, policy, publicUrl, appName }: WebhookDispatchDeps) {
  /** Queues one delivery per enabled webhook of the project that asked for this event; a redelivered event queues none. */
  async function enqueue(
    event: { id: string; occurredAt: string },
    projectId: number,
    projectKey: string,
    name: WebhookEvent,
    data: unknown,
  ): Promise<number> {
    const targets = await db
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(
        and(eq(webhooks.projectId, projectId), isNull(webhooks.disabledAt), arrayContains(webhooks.events, [name])),
      );
    if (!targets.length) return 0;
    const now = clock.now();
    const queued = await db.transaction(async (tx) => {
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
      for (const w of targets) await prune(tx, w.id);
      return rows.length;
    });
    return queued;
  }

  /** The log keeps the newest 50 finished deliveries of a webhook (one still under way is never dropped). */
  async function prune(tx: Db, webhookId: number) {
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

  /** Due deliveries of enabled webhooks, held by this sender for the lease. */
  async function claim(now: Date): Promise<{ delivery: DeliveryRow; webhook: WebhookRow }[]> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          and(
            isNotNull(webhookDeliveries.nextAttemptAt),
            lte(webhookDeliveries.nextAttemptAt, now),
            or(isNull(webhookDeliveries.claimedUntil), lt(webhookDeliveries.claimedUntil, now)),
          ),
        )
        .orderBy(webhookDeliveries.nextAttemptAt)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (!due.length) return [];
      const claimed = await tx
        .update(webhookDeliveries)
        .set({ claimedUntil: new Date(now.getTime() + LEASE_MS) })
        .where(
          inArray(
            webhookDeliveries.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
      const hooks = await tx
        .select()
        .from(webhooks)
        .where(
          inArray(
            webhooks.id,
            claimed.map((d) => d.webhookId),
          ),
        );
      const byId = new Map(hooks.map((w) => [w.id, w]));
      return claimed.map((delivery) => ({ delivery, webhook: byId.get(delivery.webhookId)! }));
    });
  }

  /** Records one attempt's outcome; answers whether this failure disabled the webhook. */
  async function record(
    delivery: DeliveryRow,
    webhook: WebhookRow,
    outcome: Awaited<ReturnType<typeof attemptDelivery>>,
  ) {
    const now = clock.now();
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
      if (!current) return false; // deleted while the request was in flight
      if (outcome.error === null) {
        await tx
          .update(webhookDeliveries)
          .set({ ...outcomeFields, status: 'SUCCEEDED', nextAttemptAt: null })
          .where(eq(webhookDeliveries.id, delivery.id));
        await tx.update(webhooks).set({ consecutiveFailures: 0 }).where(eq(webhooks.id, webhook.id));
        return false;
      }
      if (current.disabledAt) {
        // Disabled by another delivery's failure while this one was in flight: no retry.
        await tx
          .update(webhookDeliveries)
          .set({ ...outcomeFields, status: 'FAILED', nextAttemptAt: null })
          .where(eq(webhookDeliveries.id, delivery.id));
        return false;
      }
      const delay = RETRY_DELAYS_MS[attempt - 1];
      if (delay !== undefined) {
        await tx
          .update(webhookDeliveries)
          .set({ ...outcomeFields, status: 'RETRYING', nextAttemptAt: new Date(now.getTime() + delay) })
          .where(eq(webhookDeliveries.id, delivery.id));
        return false;
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
      if (!counted || counted.consecutiveFailures < FAILURES_TO_DISABLE) return false;
      await tx.update(webhooks).set({ disabledAt: now }).where(eq(webhooks.id, webhook.id));
      // A disabled webhook sends nothing more: what was still waiting is given up.
      await tx
        .update(webhookDeliveries)
        .set({ status: 'FAILED', nextAttemptAt: null, claimedUntil: null, error: 'The webhook was disabled.' })
        .where(and(eq(webhookDeliveries.webhookId, webhook.id), isNotNull(webhookDeliveries.nextAttemptAt)));
      return true;
    });
  }

  /** The lead hears that their webhook stopped, and how to start it again. */
  async function tellLead(webhook: WebhookRow) {
    const [lead] = await db
      .select({ email: userDirectory.email, name: userDirectory.name, key: memberships.projectKey })
      .from(memberships)
      .innerJoin(userDirectory, eq(userDirectory.id, memberships.userId))
      .where(and(eq(memberships.projectId, webhook.projectId), eq(memberships.isLead, true)));
    if (!lead) return;
    const settings = `${publicUrl}/projects/${encodeURIComponent(lead.key)}`;
    await mailer.send({
      to: lead.email,
      subject: `${appName}: a webhook of ${lead.key} was disabled`,
      text:
        `Hello ${lead.name},\n\nthe webhook to ${webhook.url} in the project ${lead.key} failed ` +
        `${FAILURES_TO_DISABLE} deliveries in a row and was disabled: nothing more is sent to it.\n\n` +
        `Its delivery log, and "Send test" (a test that succeeds enables it again): ${settings}\n`,
    });
  }

  async function deliver({ delivery, webhook }: { delivery: DeliveryRow; webhook: WebhookRow }) {
    const outcome = await attemptDelivery(webhook, delivery, policy);
    if (await record(delivery, webhook, outcome))
      await tellLead(webhook).catch((err) =>
        log.error({ err, webhookId: webhook.id }, 'webhook disabled, but the lead could not be e-mailed'),
      );
  }

  /** One pass: the number of deliveries attempted. */
  async function pass(): Promise<number> {
    const claimed = await claim(clock.now());
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
    enqueue,
    run,
    /** A pass now (after an event was queued), without waiting for it. */
    kick: runLogged,
    start(everyMs: number): () => void {
      const timer = setInterval(runLogged, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },

    /**
     * "Send test": one delivery now, not retried and not counted toward disabling. It is sent
     * to a disabled webhook too, and one that succeeds enables it again.
     */
    async sendTest(webhook: WebhookRow, projectKey: string): Promise<DeliveryRow> {
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
          await tx
            .update(webhooks)
            .set({ disabledAt: null, consecutiveFailures: 0 })
            .where(eq(webhooks.id, webhook.id));
        await prune(tx, webhook.id);
        return row!;
      });
    },
  };
}
export type WebhookDispatch = ReturnType<typeof createWebhookDispatch>;
