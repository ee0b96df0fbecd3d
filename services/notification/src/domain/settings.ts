import { inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_KINDS,
  type Delivery,
  type NotificationKind,
  type NotificationSettings,
} from '@trackboard/contracts';
import type { Db } from '@trackboard/server-kit';
import { settings } from '../db/schema';

/** Each user's settings: their own choices over the defaults. */
export async function settingsOf(db: Db, userIds: readonly number[]): Promise<Map<number, NotificationSettings>> {
  const result = new Map(userIds.map((id) => [id, { ...DEFAULT_NOTIFICATION_SETTINGS }]));
  if (!userIds.length) return result;
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.userId, [...userIds]));
  for (const row of rows) if (NOTIFICATION_KINDS.includes(row.kind)) result.get(row.userId)![row.kind] = row.delivery;
  return result;
}

/** Sets the given kinds (the rest keep theirs) and answers every kind's setting. */
export async function updateSettings(
  db: Db,
  userId: number,
  changes: Partial<Record<NotificationKind, Delivery>>,
): Promise<NotificationSettings> {
  const rows = Object.entries(changes)
    .filter((entry): entry is [NotificationKind, Delivery] => entry[1] !== undefined)
    .map(([kind, delivery]) => ({ userId, kind, delivery }));
  if (rows.length)
    await db
      .insert(settings)
      .values(rows)
      .onConflictDoUpdate({ target: [settings.userId, settings.kind], set: { delivery: sql`excluded.delivery` } });
  return (await settingsOf(db, [userId])).get(userId)!;
}

/**
 * The unsubscribe link's change: e-mail for that kind stops, the bell keeps it. A kind already
 * off stays off (the link only ever takes e-mail away).
 */
export async function stopEmails(db: Db, userId: number, kind: NotificationKind): Promise<Delivery> {
  const current = (await settingsOf(db, [userId])).get(userId)![kind];
  if (current !== 'app+email') return current;
  await db
    .insert(settings)
    .values({ userId, kind, delivery: 'app' })
    .onConflictDoUpdate({ target: [settings.userId, settings.kind], set: { delivery: 'app' } });
  return 'app';
}
