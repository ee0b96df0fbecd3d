import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import { isAdmin, messages, type WatchState } from '@trackboard/contracts';
import { issueDirectory, memberships, NotFound, type AuthUser, type Db } from '@trackboard/server-kit';
import { watches } from '../db/schema';

/**
 * Reporter, assignee and commenters start watching as they appear: a row is added only where
 * none exists, so someone who unwatched (a row with `watching = false`) stays unwatched.
 */
export const autoWatch = (db: Db, issueId: number, projectId: number, userIds: readonly (number | null)[]) =>
  autoWatchAll(db, projectId, [{ issueId, userIds }]);

/** autoWatch for several issues of one project in one statement (a bulk edit's). */
export async function autoWatchAll(
  db: Db,
  projectId: number,
  issues: readonly { issueId: number; userIds: readonly (number | null)[] }[],
) {
  const rows = issues.flatMap(({ issueId, userIds }) =>
    [...new Set(userIds.filter((id): id is number => id !== null))].map((userId) => ({
      issueId,
      userId,
      projectId,
      watching: true,
    })),
  );
  if (rows.length) await db.insert(watches).values(rows).onConflictDoNothing();
}

/** Who watches an issue now. */
export async function watchersOf(db: Db, issueId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: watches.userId })
    .from(watches)
    .where(and(eq(watches.issueId, issueId), eq(watches.watching, true)));
  return rows.map((r) => r.userId);
}

/** Who watches each of the issues now, by issue (one read for a bulk edit's issues). */
export async function watchersOfMany(db: Db, issueIds: number[]): Promise<Map<number, number[]>> {
  const byIssue = new Map<number, number[]>();
  if (!issueIds.length) return byIssue;
  const rows = await db
    .select({ issueId: watches.issueId, userId: watches.userId })
    .from(watches)
    .where(and(inArray(watches.issueId, issueIds), eq(watches.watching, true)));
  for (const row of rows) byIssue.set(row.issueId, [...(byIssue.get(row.issueId) ?? []), row.userId]);
  return byIssue;
}

/** `GET`/`PUT`/`DELETE /api/issues/:id/watch`: anyone who can see the issue may watch it. */
export function createWatching(db: Db) {
  /**
   * The issue's project when the caller may see it: a member, or an administrator, of a project
   * that still exists (a project always counts its lead, so no lead row means it was deleted, as
   * the board service reads it). Anyone else is told the issue does not exist, as the board
   * service tells non-members.
   */
  async function visibleIssue(user: AuthUser, issueId: number): Promise<number> {
    const [issue] = await db
      .select({ projectId: issueDirectory.projectId })
      .from(issueDirectory)
      .where(eq(issueDirectory.id, issueId));
    if (!issue) throw new NotFound(messages.issueNotFound);
    const rows = await db
      .select({ userId: memberships.userId, isLead: memberships.isLead })
      .from(memberships)
      .where(
        and(
          eq(memberships.projectId, issue.projectId),
          or(eq(memberships.userId, Number(user.id)), eq(memberships.isLead, true)),
        ),
      );
    const exists = rows.some((r) => r.isLead);
    const member = rows.some((r) => r.userId === Number(user.id));
    if (!exists || !(member || isAdmin(user))) throw new NotFound(messages.issueNotFound);
    return issue.projectId;
  }

  async function stateOf(user: AuthUser, issueId: number): Promise<WatchState> {
    const [row] = await db
      .select({
        watcherCount: count(),
        watching: sql<boolean>`coalesce(bool_or(${watches.userId} = ${Number(user.id)}), false)`,
      })
      .from(watches)
      .where(and(eq(watches.issueId, issueId), eq(watches.watching, true)));
    return { watching: Boolean(row?.watching), watcherCount: Number(row?.watcherCount ?? 0) };
  }

  async function set(user: AuthUser, issueId: number, watching: boolean): Promise<WatchState> {
    const projectId = await visibleIssue(user, issueId);
    await db
      .insert(watches)
      .values({ issueId, userId: Number(user.id), projectId, watching })
      .onConflictDoUpdate({ target: [watches.issueId, watches.userId], set: { watching, updatedAt: sql`now()` } });
    return stateOf(user, issueId);
  }

  return {
    async get(user: AuthUser, issueId: number): Promise<WatchState> {
      await visibleIssue(user, issueId);
      return stateOf(user, issueId);
    },
    watch: (user: AuthUser, issueId: number) => set(user, issueId, true),
    unwatch: (user: AuthUser, issueId: number) => set(user, issueId, false),
  };
}
export type Watching = ReturnType<typeof createWatching>;
