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
  watchWebhookQueue,
} from '@trackboard/server-kit';
import { outbox as outboxTable } from './db/schema';
import { createDigest } from './domain/digest';
import { createNotificationReads } from './domain/notifications';
import { createNotifier } from './domain/notifier';
import { createUnsubscribeLinks, UNSUBSCRIBE_PATH } from './domain/unsubscribe-links';
import { createWatching } from './domain/watches';
import { createWebhookDispatch } from './domain/webhook-dispatch';
import { webhookDescriptions } from './domain/webhook-docs';
import { createWebhookFeed } from './domain/webhook-feed';
import { queueDepth } from './domain/webhook-queue';
import type { Resolver } from './domain/webhook-target';
import { createWebhooks } from './domain/webhooks';
import { notificationRoutes, unsubscribeRoute } from './routes/notifications';
import { watchRoutes } from './routes/watch';
import { projectWebhookRoutes, webhookRoutes } from './routes/webhooks';

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
  /** The app's address as users reach it (no trailing slash: the config trims it): links in e-mails. */
  publicUrl: string;
  appName: string;
  clock: Clock;
  /** How often the e-mail digest runs; without it, only when `digest.run()` is called (tests). */
  digestEveryMs?: number;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may target private, loopback and link-local addresses. */
  webhookAllowPrivate?: boolean;
  /** How often due webhook deliveries (retries) are looked for; without it, only after an event or `webhooks.run()`. */
  webhookEveryMs?: number;
  /** Tests only: how webhook hosts resolve (the system's DNS otherwise). */
  webhookResolver?: Resolver;
  /** How often the outbox relay polls for events a crash or an outage left behind; 0: only after commits (tests). */
  outboxPollMs?: number;
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
  webhookAllowPrivate = false,
  webhookEveryMs,
  webhookResolver,
  outboxPollMs,
}: NotificationDeps) {
  const { db } = database;
  const outbox = createOutbox({ db, table: outboxTable, bus: events, log, pollMs: outboxPollMs });
  const links = createUnsubscribeLinks(db, publicUrl, clock);
  const digest = createDigest({
    db,
    mailer,
    clock,
    links,
    publicUrl,
    appName,
    log,
  });
  // One replica of this service handles each event; a failure leaves it to be retried.
  events.consume('notification', createNotifier({ db, outbox, clock }).handlers);
  const stopDigest = digestEveryMs ? digest.start(digestEveryMs) : () => undefined;
  const webhookPolicy = { allowPrivate: webhookAllowPrivate, resolve: webhookResolver };
  const webhookDispatch = createWebhookDispatch({
    db,
    clock,
    mailer,
    log,
    policy: webhookPolicy,
    publicUrl,
    appName,
  });
  // A group of its own: the notifications' consumer and this one each handle every event.
  events.consume('webhooks', createWebhookFeed({ db, dispatch: webhookDispatch, publicUrl, log }).handlers);
  const stopWebhooks = webhookEveryMs ? webhookDispatch.start(webhookEveryMs) : () => undefined;
  const unwatchWebhookQueue = watchWebhookQueue(() => queueDepth(db));
  const webhooks = createWebhooks({ db, clock, policy: webhookPolicy, dispatch: webhookDispatch });

  const app = createServiceApp({ service: 'notification', log, ready: database.ping, webhooks: webhookDescriptions });
  // Public: a digest's unsubscribe link is opened from a mail client, without a session.
  app.route(UNSUBSCRIBE_PATH, unsubscribeRoute(db, links));
  app.use('/api/*', requireUser(authenticate));
  app.route('/api/notifications', notificationRoutes(db, createNotificationReads(db, clock)));
  app.route('/api/issues', watchRoutes(createWatching(db)));
  app.route('/api/projects', projectWebhookRoutes(webhooks));
  app.route('/api/webhooks', webhookRoutes(webhooks));
  return {
    app,
    digest,
    /** The webhook delivery queue (tests run its passes on their own clock). */
    webhooks: webhookDispatch,
    /** Signs and checks unsubscribe links (the digest's; tests make their own). */
    links,
    async close() {
      stopDigest();
      stopWebhooks();
      unwatchWebhookQueue();
      await outbox.close();
    },
  };
}
export type NotificationApp = ReturnType<typeof createNotificationApp>;
