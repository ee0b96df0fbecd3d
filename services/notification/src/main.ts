import {
  configuredMailer,
  createMemoryEventBus,
  createRedisEventBus,
  redisNamespace,
  runServiceMain,
  systemClock,
} from '@trackboard/server-kit';
import { createNotificationApp, notificationMigrations } from './app';

/** How often a replica looks for digests to send (each person still gets at most one a minute). */
const DIGEST_EVERY_MS = 10_000;
/** How often a replica looks for webhook deliveries due (retries; a new event is sent at once). */
const WEBHOOK_EVERY_MS = 5_000;

runServiceMain({
  service: 'notification',
  migrations: notificationMigrations,
  async build({ config, log, database, authenticate, lifecycle }) {
    if (!config.REDIS_URL)
      log.warn('REDIS_URL is not set: this replica hears no events from the other services and pushes to no socket');
    const events = config.REDIS_URL
      ? createRedisEventBus(config.REDIS_URL, log, { namespace: redisNamespace(config.DATABASE_URL) })
      : createMemoryEventBus(log);
    // Redis away leaves the replica ready, degraded: events wait in the outbox meanwhile.
    if (config.REDIS_URL) lifecycle.addDependency('redis', () => events.ping());
    const { app, close } = createNotificationApp({
      database,
      log,
      authenticate,
      events,
      mailer: configuredMailer(config, log),
      // Links in e-mails point at the gateway, as the auth service's do.
      publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
      appName: config.APP_NAME,
      clock: systemClock,
      digestEveryMs: DIGEST_EVERY_MS,
      webhookAllowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
      webhookEveryMs: WEBHOOK_EVERY_MS,
    });
    return {
      app,
      close: async () => {
        await close();
        await events.close();
      },
    };
  },
});
