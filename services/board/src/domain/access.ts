import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { messages, type ProjectRole } from '@trackboard/contracts';
import {
  Conflict,
  Forbidden,
  NotFound,
  memberships,
  projectDirectory,
  userDirectory,
  type AuthUser,
  type Db,
} from '@trackboard/server-kit';
import { boards, columns, comments, issues, labels } from '../db/schema';
import { canComment, canEditIssues, canSeeBoard, type Membership } from './permissions';

type BoardRow = typeof boards.$inferSelect;
/** `archived`: the board's project is archived, so it is read-only. */
export type Scope = { board: BoardRow; membership: Membership; archived: boolean };

/**
 * Whether the project with this id is archived, as the project service publishes it: one
 * subquery for the access scopes here and for the board lock's statement (board-writes.ts).
 */
export const projectIsArchived = (db: Db, projectId: SQL | AnyPgColumn) =>
  sql<boolean>`exists (${db
    .select({ one: sql`1` })
    .from(projectDirectory)
    .where(and(eq(projectDirectory.id, projectId), eq(projectDirectory.archived, true)))})`;

/**
 * A change to a board or its issues by the caller: a viewer is refused (403), and so is anyone
 * while the project is archived (409, writable). Comments have their own rule (canComment).
 */
export function editable<S extends { archived: boolean; membership: Membership }>(user: AuthUser, scope: S): S {
  if (!canEditIssues(user, scope.membership)) throw new Forbidden(messages.viewerReadOnly);
  return writable(scope);
}

/**
 * An archived project's boards, columns, issues and comments refuse every write with
 * 409. Writes through withBoardWrite are refused under the board's lock (board-writes.ts); the
 * few that are not (a move, a comment's edit or reaction, a board's creation or deletion) call this.
 */
