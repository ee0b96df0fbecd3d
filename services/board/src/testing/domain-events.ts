import { sql } from 'drizzle-orm';
import { domainEventTypes, type DomainEvent, type DomainEventType, type EventOf } from '@trackboard/contracts/events';
import { queryRows, type EventHandlers } from '@trackboard/server-kit';
import type { TestPlatform } from '@trackboard/test-platform';
import { until } from './until';

/** What an issue's event says beyond its envelope, as a test compares it. */
export type Recorded = Omit<DomainEvent, 'id' | 'occurredAt'>;

/**
 * The domain events the platform's services record, as the bus delivers them:
 * recorded in the change's transaction, relayed from the outbox after commit. `mark()` and
 * `since(mark)` wait until the board's and the project's outboxes are empty (every event
 * committed before has been relayed and heard); `since` answers what came after the mark.
 */
export function listenToEvents(t: TestPlatform) {
  const heard: DomainEvent[] = [];
  const record = (event: DomainEvent) => void heard.push(event);
  const handlers = Object.fromEntries(domainEventTypes.map((type) => [type, record])) as EventHandlers;
  const listening = t.events.listen(handlers);

  const unrelayed = async () => {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select (select count(*) from board.outbox) + (select count(*) from project.outbox) as n`,
    );
    return Number(row!.n);
  };

  async function settled() {
    await listening;
    await until(async () => (await unrelayed()) === 0, 'the outboxes to be relayed');
  }

  async function since(mark: number): Promise<DomainEvent[]> {
    await settled();
    return heard.slice(mark);
  }

  return {
    /** Where the events committed so far end, once relayed: `since` answers what comes after. */
    async mark() {
      await settled();
      return heard.length;
    },
    since,
    /** Every event of these types heard after `mark` (once relayed), without the envelope. */
    async of<T extends DomainEventType>(mark: number, ...types: T[]): Promise<Omit<EventOf<T>, 'id' | 'occurredAt'>[]> {
      const events = (await since(mark)).filter((e): e is EventOf<T> => (types as DomainEventType[]).includes(e.type));
      return events.map(({ id: _id, occurredAt: _at, ...rest }) => rest as Omit<EventOf<T>, 'id' | 'occurredAt'>);
    },
  };
}
export type EventListener = ReturnType<typeof listenToEvents>;

/** The issue events (a test's changes may add other services' events to the bus too). */
export const issueEventTypes = [
  'issue.created',
  'issue.assigned',
  'issue.updated',
  'issue.moved',
  'issue.deleted',
  'comment.created',
] as const satisfies readonly DomainEventType[];
