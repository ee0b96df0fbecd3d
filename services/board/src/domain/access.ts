import { and, eq, or } from 'drizzle-orm';
import { messages } from '@trackboard/contracts';
import { NotFound, memberships, userDirectory, type AuthUser, type Db } from '@trackboard/server-kit';
import { boards, columns, comments, issues } from '../db/schema';
import { canSeeBoard, type Membership } from './permissions';

type BoardRow = typeof boards.$inferSelect;
export type Scope = { board: BoardRow; membership: Membership };

/**
 * Loads what a request is about and checks that the caller may see it: anything on a board
 * whose project the caller is not a member of answers like something that does not exist.
 */
export function createAccess(db: Db) {
  /**
   * The caller's membership of a project, or null when the project no longer exists. A project
   * always counts its lead among its members (the lead cannot be removed, nor a lead's account
   * deleted), so no lead row means the project was deleted: its boards answer 404 from that
   * commit on, before the board service has handled `project.deleted` and removed them.
   */
  async function projectAccess(user: AuthUser, projectId: number): Promise<{ membership: Membership } | null> {
    const rows = await db
      .select({ userId: memberships.userId, isLead: memberships.isLead })
      .from(memberships)
      .where(
        and(
          eq(memberships.projectId, projectId),
          or(eq(memberships.userId, Number(user.id)), eq(memberships.isLead, true)),
        ),
      );
    if (!rows.some((r) => r.isLead)) return null;
    const own = rows.find((r) => r.userId === Number(user.id));
    return { membership: own ? { isLead: own.isLead } : null };
  }

  async function scopeOf(user: AuthUser, board: BoardRow | undefined, notFound: string): Promise<Scope> {
    const project = board ? await projectAccess(user, board.projectId) : null;
    if (!board || !project || !canSeeBoard(user, project.membership)) throw new NotFound(notFound);
    return { board, membership: project.membership };
  }

  const boardById = async (id: number) => (await db.select().from(boards).where(eq(boards.id, id)))[0];

  return {
    projectAccess,

    async board(user: AuthUser, id: number): Promise<Scope> {
      return scopeOf(user, await boardById(id), messages.boardNotFound);
    },

    async column(user: AuthUser, id: number) {
      const [column] = await db.select().from(columns).where(eq(columns.id, id));
      const scope = await scopeOf(user, column && (await boardById(column.boardId)), messages.columnNotFound);
      return { ...scope, column: column! };
    },

    async issue(user: AuthUser, id: number) {
      const [issue] = await db.select().from(issues).where(eq(issues.id, id));
      const scope = await scopeOf(user, issue && (await boardById(issue.boardId)), messages.issueNotFound);
      return { ...scope, issue: issue! };
    },

    async comment(user: AuthUser, id: number) {
      const [row] = await db
        .select({ comment: comments, issue: issues })
        .from(comments)
        .innerJoin(issues, eq(issues.id, comments.issueId))
        .where(eq(comments.id, id));
      const scope = await scopeOf(user, row && (await boardById(row.issue.boardId)), messages.commentNotFound);
      return { ...scope, comment: row!.comment, issue: row!.issue };
    },

    /** The caller's display name, read before a transaction (PGlite has one connection). */
    async nameOf(user: AuthUser): Promise<string> {
      const [row] = await db
        .select({ name: userDirectory.name })
        .from(userDirectory)
        .where(eq(userDirectory.id, Number(user.id)));
      return row?.name ?? 'Someone';
    },
  };
}
export type Access = ReturnType<typeof createAccess>;
