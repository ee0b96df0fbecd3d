import { bigint, integer, jsonb, timestamp, uuid, type PgSchema } from 'drizzle-orm/pg-core';
import type { DomainEvent } from '@trackboard/contracts';

/**
 * The outbox of a service that records events: each row is written in the transaction of the
 * change it describes, and deleted once relayed. Each owning service declares it in its own
 * drizzle schema (`export const outbox = outboxTable(myschema)`), so its migration creates it.
 */
export const outboxTable = (schema: PgSchema) =>
  schema.table('outbox', {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    event: jsonb('event').$type<DomainEvent>().notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    /** A relay sending the row holds it until then; a relay that died lets go when it passes. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  });
export type OutboxTable = ReturnType<typeof outboxTable>;

/** The events a consuming service has handled, by id: a redelivered event is recognised and skipped. */
export const handledEventsTable = (schema: PgSchema) =>
  schema.table('handled_events', {
    eventId: uuid('event_id').primaryKey(),
    handledAt: timestamp('handled_at', { withTimezone: true }).notNull().defaultNow(),
  });
export type HandledEventsTable = ReturnType<typeof handledEventsTable>;
