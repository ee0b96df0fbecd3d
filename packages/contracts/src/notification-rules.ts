// Notifications: the zod-free part the browser needs (kinds, delivery choices, the
// user room, the mention markup). Kept apart from the schemas in notifications.ts, as rules.ts is
// from the others: a browser bundle importing a constant from a module that builds zod schemas at
// its top level would carry zod with it (~50 KB gzipped). notifications.ts re-exports all of it.
import { truncateText } from './text-cut';

export const NOTIFICATION_KINDS = ['assigned', 'mentioned', 'reply', 'comment', 'status', 'added_to_project'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

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

const USER_ROOM_PREFIX = 'user_';
/** Every socket of a user joins this room on connect (notifications are pushed there). */
export const userRoom = (userId: string | number) => `${USER_ROOM_PREFIX}${userId}`;

// Mentions are stored in Markdown text as `@[Display Name](user:ID)`; the renderer shows a chip.
const MENTION = /@\[([^\]\n]{1,100})\]\(user:([1-9]\d{0,17})\)/g;

/** The mention's stored form. Brackets in the name are dropped so the form stays parseable. */
export const mentionMarkup = (name: string, userId: string | number) =>
  `@[${truncateText(name.replace(/[[\]\n]/g, ''), 100)}](user:${userId})`;

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
