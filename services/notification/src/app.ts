import { join } from 'node:path';
import {
  createOutbox,
  createServiceApp,
  requireUser,
  type Authenticator,
  type Clock,
  type Database,
  type EventBus,
  type Logger,
  type Mailer,
  type MigrationSet,
} from '@trackboard/server-kit';
import { outbox as outboxTable } from './db/schema';
import { createDigest } from './domain/digest';
import { createNotificationReads } from './domain/notifications';
import { createNotifier } from './domain/notifier';
import { createUnsubscribeLinks, UNSUBSCRIBE_PATH } from './domain/unsubscribe-links';
import { createWatching } from './domain/watches';
import { notificationRoutes, unsubscribeRoute } from './routes/notifications';
import { watchRoutes } from './routes/watch';

export const notificationMigrations: MigrationSet = {
  service: 'notification',
  folder: join(__dirname, 'db/migrations'),
};

export type NotificationDeps = {
  database: Database;
  log: Logger;
  authenticate: Authenticator;
  /** The events it consumes (issue, comment and membership changes), and where its pushes are relayed. */
  events: EventBus;
  mailer: Mailer;
  /** The app's address as users reach it: links in e-mails. */
  publicUrl: string;
  appName: string;
  clock: Clock;
  /** How often the e-mail digest runs; without it, only when `digest.run()` is called (tests). */
  digestEveryMs?: number;
};

/** The notification service: who is told what, the bell's API, watching, and the e-mail digest. */
export function createNotificationApp({
  database,
  log,
  authenticate,
  events,
  mailer,
  publicUrl,
  appName,
  clock,
  digestEveryMs,
}: NotificationDeps) {
  const { db } = database;
  const outbox = createOutbox({ db, table: outboxTable, bus: events, log });
  const links = createUnsubscribeLinks(db, publicUrl.replace(/\/+$/, ''), clock);
  const digest = createDigest({
    db,
    mailer,
    clock,
    links,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    appName,
    log,
  });
  // One replica of this service handles each event; a failure leaves it to be retried.
  events.consume('notification', createNotifier({ db, outbox, clock }).handlers);
  const stopDigest = digestEveryMs ? digest.start(digestEveryMs) : () => undefined;

  const app = createServiceApp({ service: 'notification', log, ready: database.ping });
  // Public: a digest's unsubscribe link is opened from a mail client, without a session.
  app.route(UNSUBSCRIBE_PATH, unsubscribeRoute(db, links));
  app.use('/api/*', requireUser(authenticate));
  app.route('/api/notifications', notificationRoutes(db, createNotificationReads(db, clock)));
  app.route('/api/issues', watchRoutes(createWatching(db)));
  return {
    app,
    digest,
    /** Signs and checks unsubscribe links (the digest's; tests make their own). */
    links,
    async close() {
      stopDigest();
      await outbox.close();
    },
  };
}
export type NotificationApp = ReturnType<typeof createNotificationApp>;
