import { COMMENT_BODY_MAX_LENGTH, truncateText } from '@trackboard/contracts';
import type { Db } from '@trackboard/server-kit';
import { comments, reactions } from '../../db/schema';
import { originalByline } from './byline';
import { batches, importerTest, letOthersIn, type ImportTarget } from './import-batches';
import type { WrittenIssue } from './import-issues';
import type { PlannedComment, PlannedIssue } from './import-plan';

/** Someone else's comment as the importer writes it: a quoted line with who and when, then the text. */
function quoted(comment: PlannedComment, isMe: (email: string | null) => boolean): string {
  const line = `> ${originalByline(comment, isMe)}\n\n`;
  return line + truncateText(comment.body, COMMENT_BODY_MAX_LENGTH - line.length, { ellipsis: '…' });
}

/**
 * Every comment and reply as the importer's, and the importer's own reactions (others' are counted
 * in the quoted line). Comments go first, then replies under their parents' new ids: RETURNING
 * hands rows back in the order of the VALUES list for a plain multi-row INSERT, which pairs each
 * id with its comment.
 */
export async function writeComments(
  db: Db,
  target: ImportTarget,
  issueRows: WrittenIssue[],
  issueId: Map<PlannedIssue, number>,
) {
  const isMe = importerTest(target);
  const commentRow = (issue: number, comment: PlannedComment, parentId: number | null) => ({
    issueId: issue,
    parentId,
    authorId: target.userId,
    body: isMe(comment.author) ? comment.body : quoted(comment, isMe),
    edited: isMe(comment.author) && comment.editedAt !== null,
    editedAt: isMe(comment.author) && comment.editedAt ? new Date(comment.editedAt) : null,
    ...(comment.createdAt && { createdAt: new Date(comment.createdAt) }),
  });
  const reactionRows: (typeof reactions.$inferInsert)[] = [];
  const addReactions = (commentId: number, comment: PlannedComment) => {
    for (const type of ['thumbsup', 'heart'] as const)
      if (comment.reactions[type].some(isMe)) reactionRows.push({ commentId, userId: target.userId, type });
  };
  const parents = issueRows.flatMap(({ issue }) => issue.comments.map((comment) => ({ issue, comment })));
  const replies: { issue: PlannedIssue; comment: PlannedComment; parentId: number }[] = [];
  for (const part of batches(parents)) {
    await letOthersIn();
    const ids = await db
      .insert(comments)
      .values(part.map((p) => commentRow(issueId.get(p.issue)!, p.comment, null)))
      .returning({ id: comments.id });
    part.forEach((p, i) => {
      addReactions(ids[i]!.id, p.comment);
      for (const reply of p.comment.replies) replies.push({ issue: p.issue, comment: reply, parentId: ids[i]!.id });
    });
  }
  for (const part of batches(replies)) {
    await letOthersIn();
    const ids = await db
      .insert(comments)
      .values(part.map((p) => commentRow(issueId.get(p.issue)!, p.comment, p.parentId)))
      .returning({ id: comments.id });
    part.forEach((p, i) => addReactions(ids[i]!.id, p.comment));
  }
  for (const part of batches(reactionRows)) await db.insert(reactions).values(part).onConflictDoNothing();
}
