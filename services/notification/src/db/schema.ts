import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Delivery, NotificationKind, WebhookDeliveryStatus, WebhookEvent } from '@trackboard/contracts';
import { handledEventsTable, outboxTable } from '@trackboard/server-kit';

export const notification = pgSchema('notification');

/**
 * What a person was told. Issue fields are copied from the event as they were when it happened
 * (the bell and the e-mail word them without asking the board service); the actor's name is
 * read from `auth.user_directory` when listed, so a renamed person shows their new name.
 */
export const notifications = notification.table(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    projectKey: text('project_key').notNull(),
    /** Null for `added_to_project`; with `issueKey`, the issue's deep link in e-mails. */
    boardId: bigint('board_id', { mode: 'number' }),
    issueId: bigint('issue_id', { mode: 'number' }),
    issueKey: text('issue_key'),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    actorId: bigint('actor_id', { mode: 'number' }).notNull(),
    /** The event that caused it: one notification per person per event. */
    eventId: uuid('event_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Stored under `app+email` and neither e-mailed nor read yet: the next digest takes it. */
    emailDue: boolean('email_due').notNull().default(false),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_event_user_key').on(t.eventId, t.userId),
    // The bell: a user's newest first, and their unread count.
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_email_due_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.emailDue}`),
    index('notifications_project_idx').on(t.projectId),
  ],
);

/**
 * Who watches which issue. Reporter, assignee and commenters are added as they appear (insert if
 * absent); an explicit unwatch stays as a row with `watching = false`, so no later event adds
 * that person back.
 */
export const watches = notification.table(
  'watches',
  {
    issueId: bigint('issue_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    watching: boolean('watching').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.userId] }), index('watches_project_user_idx').on(t.projectId, t.userId)],
);

/** A person's choice per kind; a kind without a row has the default (contracts). */
export const settings = notification.table(
  'settings',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    delivery: text('delivery').$type<Delivery>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** When each person was last e-mailed a digest (at most one a minute). */
export const digests = notification.table('digests', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
});

/**
 * Secrets this service made for itself (the HS256 key of unsubscribe links), shared by its
 * replicas through the database: no configuration, and no other service's key is borrowed.
 */
export const signingKeys = notification.table('signing_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A project's webhook. The secret is kept in clear because every delivery is signed
 * with it (HMAC needs the key itself); the API never returns it after creation.
 */
export const webhooks = notification.table(
  'webhooks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    events: text('events').array().$type<WebhookEvent[]>().notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Set after five failed deliveries in a row: nothing is sent until a test delivery succeeds. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  },
  (t) => [index('webhooks_project_idx').on(t.projectId)],
);

/**
 * One event for one webhook: its id is the `X-Trackboard-Delivery` header, `body` the exact
 * bytes signed and sent (every retry sends the same). One row per webhook and event, so a
 * redelivered event queues nothing twice. The last 50 per webhook are kept.
 */
export const webhookDeliveries = notification.table(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    webhookId: bigint('webhook_id', { mode: 'number' })
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** The domain event that caused it (null for a test delivery). */
    eventId: uuid('event_id'),
    event: text('event').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull(),
    /** Attempts made so far. */
    attempt: integer('attempt').notNull().default(0),
    /** When it is due (PENDING, RETRYING); null once it succeeded or failed for good. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** A sender holds the row until then while the request is in flight; one that died lets go. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_key').on(t.webhookId, t.eventId),
    index('webhook_deliveries_log_idx').on(t.webhookId, t.createdAt),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
  ],
);

/** Events handled, by id: a redelivery tells nobody twice. */
export const handledEvents = handledEventsTable(notification);

/** `notification.created`, recorded with the notification and relayed after commit to the board replicas' sockets. */
export const outbox = outboxTable(notification);
