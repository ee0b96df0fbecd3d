import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { DomainEvent } from '@trackboard/contracts';
import type { Logger } from './logger';

export type EventBus = {
  publish(event: DomainEvent): Promise<void>;
  subscribe(handler: (event: DomainEvent) => void | Promise<void>): void;
  close(): Promise<void>;
};

const CHANNEL = 'trackboard:events';

/** Embedded mode: every service lives in this process. */
export function createMemoryEventBus(log: Logger): EventBus {
  const emitter = new EventEmitter();
  return {
    async publish(event) {
      emitter.emit(CHANNEL, event);
    },
    subscribe(handler) {
      emitter.on(
        CHANNEL,
        (event: DomainEvent) =>
          void Promise.resolve(handler(event)).catch((err) => log.error({ err, event }, 'event handler failed')),
      );
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** Split mode: Redis pub/sub reaches every replica of every subscribing service. */
export function createRedisEventBus(url: string, log: Logger): EventBus {
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  let sub: Redis | undefined;
  for (const client of [pub]) client.on('error', (err) => log.error({ err }, 'redis error'));
  return {
    async publish(event) {
      await pub.publish(CHANNEL, JSON.stringify(event));
    },
    subscribe(handler) {
      if (!sub) {
        sub = pub.duplicate();
        sub.on('error', (err) => log.error({ err }, 'redis error'));
        void sub.subscribe(CHANNEL);
      }
      sub.on('message', (_channel, message: string) => {
        void Promise.resolve()
          .then(() => handler(JSON.parse(message) as DomainEvent))
          .catch((err) => log.error({ err, message }, 'event handler failed'));
      });
    },
    async close() {
      await Promise.all([pub.quit(), sub?.quit()].map((p) => p?.catch(() => undefined)));
    },
  };
}
