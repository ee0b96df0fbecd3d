import { count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LoggedAccount, ModerationAction, ModerationLogQuery, ModerationLogResponse } from '@trackboard/contracts';
import { accountDirectory, type AuthUser, type Db } from '@trackboard/server-kit';
import { moderationLog } from '../db/schema';
import { pageTotals, pageWindow } from './paging';
import { administrator } from './permissions';

const subject = alias(accountDirectory, 'subject');
const actor = alias(accountDirectory, 'actor');

const logged = (id: number, name: string | null, email: string | null): LoggedAccount => ({
  id: String(id),
  name,
  email,
});

/**
 * Who did what to which account, when and why: one row per administrator's action,
 * written after the auth service made the change. Accounts are named through the directory the
 * auth service publishes, so a deleted account's rows stay, nameless ("Deleted user").
 */
export function createModerationLog(db: Db) {
  return {
    async record(entry: { userId: number; action: ModerationAction; reason?: string | null; actorId: number }) {
      await db.insert(moderationLog).values({ ...entry, reason: entry.reason || null });
    },

    /** Newest first (ids are given in commit order), paged in SQL; `userId` keeps one account's rows. */
    async list(caller: AuthUser, query: ModerationLogQuery): Promise<ModerationLogResponse> {
      administrator(caller);
      const where = query.userId === undefined ? undefined : eq(moderationLog.userId, query.userId);
      const [{ total }] = (await db.select({ total: count() }).from(moderationLog).where(where)) as [{ total: number }];
      const { limit, offset } = pageWindow(query);
      const rows = await db
        .select({
          id: moderationLog.id,
          action: moderationLog.action,
          reason: moderationLog.reason,
          createdAt: moderationLog.createdAt,
          userId: moderationLog.userId,
          userName: subject.name,
          userEmail: subject.email,
          actorId: moderationLog.actorId,
          actorName: actor.name,
          actorEmail: actor.email,
        })
        .from(moderationLog)
        .leftJoin(subject, eq(subject.id, moderationLog.userId))
        .leftJoin(actor, eq(actor.id, moderationLog.actorId))
        .where(where)
        .orderBy(desc(moderationLog.id))
        .limit(limit)
        .offset(offset);
      return {
        entries: rows.map((r) => ({
          id: String(r.id),
          action: r.action,
          reason: r.reason,
          createdAt: r.createdAt.toISOString(),
          user: logged(r.userId, r.userName, r.userEmail),
          actor: logged(r.actorId, r.actorName, r.actorEmail),
        })),
        totalEntries: Number(total),
        ...pageTotals(Number(total), query),
      };
    },
  };
}
export type ModerationLog = ReturnType<typeof createModerationLog>;
