import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';
import { messages, parseBoardRoom } from '@trackboard/contracts';
import { bearerToken } from './bearer-token';

// Every series this process exposes at /metrics, declared once (prom-client's default registry,
// one per process). Embedded mode runs the gateway and the four services in one process, so
// request series carry a `service` label rather than being told apart by port.

let processMetricsOn = false;
/** Node's own series (CPU, memory, heap, event-loop lag, GC, handles): once per process. */
export function collectProcessMetrics(): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register });
}

export const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by service, method, route template and status',
  labelNames: ['service', 'method', 'route', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

// Counted in plain numbers on the request path and read when scraped: no label lookup per request.
const inFlightCounts = new Map<string, { value: number }>();
/** The in-flight count of one service (or the gateway); the caller adds and subtracts. */
export function inFlightCounter(service: string): { value: number } {
  let counter = inFlightCounts.get(service);
  if (!counter) inFlightCounts.set(service, (counter = { value: 0 }));
  return counter;
}
new Gauge({
  name: 'http_requests_in_flight',
  help: 'HTTP requests being answered now',
  labelNames: ['service'] as const,
  collect() {
    for (const [service, { value }] of inFlightCounts) this.set({ service }, value);
  },
});

/** What the socket gauges read: a Socket.IO server's default namespace, structurally (server-kit has no socket.io). */
export type SocketCounts = {
  of(namespace: '/'): { sockets: Map<string, unknown>; adapter: { sids: Map<string, Set<string>> } };
};
const socketServers = new Set<SocketCounts>();
/** Counts this replica's sockets and their room joins (the board service calls it with its io). */
export function watchSockets(io: SocketCounts): () => void {
  socketServers.add(io);
  return () => void socketServers.delete(io);
}
new Gauge({
  name: 'trackboard_sockets_connected',
  help: 'Sockets connected to this process',
  collect() {
    let sockets = 0;
    for (const io of socketServers) sockets += io.of('/').sockets.size;
    this.set(sockets);
  },
});
new Gauge({
  name: 'trackboard_socket_room_joins',
  help: 'Board rooms joined by the sockets of this process (one per socket and room)',
  collect() {
    let joins = 0;
    // Each socket is also in a room named after itself and in its user's room (notifications),
    // which it joins by connecting: only board rooms count.
    for (const io of socketServers)
      for (const rooms of io.of('/').adapter.sids.values())
        for (const room of rooms) if (parseBoardRoom(room) !== null) joins++;
    this.set(joins);
  },
});

/** An outbox's backlog as its relay sees it: rows waiting, and how long the oldest has waited. */
export type OutboxBacklog = () => Promise<{ waiting: number; oldestSeconds: number }>;
const outboxes = new Map<string, OutboxBacklog>();
/** Reports an outbox's backlog when scraped (one query per scrape); undone when the outbox closes. */
export function watchOutbox(name: string, backlog: OutboxBacklog): () => void {
  outboxes.set(name, backlog);
  return () => void outboxes.delete(name);
}
// One query per outbox per scrape, shared by the two gauges (each collects on its own).
let backlogRead: { at: number; states: Promise<[string, { waiting: number; oldestSeconds: number } | null][]> } | null =
  null;
const readBacklogs = () => {
  if (!backlogRead || Date.now() - backlogRead.at > 500)
    backlogRead = {
      at: Date.now(),
      // A database that is away leaves the series out rather than failing the whole scrape.
      states: Promise.all([...outboxes].map(async ([name, backlog]) => [name, await backlog().catch(() => null)])),
    };
  return backlogRead.states;
};
new Gauge({
  name: 'trackboard_outbox_backlog',
  help: 'Events recorded in the outbox and not yet relayed to the bus',
  labelNames: ['outbox'] as const,
  async collect() {
    for (const [outbox, state] of await readBacklogs()) if (state) this.set({ outbox }, state.waiting);
  },
});
new Gauge({
  name: 'trackboard_outbox_oldest_event_age_seconds',
  help: 'Age of the oldest event not yet relayed from the outbox to the bus',
  labelNames: ['outbox'] as const,
  async collect() {
    for (const [outbox, state] of await readBacklogs()) if (state) this.set({ outbox }, state.oldestSeconds);
  },
});

export const eventDeliveryLag = new Histogram({
  name: 'trackboard_event_delivery_lag_seconds',
  help: 'Time from an event being recorded to a handler receiving it (consume: durable work, listen: every replica)',
  labelNames: ['type', 'delivery'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
});

/** A database pool's counts as pg.Pool keeps them. */
export type PoolCounts = { totalCount: number; idleCount: number; waitingCount: number };
const pools = new Set<PoolCounts>();
export function watchPool(pool: PoolCounts): () => void {
  pools.add(pool);
  return () => void pools.delete(pool);
}
new Gauge({
  name: 'trackboard_db_pool_connections',
  help: 'Database pool: connections open (total), idle, and queries waiting for one (waiting)',
  labelNames: ['state'] as const,
  collect() {
    const sum = { total: 0, idle: 0, waiting: 0 };
    for (const pool of pools) {
      sum.total += pool.totalCount;
      sum.idle += pool.idleCount;
      sum.waiting += pool.waitingCount;
    }
    for (const [state, value] of Object.entries(sum)) this.set({ state }, value);
  },
});

/** Asks a dependency whether it answers now (never throws). */
export type DependencyState = () => Promise<boolean>;
const dependencies = new Map<string, DependencyState>();
/** Reports a dependency this process serves without (Redis) when scraped; undone by the returned function. */
export function watchDependency(name: string, isUp: DependencyState): () => void {
  dependencies.set(name, isUp);
  return () => void dependencies.delete(name);
}
new Gauge({
  name: 'trackboard_dependency_up',
  help: 'Whether a dependency this process serves without answers (1), or it goes on degraded without it (0)',
  labelNames: ['dependency'] as const,
  async collect() {
    const states = await Promise.all([...dependencies].map(async ([name, isUp]) => [name, await isUp()] as const));
    for (const [dependency, up] of states) this.set({ dependency }, up ? 1 : 0);
  },
});

/** Each replica as the gateway or a service client sees it: 1 up, 0 down. */
export const replicaUp = new Gauge({
  name: 'trackboard_replica_up',
  help: 'Whether a replica is taking requests (passive: a failed connection; active: GET /ready every 2 s)',
  labelNames: ['service', 'replica'] as const,
});
export const upstreamRetries = new Counter({
  name: 'trackboard_upstream_retries_total',
  help: 'Idempotent requests sent again to another replica after the first could not be reached',
  labelNames: ['service'] as const,
});

/** Imports as they end: how many by format and outcome, and how long each took from start to end. */
export const importDuration = new Histogram({
  name: 'trackboard_import_duration_seconds',
  help: 'Imports from start to end, by format and outcome (succeeded, failed); its _count counts the imports',
  labelNames: ['format', 'outcome'] as const,
  buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
});

// The notification service's webhook deliveries. Test sends ("Send test") are the lead's own
// check and are left out: the series are about the queue.

/** What became of a delivery after one attempt (the delivery's status then, or dropped). */
export type WebhookAttemptOutcome = 'succeeded' | 'retrying' | 'failed' | 'dropped';

export const webhookDeliveries = new Counter({
  name: 'trackboard_webhook_deliveries_total',
  help:
    'Webhook delivery attempts by what became of the delivery: succeeded, retrying (failed, tried again later), ' +
    'failed (for good), dropped (its webhook was deleted while it was sent)',
  labelNames: ['outcome'] as const,
});
// Every outcome from 0, so a rate over one that has not happened yet is 0 rather than no data.
for (const outcome of ['succeeded', 'retrying', 'failed', 'dropped'] satisfies WebhookAttemptOutcome[])
  webhookDeliveries.inc({ outcome }, 0);

export const webhookDeliveryDuration = new Histogram({
  name: 'trackboard_webhook_delivery_duration_seconds',
  help: "Webhook delivery attempts from the target's check to the receiver's answer, its timeout (10 s) or a connection error",
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

/** Deliveries waiting in a queue: not yet tried (pending), and failed and due again later (retrying). */
export type WebhookQueueDepth = () => Promise<{ pending: number; retrying: number }>;
const webhookQueues = new Set<WebhookQueueDepth>();
/** Reports a delivery queue's depth when scraped (one query per scrape); undone by the returned function. */
export function watchWebhookQueue(depth: WebhookQueueDepth): () => void {
  webhookQueues.add(depth);
  return () => void webhookQueues.delete(depth);
}
new Gauge({
  name: 'trackboard_webhook_queue_depth',
  help: 'Webhook deliveries waiting to be sent, by status: pending (not yet tried), retrying (tried again later)',
  labelNames: ['status'] as const,
  async collect() {
    // A database that is away leaves the series out rather than failing the whole scrape.
    const depths = await Promise.all([...webhookQueues].map((depth) => depth().catch(() => null)));
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

/** Whether the header is `Bearer <expected>`, the scheme in any case (RFC 9110 §11.1), in constant time. */
function tokenMatches(header: string | undefined, expected: Buffer): boolean {
  const token = bearerToken(header);
  if (!token) return false;
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /metrics as a plain Node handler: the gateway and each service's own port serve it beside
 * their apps, never under /api. With a token, only `Authorization: Bearer <token>` is answered.
 */
export function createMetricsEndpoint(token?: string) {
  const expected = token ? Buffer.from(token) : null;
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (expected && !tokenMatches(req.headers.authorization, expected)) {
      res
        .writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' })
        .end(JSON.stringify({ message: messages.unauthorized }));
      return;
    }
    register.metrics().then(
      (text) => res.writeHead(200, { 'content-type': register.contentType }).end(text),
      () =>
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: messages.internal })),
    );
  };
}

/** `/metrics`, with or without a query. */
export const isMetricsPath = (url: string | undefined) =>
  url === '/metrics' || (url !== undefined && url.startsWith('/metrics?'));
