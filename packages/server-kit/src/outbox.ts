import { randomUUID } from 'node:crypto';
import { asc, inArray, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { DomainEvent, DomainEventPayload } from '@trackboard/contracts';
import type { Db } from './db';
import type { EventBus } from './event-bus';
import { freeRows } from './leases';
import type { Logger } from './logger';
import { watchOutbox } from './metrics';
import type { OutboxTable } from './outbox-table';

/**
 * A service's outbox: events written in the transaction of the change they describe, then
 * relayed to the bus after commit. The relay is kicked after each commit and also polls, so a
 * crash between commit and relay, or a Redis outage, only delays an event: it is never lost.
 */
export type Outbox = {
  /** Writes the event in the caller's transaction: it exists, and is relayed, only if that transaction commits. */
  recordEvent(tx: Db, event: DomainEventPayload): Promise<DomainEvent>;
  /** Several events in one statement, relayed in this order (a bulk edit's). */
  recordEvents(tx: Db, events: DomainEventPayload[]): Promise<void>;
  /** `db.transaction(work)`, then the relay at once rather than at its next poll. */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /** Relays what has been recorded, in the background (after a commit). */
  kick(): void;
  /** Relays here and now whatever this relay may take; the number of events relayed. */
  relayPending(): Promise<number>;
  close(): Promise<void>;
};

export type OutboxOptions = {
  db: Db;
  table: OutboxTable;
  bus: EventBus;
  log: Logger;
  /**
   * How often the relay looks for events nobody relayed (a crash, an outage). 0: never — only the
   * kick after each commit (the test platform: a poll per service per second only costs its tests time).
   */
  pollMs?: number;
  /** How long a relay holds the rows it is sending; another relay takes them over after that. */
  leaseMs?: number;
  batchSize?: number;
};

/** The event as the outbox keeps it: the payload with an id and the time it was recorded. */
const enveloped = (payload: DomainEventPayload) =>
  ({ ...payload, id: randomUUID(), occurredAt: new Date().toISOString() }) as DomainEvent;
export function createOutbox({
  db,
  table,
  bus,
  log,
  pollMs = 1_000,
  leaseMs = 30_000,
  batchSize = 100,
}: OutboxOptions): Outbox {
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let failing = false;

  /** Takes up to a batch of rows no relay holds, in one statement (leases.ts). */
  async function claim() {
    const free = freeRows(db, table, {
      key: table.seq,
      claimedUntil: table.claimedUntil,
      now: sql`now()`,
      orderBy: asc(table.seq),
      limit: batchSize,
    });
    const rows = await db
      .update(table)
      .set({ claimedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`, attempts: sql`${table.attempts} + 1` })
      .where(inArray(table.seq, free))
      .returning({ seq: table.seq, event: table.event, attempts: table.attempts });
    return rows.sort((a, b) => a.seq - b.seq);
  }

  async function relayBatch(): Promise<{ sent: number; full: boolean }> {
    const rows = await claim();
    const sent: number[] = [];
    let lastError: unknown;
    for (const row of rows) {
      try {
        await bus.append(row.event);
        sent.push(row.seq);
      } catch (err) {
        lastError = err;
        // Tried again after a pause that grows with its attempts, up to 5 s: a Redis outage costs
        // a failed command per event every few seconds, and the event goes soon after Redis is back.
        const pauseMs = Math.min(row.attempts, 5) * 1_000;
        await db
          .update(table)
          .set({ claimedUntil: sql`now() + ${pauseMs} * interval '1 millisecond'` })
          .where(inArray(table.seq, [row.seq]));
      }
    }
    if (sent.length) await db.delete(table).where(inArray(table.seq, sent));
    const unsent = rows.length - sent.length;
    if (unsent && !failing) {
      failing = true;
      log.warn({ err: lastError, waiting: unsent }, 'events not relayed yet: they stay in the outbox');
    } else if (!unsent && sent.length && failing) {
      failing = false;
      log.info('events relayed again');
    }
    return { sent: sent.length, full: rows.length === batchSize };
  }

  async function relayPending(): Promise<number> {
    let total = 0;
    for (;;) {
      const { sent, full } = await relayBatch();
      total += sent;
      if (!full || closed) return total;
    }
  }

  function kick() {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await relayPending();
        } catch (err) {
          // The database is away: the next poll tries again.
          log.warn({ err }, 'outbox relay failed');
        }
      } while (again && !closed);
    })().finally(() => {
      running = null;
    });
  }

  const timer = pollMs > 0 ? setInterval(kick, pollMs) : undefined;
  timer?.unref();
  // Scraped as trackboard_outbox_backlog and _oldest_event_age_seconds, named for the service's schema.
  const unwatch = watchOutbox(getTableConfig(table).schema ?? 'public', async () => {
    const [row] = await db
      .select({
        waiting: sql<number>`count(*)::int`,
        oldestSeconds: sql<number>`coalesce(extract(epoch from now() - min(${table.recordedAt})), 0)::float8`,
      })
      .from(table);
    return { waiting: Number(row?.waiting ?? 0), oldestSeconds: Number(row?.oldestSeconds ?? 0) };
  });

  return {
    async recordEvent(tx, payload) {
      const event = enveloped(payload);
      await tx.insert(table).values({ event });
      return event;
    },
    async recordEvents(tx, payloads) {
      if (payloads.length) await tx.insert(table).values(payloads.map((payload) => ({ event: enveloped(payload) })));
    },
    async transaction(work) {
      const result = await db.transaction(work);
      kick();
      return result;
    },
    kick,
    relayPending,
    async close() {
      closed = true;
      clearInterval(timer);
      unwatch();
      await running;
    },
  };
}
