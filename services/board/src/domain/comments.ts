import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  messages,
  type CommentChangedEvent,
  type CommentDto,
  type ReactionType,
  type Reactions,
} from '@trackboard/contracts';
import {
  Conflict,
  Forbidden,
  Invalid,
  NotFound,
  queryRows,
  userDirectory,
  type AuthUser,
  type Clock,
  type Db,
} from '@trackboard/server-kit';
import { comments, issues, reactions } from '../db/schema';
import { writable, type Access } from './access';
import { recordActivity, type BoardWrites } from './board-writes';
import { emptyReactions, toCommentTree } from './dto';
import { eventDetailsOf } from './issue-details';
import { commentCreated } from './issue-events';
import { issueDtoFields, positionBelow } from './issue-dto';
import { canDeleteComment, canEditComment } from './permissions';

export type EmitCommentChanged = (event: CommentChangedEvent) => void;

/**
 * Spec §2.13, §6: anyone who can see the board comments, replies and reacts. Every change is
 * told to the board room (comment_changed), so an open dialog reloads its comments; adding or
 * deleting one is a board write too, as it changes the issue's commentCount.
 */
export function createComments(
  db: Db,
  access: Access,
  { withBoardWrite }: BoardWrites,
  clock: Clock,
  emitCommentChanged: EmitCommentChanged,
) {
  const answerFields = issueDtoFields(issues, positionBelow());

  /**
   * The issue's count written again from its comments (replies included, deleted ones not), under
   * the board's lock: exact whatever else is added, deleted or restored meanwhile.
   */
  async function recount(tx: Db, issueId: number) {
    const [row] = await tx
      .update(issues)
      .set({
        commentCount: sql`(select count(*)::int from ${comments}
          where ${comments.issueId} = ${issueId} and ${comments.deletedAt} is null)`,
      })
      .where(eq(issues.id, issueId))
      .returning(answerFields);
    if (!row) throw new NotFound(messages.issueNotFound);
    return row;
  }

  /**
   * `with thread(id)`: the comment and the replies under it, at any depth; without `deletedToo`,
   * not through replies deleted already (those went earlier, with what they had under them).
   */
  const threadOf = (commentId: number, { deletedToo }: { deletedToo: boolean }) =>
    sql`with recursive thread as (
      select ${comments.id} as id from ${comments} where ${comments.id} = ${commentId}
      union all
      select c.id from ${comments} c join thread on c.parent_id = thread.id
      ${deletedToo ? sql`` : sql`where c.deleted_at is null`}
    )`;

  const told = (
    issue: { id: number; boardId: number; commentCount: number },
    originId: string | undefined,
    commentCount = issue.commentCount,
  ) =>
    emitCommentChanged({
      boardId: String(issue.boardId),
      issueId: String(issue.id),
      commentCount,
      ...(originId && { originId }),
    });
  async function commentsOf(issueId: number, only?: number): Promise<CommentDto[]> {
    // A deleted comment's replies are deleted with it (remove), so the rest is a whole tree.
    const shown = and(only ? eq(comments.id, only) : eq(comments.issueId, issueId), isNull(comments.deletedAt));
    const rows = await db
      .select({ comment: comments, authorName: userDirectory.name, authorAvatar: userDirectory.avatarUrl })
      .from(comments)
      .leftJoin(userDirectory, eq(userDirectory.id, comments.authorId))
      .where(shown)
      .orderBy(asc(comments.createdAt), asc(comments.id));
    const reactionRows = await db
      .select({ commentId: reactions.commentId, userId: reactions.userId, type: reactions.type })
      .from(reactions)
      .innerJoin(comments, eq(comments.id, reactions.commentId))
      .where(shown)
      .orderBy(asc(reactions.userId));
    return toCommentTree(
      rows.map((r) => ({ ...r.comment, authorName: r.authorName, authorAvatar: r.authorAvatar })),
      reactionRows,
    );
  }

  /** One comment as the client shows it (replies load with the issue's tree). */
  const single = async (id: number) => (await commentsOf(0, id))[0]!;

  async function reactionsOf(commentId: number): Promise<Reactions> {
    const rows = await db
      .select()
      .from(reactions)
      .where(eq(reactions.commentId, commentId))
      .orderBy(asc(reactions.userId));
    const result = emptyReactions();
    for (const r of rows) result[r.type as ReactionType]?.push(String(r.userId));
    return result;
  }

  return {
    async list(user: AuthUser, issueId: number): Promise<CommentDto[]> {
      const { issue } = await access.issue(user, issueId);
      return commentsOf(issue.id);
    },

    async add(
      user: AuthUser,
      issueId: number,
      input: { body: string; parentCommentId?: number | null },
      originId?: string,
    ): Promise<CommentDto> {
      const { issue, board } = await access.commentable(user, await access.issue(user, issueId));
      const parentId = input.parentCommentId ?? null;
      let parentAuthorId: number | null = null;
      if (parentId) {
        const [parent] = await db
          .select({ issueId: comments.issueId, authorId: comments.authorId })
          .from(comments)
          .where(and(eq(comments.id, parentId), isNull(comments.deletedAt)));
        if (!parent || parent.issueId !== issue.id) throw new Invalid(messages.parentOnOtherIssue);
        parentAuthorId = parent.authorId;
      }
      const actor = await access.nameOf(user);
      const { result } = await withBoardWrite(board, originId, async (tx) => {
        const [row] = await tx
          .insert(comments)
          .values({ issueId: issue.id, parentId, authorId: Number(user.id), body: input.body })
          .returning({ id: comments.id, createdAt: comments.createdAt });
        await recordActivity(tx, board, user.id, `${actor} commented on "${issue.title}"`, {
          issueId: issue.id,
          kind: 'commented',
        });
        const counted = await recount(tx, issue.id);
        const details = await eventDetailsOf(tx, issue.id, user.id);
        return {
          result: { id: row!.id, commentCount: counted.commentCount },
          changed: [counted],
          events: [
            commentCreated(
              counted,
              user.id,
              { id: row!.id, parentId, parentAuthorId, body: input.body, createdAt: row!.createdAt },
              details,
            ),
          ],
        };
      });
      told(issue, originId, result.commentCount);
      return single(result.id);
    },

    async edit(user: AuthUser, commentId: number, body: string, originId?: string): Promise<CommentDto> {
      const { comment, issue } = writable(await access.comment(user, commentId));
      if (!canEditComment(user, comment.authorId)) throw new Forbidden(messages.editCommentForbidden);
      await db.update(comments).set({ body, edited: true, editedAt: clock.now() }).where(eq(comments.id, comment.id));
      told(issue, originId);
      return single(comment.id);
    },

    /**
     * A delete that can be undone: the comment and its replies leave the thread and the count, all
     * stamped with one time, so its restore brings back exactly those; purged later (deletions.ts).
     */
    async remove(user: AuthUser, commentId: number, originId?: string): Promise<void> {
      const { comment, issue, board, membership } = await access.comment(user, commentId);
      if (!canDeleteComment(user, comment.authorId, membership)) throw new Forbidden(messages.deleteCommentForbidden);
      const { result } = await withBoardWrite(board, originId, async (tx) => {
        await tx.execute(sql`${threadOf(comment.id, { deletedToo: false })}
          update ${comments} set deleted_at = ${clock.now().toISOString()}::timestamptz
          where ${comments.id} in (select id from thread) and ${comments.deletedAt} is null`);
        const counted = await recount(tx, issue.id);
        return { result: counted.commentCount, changed: [counted] };
      });
      told(issue, originId, result);
    },

    /**
     * POST /comments/:id/restore, by whoever may delete it: the comment and the replies deleted
     * with it, back in the thread and the count. 404 once purged (or its issue deleted), 409 when
     * it is not deleted or the comment it replies to still is.
     */
    async restore(user: AuthUser, commentId: number, originId?: string): Promise<CommentDto> {
      const { comment, issue, board, membership } = writable(await access.anyComment(user, commentId));
      if (!canDeleteComment(user, comment.authorId, membership)) throw new Forbidden(messages.restoreCommentForbidden);
      if (!comment.deletedAt) throw new Conflict(messages.commentNotDeleted);
      const { result } = await withBoardWrite(board, originId, async (tx) => {
        const [state] = await queryRows<{ deleted: boolean; parentDeleted: boolean }>(
          tx,
          sql`select c.deleted_at is not null as deleted,
              coalesce((select p.deleted_at is not null from ${comments} p where p.id = c.parent_id), false)
                as "parentDeleted"
            from ${comments} c where c.id = ${comment.id} for update of c`,
        );
        if (!state) throw new NotFound(messages.commentNotFound); // purged meanwhile
        if (!state.deleted) throw new Conflict(messages.commentNotDeleted);
        if (state.parentDeleted) throw new Conflict(messages.restoreParentFirst);
        await tx.execute(sql`${threadOf(comment.id, { deletedToo: true })}
          update ${comments} set deleted_at = null
          where ${comments.id} in (select id from thread)
            and ${comments.deletedAt} = (select o.deleted_at from ${comments} o where o.id = ${comment.id})`);
        const counted = await recount(tx, issue.id);
        return { result: counted.commentCount, changed: [counted] };
      });
      told(issue, originId, result);
      return single(comment.id);
    },

    /** Toggles the caller's reaction of that type; answers the comment's reactions. */
    async react(user: AuthUser, commentId: number, type: ReactionType, originId?: string): Promise<Reactions> {
      const { comment, issue } = await access.commentable(user, await access.comment(user, commentId));
      const mine = and(
        eq(reactions.commentId, comment.id),
        eq(reactions.userId, Number(user.id)),
        eq(reactions.type, type),
      );
      const removed = await db.delete(reactions).where(mine).returning();
      if (removed.length === 0)
        await db
          .insert(reactions)
          .values({ commentId: comment.id, userId: Number(user.id), type })
          .onConflictDoNothing();
      told(issue, originId);
      return reactionsOf(comment.id);
    },
  };
}
export type Comments = ReturnType<typeof createComments>;
