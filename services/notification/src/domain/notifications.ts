import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { NotificationDto, NotificationList } from '@trackboard/contracts';
import { userDirectory, type AuthUser, type Clock, type Db } from '@trackboard/server-kit';
import { notifications } from '../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

/** Shown for an actor whose account is gone from the directory. */
export const UNKNOWN_ACTOR = 'Someone';

export function toDto(row: NotificationRow, actorName: string): NotificationDto {
  return {
    id: String(row.id),
    kind: row.kind,
    issueId: row.issueId === null ? null : String(row.issueId),
    issueKey: row.issueKey,
    projectKey: row.projectKey,
    title: row.title,
    excerpt: row.excerpt,
    actor: { id: String(row.actorId), name: actorName },
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** Each user's unread count (users with none are left out). */
export async function unreadCounts(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, [...userIds]), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  return new Map(rows.map((r) => [r.userId, Number(r.n)]));
}

/** The names of these users, from the directory the auth service publishes. */
export async function namesOf(db: Db, userIds: readonly number[]): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: userDirectory.id, name: userDirectory.name })
    .from(userDirectory)
    .where(inArray(userDirectory.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export type ListQuery = { unread?: 'true' | 'false'; limit: number; before?: number };
export type ReadRequest = { ids: number[] } | { all: true };

/** The bell's API: a caller only ever sees and changes their own notifications. */
export function createNotificationReads(db: Db, clock: Clock) {
  const unreadCountOf = async (userId: number) => (await unreadCounts(db, [userId])).get(userId) ?? 0;

  return {
    /** Newest first; `before` (an id) pages on; `unread=true` leaves out what was read. */
    async list(user: AuthUser, query: ListQuery): Promise<NotificationList> {
      const userId = Number(user.id);
      const rows = await db
        .select({ row: notifications, actorName: userDirectory.name })
        .from(notifications)
        .leftJoin(userDirectory, eq(userDirectory.id, notifications.actorId))
        .where(
          and(
            eq(notifications.userId, userId),
            query.unread === 'true' ? isNull(notifications.readAt) : undefined,
            query.before ? lt(notifications.id, query.before) : undefined,
          ),
        )
        .orderBy(desc(notifications.id))
        .limit(query.limit);
      return {
        notifications: rows.map(({ row, actorName }) => toDto(row, actorName ?? UNKNOWN_ACTOR)),
        unreadCount: await unreadCountOf(userId),
      };
    },

    /**
     * Marks the caller's own notifications read (ids of anyone else's are passed over, as if
     * unknown); a read notification is never e-mailed. Answers the unread count left.
     */
    async markRead(user: AuthUser, request: ReadRequest): Promise<{ unreadCount: number }> {
      const userId = Number(user.id);
      await db
        .update(notifications)
        .set({ readAt: clock.now(), emailDue: false })
        .where(
          and(
            eq(notifications.userId, userId),
            isNull(notifications.readAt),
            'ids' in request ? inArray(notifications.id, request.ids) : undefined,
          ),
        );
      return { unreadCount: await unreadCountOf(userId) };
    },
  };
}
export type NotificationReads = ReturnType<typeof createNotificationReads>;
