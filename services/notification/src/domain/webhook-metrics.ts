import { Counter, Gauge, Histogram } from 'prom-client';

// The webhook series this process exposes at /metrics: declared once per process in
// prom-client's default registry, which server-kit's /metrics endpoint serves. Test sends
// ("Send test") are the lead's own check and are left out: the series are about the queue.

/** What became of a delivery after one attempt (the delivery's status then, or dropped). */
export type AttemptOutcome = 'succeeded' | 'retrying' | 'failed' | 'dropped';

export const deliveriesByOutcome = new Counter({
  name: 'trackboard_webhook_deliveries_total',
  help:
    'Webhook delivery attempts by what became of the delivery: succeeded, retrying (failed, tried again later), ' +
    'failed (for good), dropped (its webhook was deleted while it was sent)',
  labelNames: ['outcome'] as const,
});
// Every outcome from 0, so a rate over one that has not happened yet is 0 rather than no data.
for (const outcome of ['succeeded', 'retrying', 'failed', 'dropped'] satisfies AttemptOutcome[])
  deliveriesByOutcome.inc({ outcome }, 0);

export const deliveryDuration = new Histogram({
  name: 'trackboard_webhook_delivery_duration_seconds',
  help: "Webhook delivery attempts from the target's check to the receiver's answer, its timeout (10 s) or a connection error",
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

/** Deliveries waiting in a queue: not yet tried (pending), and failed and due again later (retrying). */
export type QueueDepth = () => Promise<{ pending: number; retrying: number }>;
const queues = new Set<QueueDepth>();
/** Reports a delivery queue's depth when scraped (one query per scrape); undone by the returned function. */
export function watchWebhookQueue(depth: QueueDepth): () => void {
  queues.add(depth);
  return () => void queues.delete(depth);
}
new Gauge({
  name: 'trackboard_webhook_queue_depth',
  help: 'Webhook deliveries waiting to be sent, by status: pending (not yet tried), retrying (tried again later)',
  labelNames: ['status'] as const,
  async collect() {
    // A database that is away leaves the series out rather than failing the whole scrape.
    const depths = await Promise.all([...queues].map((depth) => depth().catch(() => null)));
    this.reset();
    const read = depths.filter((d) => d !== null);
    if (!read.length) return;
    this.set(
      { status: 'pending' },
      read.reduce((sum, d) => sum + d.pending, 0),
    );
    this.set(
      { status: 'retrying' },
      read.reduce((sum, d) => sum + d.retrying, 0),
    );
  },
});
