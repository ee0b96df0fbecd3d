import { and, asc, eq, sql } from 'drizzle-orm';
import {
  messages,
  type CommentChangedEvent,
  type CommentDto,
  type ReactionType,
  type Reactions,
} from '@trackboard/contracts';
import {
  Forbidden,
  Invalid,
  NotFound,
  userDirectory,
  type AuthUser,
  type Clock,
  type Db,
} from '@trackboard/server-kit';
import { comments, issues, reactions } from '../db/schema';
import { writable, type Access } from './access';
import { recordActivity, type BoardWrites } from './board-writes';
import { emptyReactions, toCommentTree } from './dto';
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
   * The issue's count written again from its comments (replies, and a deleted comment's replies,
   * included), under the board's lock: exact whatever else is added or deleted meanwhile.
   */
  async function recount(tx: Db, issueId: number) {
    const [row] = await tx
      .update(issues)
      .set({
        commentCount: sql`(select count(*)::int from ${comments} where ${comments.issueId} = ${issueId})`,
      })
      .where(eq(issues.id, issueId))
      .returning(answerFields);
    if (!row) throw new NotFound(messages.issueNotFound);
    return row;
  }

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
    const rows = await db
      .select({ comment: comments, authorName: userDirectory.name, authorAvatar: userDirectory.avatarUrl })
      .from(comments)
      .leftJoin(userDirectory, eq(userDirectory.id, comments.authorId))
      .where(only ? eq(comments.id, only) : eq(comments.issueId, issueId))
      .orderBy(asc(comments.createdAt), asc(comments.id));
    const reactionRows = await db
      .select({ commentId: reactions.commentId, userId: reactions.userId, type: reactions.type })
      .from(reactions)
      .innerJoin(comments, eq(comments.id, reactions.commentId))
      .where(only ? eq(comments.id, only) : eq(comments.issueId, issueId))
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
      const { issue, board } = await access.issue(user, issueId);
      const parentId = input.parentCommentId ?? null;
      let parentAuthorId: number | null = null;
      if (parentId) {
        const [parent] = await db
          .select({ issueId: comments.issueId, authorId: comments.authorId })
          .from(comments)
          .where(eq(comments.id, parentId));
        if (!parent || parent.issueId !== issue.id) throw new Invalid(messages.parentOnOtherIssue);
        parentAuthorId = parent.authorId;
      }
      const actor = await access.nameOf(user);
      const { result } = await withBoardWrite(board, originId, async (tx) => {
        const [row] = await tx
          .insert(comments)
          .values({ issueId: issue.id, parentId, authorId: Number(user.id), body: input.body })
          .returning({ id: comments.id });
        await recordActivity(tx, board, user.id, `${actor} commented on "${issue.title}"`, {
          issueId: issue.id,
          kind: 'commented',
        });
        const counted = await recount(tx, issue.id);
        return {
          result: { id: row!.id, commentCount: counted.commentCount },
          changed: [counted],
          events: [commentCreated(counted, user.id, { id: row!.id, parentId, parentAuthorId, body: input.body })],
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

    /** Its replies go with it (and out of the count). */
    async remove(user: AuthUser, commentId: number, originId?: string): Promise<void> {
      const { comment, issue, board, membership } = await access.comment(user, commentId);
      if (!canDeleteComment(user, comment.authorId, membership)) throw new Forbidden(messages.deleteCommentForbidden);
      const { result } = await withBoardWrite(board, originId, async (tx) => {
        await tx.delete(comments).where(eq(comments.id, comment.id));
        const counted = await recount(tx, issue.id);
        return { result: counted.commentCount, changed: [counted] };
      });
      told(issue, originId, result);
    },

    /** Toggles the caller's reaction of that type; answers the comment's reactions. */
    async react(user: AuthUser, commentId: number, type: ReactionType, originId?: string): Promise<Reactions> {
      const { comment, issue } = writable(await access.comment(user, commentId));
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
