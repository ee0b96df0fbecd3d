import { Hono } from 'hono';
import { z } from 'zod';
import {
  MarkNotificationsRead,
  NotificationList,
  NotificationListQuery,
  NotificationSettingsDto,
  NotificationSettingsUpdate,
  UnreadCount,
} from '@trackboard/contracts';
import { describeZodError, documented, validate, type AppEnv, type Db } from '@trackboard/server-kit';
import type { NotificationReads } from '../domain/notifications';
import { settingsOf, stopEmails, updateSettings } from '../domain/settings';
import type { UnsubscribeLinks } from '../domain/unsubscribe-links';
import { kindAbout } from '../domain/wording';

/**
 * The contract's `{ ids } | { all: true }`, with errors that name the field: a union's own error
 * names none, so the branch is picked by whether `all` is there and its errors are kept.
 */
const [ReadByIds, ReadAll] = MarkNotificationsRead.options;
const ReadRequest = z.unknown().transform((body, ctx) => {
  const branch = body && typeof body === 'object' && 'all' in body ? ReadAll : ReadByIds;
  const parsed = branch.safeParse(body);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues)
    ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path as PropertyKey[] });
  return z.NEVER;
});

/** `GET /api/notifications`, `POST /api/notifications/read`, `GET`/`PUT /api/notifications/settings`. */
export const notificationRoutes = (db: Db, reads: NotificationReads) =>
  new Hono<AppEnv>()
    .get(
      '/',
      documented({ summary: "The caller's notifications, newest first", responses: { 200: NotificationList } }),
      validate('query', NotificationListQuery),
      async (c) => c.json(await reads.list(c.var.user, c.req.valid('query'))),
    )
    .post(
      '/read',
      validate('json', ReadRequest),
      // After the validator: the body is described by the contract's union, not ReadRequest's `unknown`.
      documented({
        summary: 'Mark notifications read: `{ ids }` or `{ all: true }`',
        body: MarkNotificationsRead,
        responses: { 200: UnreadCount },
      }),
      async (c) => c.json(await reads.markRead(c.var.user, c.req.valid('json'))),
    )
    .get(
      '/settings',
      documented({ summary: 'How the caller hears of each kind', responses: { 200: NotificationSettingsDto } }),
      async (c) => {
        const userId = Number(c.var.user.id);
        return c.json((await settingsOf(db, [userId])).get(userId)!);
      },
    )
    .put(
      '/settings',
      documented({ summary: 'Change how the caller hears of some kinds', responses: { 200: NotificationSettingsDto } }),
      validate('json', NotificationSettingsUpdate),
      async (c) => c.json(await updateSettings(db, Number(c.var.user.id), c.req.valid('json'))),
    );

/** A JWT's three base64url parts. */
const UnsubscribeQuery = z.object({
  token: z
    .string({ error: 'is required' })
    .max(2000, 'is not a valid unsubscribe link')
    .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'is not a valid unsubscribe link'),
});

/**
 * `GET /api/notifications/unsubscribe?token=`: the one-click link of a digest e-mail. Public (a
 * mail client opens it without a session): the signed token says whose setting, and which kind,
 * it changes. Answered as plain text, for the person who clicked.
 */
export const unsubscribeRoute = (db: Db, links: UnsubscribeLinks) =>
  new Hono<AppEnv>().get(
    '/',
    documented({
      summary: "A digest e-mail's one-click unsubscribe link (answered as plain text)",
      public: true,
      query: UnsubscribeQuery,
      responses: { 200: 'text', 400: 'text' },
    }),
    async (c) => {
      const parsed = UnsubscribeQuery.safeParse(c.req.query());
      const target = parsed.success ? await links.verify(parsed.data.token) : null;
      if (!target)
        return c.text(parsed.success ? 'token: is not a valid unsubscribe link' : describeZodError(parsed.error), 400);
      await stopEmails(db, target.userId, target.kind);
      return c.text(
        `You will no longer get e-mails about ${kindAbout(target.kind)}. They still appear in the app; ` +
          'you can change this in your profile.',
      );
    },
  );
