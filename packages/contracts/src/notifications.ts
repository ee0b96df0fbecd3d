import { z } from 'zod';

// Notifications (issue #14): what the notification service stores and the bell shows.

export const NOTIFICATION_KINDS = ['assigned', 'mentioned', 'reply', 'comment', 'status', 'added_to_project'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export type NotificationDto = {
  id: string;
  kind: NotificationKind;
  /** Null for `added_to_project`. */
  issueId: string | null;
  issueKey: string | null;
  projectKey: string;
  /** The issue's title (the project's name for `added_to_project`) when it happened. */
  title: string;
  /** A short plain-text piece: the comment, the new status, … (may be empty). */
  excerpt: string;
  actor: { id: string; name: string };
  createdAt: string;
  readAt: string | null;
};

export type NotificationList = { notifications: NotificationDto[]; unreadCount: number };

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
  before: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, 'must be a notification id')
    .optional(),
});

/** `POST /api/notifications/read`: `{ ids }` or `{ all: true }`. */
export const MarkNotificationsRead = z.union([
  z
    .object({
      ids: z
        .array(z.string().regex(/^[1-9]\d{0,17}$/, 'must be notification ids'))
        .min(1)
        .max(500),
    })
    .strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

export const DELIVERY_CHOICES = ['off', 'app', 'app+email'] as const;
export type Delivery = (typeof DELIVERY_CHOICES)[number];
export type NotificationSettings = Record<NotificationKind, Delivery>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  assigned: 'app+email',
  mentioned: 'app+email',
  reply: 'app+email',
  comment: 'app',
  status: 'app',
  added_to_project: 'app+email',
};

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
export type WatchState = { watching: boolean; watcherCount: number };

/** Socket event pushed to the user's own room when a notification is stored. */
export type NotificationPushedEvent = { notification: NotificationDto; unreadCount: number };

const USER_ROOM_PREFIX = 'user_';
/** Every socket of a user joins this room on connect (notifications are pushed there). */
export const userRoom = (userId: string | number) => `${USER_ROOM_PREFIX}${userId}`;

// Mentions are stored in Markdown text as `@[Display Name](user:ID)`; the renderer shows a chip.
const MENTION = /@\[([^\]\n]{1,100})\]\(user:([1-9]\d{0,17})\)/g;

/** The mention's stored form. Brackets in the name are dropped so the form stays parseable. */
export const mentionMarkup = (name: string, userId: string | number) =>
  `@[${name.replace(/[[\]\n]/g, '').slice(0, 100)}](user:${userId})`;

/** The distinct user ids mentioned in a text, in order of first mention. */
export function mentionedUserIds(text: string): string[] {
  return [...new Set([...text.matchAll(MENTION)].map((m) => m[2]!))];
}

/** Mentioned in `after` but not in `before` (an edit tells only the newly mentioned). */
export const newMentions = (before: string, after: string) => {
  const old = new Set(mentionedUserIds(before));
  return mentionedUserIds(after).filter((id) => !old.has(id));
};

/** Text with each mention written as `@Name`: e-mail bodies, excerpts, snippets. */
export const mentionsAsText = (text: string) => text.replace(MENTION, (_, name: string) => `@${name}`);

/** Splits a text into plain runs and mentions, for a renderer that draws mentions as chips. */
export function splitMentions(text: string): ({ text: string } | { name: string; userId: string })[] {
  const parts: ({ text: string } | { name: string; userId: string })[] = [];
  let at = 0;
  for (const m of text.matchAll(MENTION)) {
    if (m.index! > at) parts.push({ text: text.slice(at, m.index) });
    parts.push({ name: m[1]!, userId: m[2]! });
    at = m.index! + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
