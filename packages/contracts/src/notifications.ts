import { z } from 'zod';
import { DELIVERY_CHOICES, NOTIFICATION_KINDS, type NotificationKind } from './notification-rules';
import { Id } from './ids';

// Notifications: what the notification service stores and the bell shows. The
// kinds, delivery choices, user room and mention helpers are in notification-rules.ts (no zod).
export * from './notification-rules';

export const NotificationDto = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Null for `added_to_project`. */
  issueId: z.string().nullable(),
  issueKey: z.string().nullable(),
  projectKey: z.string(),
  /** The issue's title (the project's name for `added_to_project`) when it happened. */
  title: z.string(),
  /** A short plain-text piece: the comment, the new status, … (may be empty). */
  excerpt: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationDto = z.infer<typeof NotificationDto>;

export const NotificationList = z.object({ notifications: z.array(NotificationDto), unreadCount: z.number().int() });
export type NotificationList = z.infer<typeof NotificationList>;
/** `POST /api/notifications/read` answer: what is left unread. */
export const UnreadCount = z.object({ unreadCount: z.number().int() });

/** `GET`/`PUT /api/notifications/settings` answer: every kind's delivery. */
export const NotificationSettingsDto = z.record(z.enum(NOTIFICATION_KINDS), z.enum(DELIVERY_CHOICES));

export const NOTIFICATION_LIMIT_DEFAULT = 20;
export const NOTIFICATION_LIMIT_MAX = 100;

/** `GET /api/notifications?unread=true&limit=&before=` (`before`: a notification id, for the next page). */
export const NotificationListQuery = z.object({
  unread: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  limit: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(NOTIFICATION_LIMIT_MAX, `must be at most ${NOTIFICATION_LIMIT_MAX}`)
    .default(NOTIFICATION_LIMIT_DEFAULT),
  before: Id.optional(),
});

/** `POST /api/notifications/read`: `{ ids }` or `{ all: true }`. */
export const MarkNotificationsRead = z.union([
  z
    .object({
      ids: z.array(Id).min(1, 'must name at least one notification').max(500, 'must be at most 500 ids'),
    })
    .strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

/** `PUT /api/notifications/settings`: any of the kinds; the rest keep their setting. */
export const NotificationSettingsUpdate = z
  .object(
    Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => [
        kind,
        z.enum(DELIVERY_CHOICES, { error: 'must be off, app or app+email' }).optional(),
      ]),
    ) as Record<NotificationKind, z.ZodOptional<z.ZodEnum<{ off: 'off'; app: 'app'; 'app+email': 'app+email' }>>>,
  )
  .strict();

/** `GET`/`PUT`/`DELETE /api/issues/:id/watch` answer. */
export const WatchState = z.object({ watching: z.boolean(), watcherCount: z.number().int() });
export type WatchState = z.infer<typeof WatchState>;

/** Socket event pushed to the user's own room when a notification is stored. */
export type NotificationPushedEvent = { notification: NotificationDto; unreadCount: number };