export function writable<S extends { archived: boolean }>(scope: S): S {
  if (scope.archived) throw new Conflict(messages.projectArchived);
  return scope;
}

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
  async function projectAccess(
    user: AuthUser,
    projectId: number,
  ): Promise<{ membership: Membership; archived: boolean } | null> {
    const rows = await db
      .select({
        userId: memberships.userId,
        isLead: memberships.isLead,
        isViewer: memberships.isViewer,
        archived: projectIsArchived(db, memberships.projectId),
      })
      .from(memberships)
      .where(
        and(
          eq(memberships.projectId, projectId),
          or(eq(memberships.userId, Number(user.id)), eq(memberships.isLead, true)),
        ),
      );
    if (!rows.some((r) => r.isLead)) return null;
    const own = rows.find((r) => r.userId === Number(user.id));
    return { membership: own ? { isLead: own.isLead, isViewer: own.isViewer } : null, archived: rows[0]!.archived };
  }

  /**
   * The caller's view of a board's project, read in the same statement as what a request is
   * about (one round trip instead of three): their own role in it (lead, member, viewer; null
   * for none) and whether the project still has its lead (see projectAccess).
   */
  const userId = sql.placeholder('userId');
  const member = and(eq(memberships.projectId, boards.projectId), eq(memberships.userId, userId));
  const lead = and(eq(memberships.projectId, boards.projectId), eq(memberships.isLead, true));
  const projectOf = {
    board: boards,
    ownRole: sql<ProjectRole | null>`(${db
      .select({
        role: sql`case when ${memberships.isLead} then 'lead' when ${memberships.isViewer} then 'viewer' else 'member' end`,
      })
      .from(memberships)
      .where(member)})`,
    hasLead: sql<boolean>`exists (${db
      .select({ one: sql`1` })
      .from(memberships)
      .where(lead)})`,
    archived: projectIsArchived(db, boards.projectId),
  };
  const id = sql.placeholder('id');
  /** A deleted issue (and what is on it) answers like one that does not exist, until it is restored. */
  const liveIssue = isNull(issues.deletedAt);
  // Prepared once: every request starts here, and building these statements cost more than running them.
  const scopes = {
    board: db.select(projectOf).from(boards).where(eq(boards.id, id)).prepare('board_scope_board'),
    column: db
      .select({ column: columns, ...projectOf })
      .from(columns)
      .innerJoin(boards, eq(boards.id, columns.boardId))
      .where(eq(columns.id, id))
      .prepare('board_scope_column'),
    issue: db
      .select({ issue: issues, ...projectOf })
      .from(issues)
      .innerJoin(boards, eq(boards.id, issues.boardId))
      .where(and(eq(issues.id, id), liveIssue))
      .prepare('board_scope_issue'),
    comment: db
      .select({ comment: comments, issue: issues, ...projectOf })
      .from(comments)
      .innerJoin(issues, eq(issues.id, comments.issueId))
      .innerJoin(boards, eq(boards.id, issues.boardId))
      .where(and(eq(comments.id, id), isNull(comments.deletedAt), liveIssue))
      .prepare('board_scope_comment'),
    // Deleted or not (a restore): a purged one is gone, so these answer 404 for it.
    anyIssue: db
      .select({ issue: issues, ...projectOf })
      .from(issues)
      .innerJoin(boards, eq(boards.id, issues.boardId))
      .where(eq(issues.id, id))
      .prepare('board_scope_any_issue'),
    anyComment: db
      .select({ comment: comments, issue: issues, ...projectOf })
      .from(comments)
      .innerJoin(issues, eq(issues.id, comments.issueId))
      .innerJoin(boards, eq(boards.id, issues.boardId))
      .where(and(eq(comments.id, id), liveIssue))
      .prepare('board_scope_any_comment'),
    label: db
      .select({ label: labels, ...projectOf })
      .from(labels)
      .innerJoin(boards, eq(boards.id, labels.boardId))
      .where(eq(labels.id, id))
      .prepare('board_scope_label'),
    issueByKey: db
      .select({ issue: issues, ...projectOf })
      .from(issues)
      .innerJoin(boards, eq(boards.id, issues.boardId))
      .where(and(eq(issues.key, sql.placeholder('key')), liveIssue))
      .prepare('board_scope_issue_by_key'),
  };
  const params = (user: AuthUser, id: number) => ({ id, userId: Number(user.id) });

  function scopeOf(
    user: AuthUser,
    row: { board: BoardRow; ownRole: ProjectRole | null; hasLead: boolean; archived: boolean } | undefined,
    notFound: string,
  ): Scope {
    const membership = !row?.ownRole ? null : { isLead: row.ownRole === 'lead', isViewer: row.ownRole === 'viewer' };
    if (!row || !row.hasLead || !canSeeBoard(user, membership)) throw new NotFound(notFound);
    return { board: row.board, membership, archived: row.archived };
  }

  /**
   * A comment or a reaction by the caller: whoever edits issues, and a viewer where the project
   * lets viewers comment (read only then: a viewer's comment is rare, an editor's the usual).
   */
  async function commentable<S extends Scope>(user: AuthUser, scope: S): Promise<S> {
    if (scope.membership?.isViewer) {
      const [project] = await db
        .select({ viewersMayComment: projectDirectory.viewersMayComment })
        .from(projectDirectory)
        .where(eq(projectDirectory.id, scope.board.projectId));
      if (!canComment(user, scope.membership, project?.viewersMayComment ?? false))
        throw new Forbidden(messages.viewerCannotComment);
    }
    return writable(scope);
  }

  return {
    projectAccess,
    commentable,

    /**
     * A project by its key, as the caller may see it (members and admins; anyone else gets 404,
     * as for a project that does not exist), with the caller's membership.
     */
    async projectByKey(user: AuthUser, key: string) {
      const [project] = await db
        .select({ id: projectDirectory.id, key: projectDirectory.key, archived: projectDirectory.archived })
        .from(projectDirectory)
        .where(eq(projectDirectory.key, key.toUpperCase()));
      const seen = project && (await projectAccess(user, project.id));
      if (!seen || !canSeeBoard(user, seen.membership)) throw new NotFound(messages.projectNotFound);
      return { ...project, membership: seen.membership };
    },

    async board(user: AuthUser, id: number): Promise<Scope> {
      const [row] = await scopes.board.execute(params(user, id));
      return scopeOf(user, row, messages.boardNotFound);
    },

    async column(user: AuthUser, id: number) {
      const [row] = await scopes.column.execute(params(user, id));
      return { ...scopeOf(user, row, messages.columnNotFound), column: row!.column };
    },

    async issue(user: AuthUser, id: number) {
      const [row] = await scopes.issue.execute(params(user, id));
      return { ...scopeOf(user, row, messages.issueNotFound), issue: row!.issue };
    },

    /** An issue by its key (upper case, as keys are stored). */
    async issueByKey(user: AuthUser, key: string) {
      const [row] = await scopes.issueByKey.execute({ key, userId: Number(user.id) });
      return { ...scopeOf(user, row, messages.issueNotFound), issue: row!.issue };
    },

    async label(user: AuthUser, id: number) {
      const [row] = await scopes.label.execute(params(user, id));
      return { ...scopeOf(user, row, messages.labelNotFound), label: row!.label };
    },

    async comment(user: AuthUser, id: number) {
      const [row] = await scopes.comment.execute(params(user, id));
      return { ...scopeOf(user, row, messages.commentNotFound), comment: row!.comment, issue: row!.issue };
    },

    /** `issue`, deleted or not: what a restore is about. */
    async anyIssue(user: AuthUser, id: number) {
      const [row] = await scopes.anyIssue.execute(params(user, id));
      return { ...scopeOf(user, row, messages.issueNotFound), issue: row!.issue };
    },

    /** `comment`, deleted or not, on an issue that is not deleted: what a restore is about. */
    async anyComment(user: AuthUser, id: number) {
      const [row] = await scopes.anyComment.execute(params(user, id));
      return { ...scopeOf(user, row, messages.commentNotFound), comment: row!.comment, issue: row!.issue };
    },

    /**
     * `issue` with more read in the same statement (prepared once as `name`): for a request
     * that needs more than the issue's scope at once (a move: its destination and gap).
     * `extra`'s placeholders are filled from `values`.
     */
    issueWith<Extra extends Record<string, SQL>>(name: string, extra: Extra) {
      const statement = db
        .select({ issue: issues, ...projectOf, extra })
        .from(issues)
        .innerJoin(boards, eq(boards.id, issues.boardId))
        .where(and(eq(issues.id, id), liveIssue))
        .prepare(name);
      return async (user: AuthUser, issueId: number, values: Record<string, unknown>) => {
        const [row] = await statement.execute({ ...values, ...params(user, issueId) });
        return { ...scopeOf(user, row, messages.issueNotFound), issue: row!.issue, extra: row!.extra };
      };
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
