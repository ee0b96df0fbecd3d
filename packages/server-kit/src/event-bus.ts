import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { DomainEvent, type DomainEventType, type EventOf } from '@trackboard/contracts/events';
import { describeZodError } from './app';
import type { Logger } from './logger';
import { eventDeliveryLag } from './metrics';
import { blockingRedis, connected, failFastRedis } from './redis-clients';

/** What a service does with each event type it cares about. */
export type EventHandlers = { [T in DomainEventType]?: (event: EventOf<T>) => Promise<void> | void };

/**
 * Delivery of recorded events (the outbox relay is the only writer). Two kinds of delivery:
 * - `consume`: durable work. One replica of the group handles each event and acknowledges it
 *   afterwards; an event whose handler failed stays pending and is retried, by any replica.
 *   Handlers are idempotent (the event id is the key), since a retry may follow a success whose
 *   acknowledgement was lost.
 * - `listen`: every replica hears each event appended while it runs (its own sockets, caches).
 *   A replica that is not running needs nothing, so nothing is kept for it.
 */
export type EventBus = {
  append(event: DomainEvent): Promise<void>;
  consume(group: string, handlers: EventHandlers): void;
  /** Resolves once this replica listens: it hears every event appended from then on. */
  listen(handlers: EventHandlers): Promise<void>;
  /** Readiness: rejects while the bus (Redis) is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

/**
 * The event a delivery carries, checked against its schema, or why it is none: an event may come
 * from another version of a service, or from SQL (docs/decisions/0010-domain-event-schemas.md).
 */
function readEvent(value: unknown): { event: DomainEvent } | { reason: string } {
  const parsed = DomainEvent.safeParse(value);
  return parsed.success ? { event: parsed.data } : { reason: describeZodError(parsed.error) };
}

/** Hands an event to its handler, timing how long it took to get here since it was recorded. */
function dispatch(handlers: EventHandlers, event: DomainEvent, delivery: 'consume' | 'listen') {
  const handler = handlers[event.type] as ((e: DomainEvent) => Promise<void> | void) | undefined;
  if (!handler) return;
  const lag = (Date.now() - Date.parse(event.occurredAt)) / 1000;
  if (lag >= 0) eventDeliveryLag.observe({ type: event.type, delivery }, lag);
  return handler(event);
}

/**
 * Embedded mode: every service lives in this process. `append` resolves once every group has
 * handled the event, and fails when one did not, so the relay keeps the event and tries again.
 */
export function createMemoryEventBus(log: Logger): EventBus {
  const groups = new Map<string, EventHandlers>();
  const listeners: EventHandlers[] = [];
  return {
    async append(recorded) {
      // There is no dead stream in one process: the log is where an unreadable event ends.
      const read = readEvent(recorded);
      if ('reason' in read) {
        log.error({ event: recorded, reason: read.reason }, 'unreadable event: dropped');
        return;
      }
      const { event } = read;
      let failed = 0;
      for (const [group, handlers] of groups) {
        try {
          await dispatch(handlers, event, 'consume');
        } catch (err) {
          failed++;
          log.error({ err, event, group }, 'event handler failed: the event stays in the outbox');
        }
      }
      for (const handlers of listeners) {
        try {
          await dispatch(handlers, event, 'listen');
        } catch (err) {
          log.error({ err, event }, 'event listener failed');
        }
      }
      if (failed) throw new Error(`${failed} handler(s) failed for ${event.type} ${event.id}`);
    },
    consume(group, handlers) {
      // Replicas in one process share a group as they would on Redis: one of them handles each event.
      if (!groups.has(group)) groups.set(group, handlers);
    },
    async listen(handlers) {
      listeners.push(handlers);
    },
    async ping() {},
    async close() {
      groups.clear();
      listeners.length = 0;
    },
  };
}

export type RedisEventBusOptions = {
  /** Keys are `<namespace>:events:<type>`; one deployment's namespace (see `redisNamespace`). */
  namespace?: string;
  /** A pending event idle this long is claimed by whichever replica looks (its handler failed or its replica died). */
  claimIdleMs?: number;
  /** How long one read waits for new entries. */
  blockMs?: number;
  /**
   * After this many deliveries an event is moved to `<stream>:dead` and logged, so it cannot block
   * the group. An entry that holds no readable event goes there at once.
   */
  maxDeliveries?: number;
  /** Entries kept per stream (approximately): enough for consumers that are away for a while. */
  maxLength?: number;
  /** The pause before trying again after an error (Redis away). */
  retryMs?: number;
};

type StreamEntry = [id: string, fields: string[]];
type StreamReply = [stream: string, entries: StreamEntry[]][] | null;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Split mode: a Redis Stream per event type. `consume` reads with a consumer group (XREADGROUP),
 * acknowledges after handling (XACK) and claims entries left pending (XAUTOCLAIM); `listen` reads
 * with XREAD from the stream's end as it was when the replica started listening.
 */
export function createRedisEventBus(url: string, log: Logger, options: RedisEventBusOptions = {}): EventBus {
  const {
    namespace = 'trackboard',
    claimIdleMs = 30_000,
    blockMs = 2_000,
    maxDeliveries = 10,
    maxLength = 50_000,
    retryMs = 1_000,
  } = options;
  const consumer = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const commands = failFastRedis(url, log, 'events');
  const readers: Redis[] = [];
  const loops: Promise<void>[] = [];
  const listeners: EventHandlers[] = [];
  let closed = false;
  const streamOf = (type: DomainEventType) => `${namespace}:events:${type}`;

  /** The event an entry holds (its `event` field, JSON), or why it holds none. */
  function readEntry(fields: string[]): ReturnType<typeof readEvent> {
    const json = fields[fields.indexOf('event') + 1];
    try {
      return readEvent(JSON.parse(json ?? ''));
    } catch (err) {
      return { reason: `not JSON: ${(err as Error).message}` };
    }
  }

  /** Runs `step` until the bus closes; an error (Redis away, a dropped connection) pauses it briefly. */
  function loop(name: string, step: (reader: Redis) => Promise<void>, onError?: (err: Error) => void) {
    const reader = blockingRedis(url, log, name);
    readers.push(reader);
    const run = async () => {
      while (!closed) {
        try {
          await Promise.all([connected(reader, 2_000), connected(commands, 2_000)]);
          await step(reader);
        } catch (err) {
          if (closed) break;
          onError?.(err as Error);
          log.debug({ err, loop: name }, 'event loop paused');
          await sleep(retryMs);
        }
      }
    };
    loops.push(run());
  }

  function consume(group: string, handlers: EventHandlers) {
    const streams = (Object.keys(handlers) as DomainEventType[]).map(streamOf);
    let groupsReady = false;
    let lastClaim = 0;

    /** Moves an entry to `<stream>:dead` with the reason, out of the group's way; each group moves its own. */
    async function moveAside(stream: string, id: string, fields: string[], reason: string) {
      log.error({ stream, id, group, reason }, 'event moved aside');
      await commands.xadd(`${stream}:dead`, 'MAXLEN', '~', maxLength, '*', ...fields, 'group', group, 'reason', reason);
      await commands.xack(stream, group, id);
    }

    async function handle(stream: string, id: string, fields: string[]) {
      const read = readEntry(fields);
      if ('reason' in read) return moveAside(stream, id, fields, read.reason);
      const { event } = read;
      try {
        await dispatch(handlers, event, 'consume');
      } catch (err) {
        log.error({ err, event, group }, 'event handler failed: the event stays pending and is retried');
        return;
      }
      await commands.xack(stream, group, id);
    }

    async function claimStale() {
      for (const stream of streams) {
        let cursor = '0-0';
        do {
          const [next, entries] = (await commands.xautoclaim(
            stream,
            group,
            consumer,
            claimIdleMs,
            cursor,
            'COUNT',
            50,
          )) as [string, (StreamEntry | null)[]];
          cursor = next;
          for (const entry of entries) {
            if (!entry) continue;
            const [id, fields] = entry;
            const [info] = (await commands.xpending(stream, group, id, id, 1)) as [string, string, number, number][];
            if (info && info[3] > maxDeliveries) {
              await moveAside(stream, id, fields, `not handled after ${info[3] - 1} deliveries`);
            } else {
              await handle(stream, id, fields);
            }
          }
        } while (cursor !== '0-0' && !closed);
      }
    }

    loop(
      `events:${group}`,
      async (reader) => {
        if (!groupsReady) {
          for (const stream of streams) {
            // From the stream's start: events recorded before this group first ran are handled too.
            await commands.xgroup('CREATE', stream, group, '0', 'MKSTREAM').catch((err: Error) => {
              if (!err.message.includes('BUSYGROUP')) throw err;
            });
          }
          groupsReady = true;
        }
        if (Date.now() - lastClaim >= Math.min(claimIdleMs, 5_000)) {
          await claimStale();
          lastClaim = Date.now();
        }
        const reply = (await reader.xreadgroup(
          'GROUP',
          group,
          consumer,
          'COUNT',
          50,
          'BLOCK',
          Math.min(blockMs, claimIdleMs),
          'STREAMS',
          ...streams,
          ...streams.map(() => '>'),
        )) as StreamReply;
        for (const [stream, entries] of reply ?? [])
          for (const [id, fields] of entries) await handle(stream, id, fields);
      },
      // A Redis that lost its data (restarted without persistence) has lost the groups too.
      (err) => {
        if (err.message.includes('NOGROUP')) groupsReady = false;
      },
    );
  }

  // One reader for every listener of this bus; streams join it as listeners register.
  const positions = new Map<string, string>();
  const waiting: { streams: string[]; resolve: () => void }[] = [];
  let listening = false;
  function startListening() {
    loop('events:listen', async (reader) => {
      for (const stream of listenedStreams()) {
        if (positions.has(stream)) continue;
        // Where the stream ends now: this replica hears what is appended from here on.
        const last = (await commands.xrevrange(stream, '+', '-', 'COUNT', 1))[0]?.[0];
        positions.set(stream, last ?? '0-0');
      }
      for (const waiter of waiting.splice(0))
        if (waiter.streams.every((s) => positions.has(s))) waiter.resolve();
        else waiting.push(waiter);
      const streams = [...positions.keys()];
      const reply = (await reader.xread(
        'COUNT',
        100,
        'BLOCK',
        blockMs,
        'STREAMS',
        ...streams,
        ...streams.map((s) => positions.get(s)!),
      )) as StreamReply;
      for (const [stream, entries] of reply ?? []) {
        for (const [id, fields] of entries) {
          positions.set(stream, id);
          // Nothing is kept for listeners: the consuming groups move an unreadable entry aside.
          const read = readEntry(fields);
          if ('reason' in read) {
            log.error({ stream, id, reason: read.reason }, 'unreadable event: not heard');
            continue;
          }
          const { event } = read;
          for (const handlers of listeners) {
            try {
              await dispatch(handlers, event, 'listen');
            } catch (err) {
              log.error({ err, event }, 'event listener failed');
            }
          }
        }
      }
    });
  }
  const listenedStreams = () =>
    [...new Set(listeners.flatMap((h) => Object.keys(h) as DomainEventType[]))].map(streamOf);

  return {
    async append(event) {
      await connected(commands);
      await commands.xadd(streamOf(event.type), 'MAXLEN', '~', maxLength, '*', 'event', JSON.stringify(event));
    },
    consume,
    async ping() {
      await connected(commands);
      await commands.ping();
    },
    listen(handlers) {
      listeners.push(handlers);
      const started = new Promise<void>((resolve) =>
        waiting.push({ streams: (Object.keys(handlers) as DomainEventType[]).map(streamOf), resolve }),
      );
      if (!listening) {
        listening = true;
        startListening();
      }
      return started;
    },
    async close() {
      closed = true;
      for (const reader of readers) reader.disconnect();
      await Promise.all(loops);
      await commands.quit().catch(() => commands.disconnect());
    },
  };
}
