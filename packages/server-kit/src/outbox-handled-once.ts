import type { DomainEvent } from '@trackboard/contracts';
import type { Db } from './db';
import type { HandledEventsTable } from './outbox-table';

/**
 * Runs `work` in a transaction that also marks the event handled, keyed by its id: an event
 * delivered again (a retry after a lost acknowledgement, a relay that sent it twice) changes
 * nothing and answers null. Two replicas handling it at once: the second waits on the first's
 * row and then finds it.
 */
export async function handleOnce<T>(
  db: Db,
  table: HandledEventsTable,
  event: DomainEvent,
  work: (tx: Db) => Promise<T>,
): Promise<{ result: T } | null> {
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(table)
      .values({ eventId: event.id })
      .onConflictDoNothing()
      .returning({ eventId: table.eventId });
    return fresh.length ? { result: await work(tx) } : null;
  });
}
