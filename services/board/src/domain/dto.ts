import type { BoardDto, ColumnDto, CommentDto, IssueDto, Reactions } from '@trackboard/contracts';
import type { boards, columns, comments } from '../db/schema';

/**
 * The board's columns in order, each with its issues (`issues` in (column, rank, id) order,
 * positions set): each issue is sent once (a root list would repeat them all).
 */
export function toBoardDto(
  board: typeof boards.$inferSelect,
  extra: {
    projectKey: string;
    leadId: number | null;
    viewerIds: string[];
    viewersMayComment: boolean;
    columns: (typeof columns.$inferSelect)[];
    issues: IssueDto[];
    users: BoardDto['users'];
    labels: BoardDto['labels'];
    estimateScale: BoardDto['estimateScale'];
  },
): BoardDto {
  const byColumn = new Map<string, IssueDto[]>(extra.columns.map((c) => [String(c.id), []]));
  for (const issue of extra.issues) if (issue.columnId !== null) byColumn.get(issue.columnId)?.push(issue);
  const cols: ColumnDto[] = extra.columns.map((c) => ({
    id: String(c.id),
    name: c.name,
    position: c.position,
    wipLimit: c.wipLimit,
    issues: byColumn.get(String(c.id))!,
  }));
  return {
    id: String(board.id),
    name: board.name,
    projectId: String(board.projectId),
    projectKey: extra.projectKey,
    leadId: extra.leadId === null ? '' : String(extra.leadId),
    viewerIds: extra.viewerIds,
    viewersMayComment: extra.viewersMayComment,
    version: board.version,
    columns: cols,
    users: extra.users,
    labels: extra.labels,
    estimateScale: extra.estimateScale,
  };
}

export const emptyReactions = (): Reactions => ({ thumbsup: [], heart: [] });

export function toCommentTree(
  rows: (typeof comments.$inferSelect & { authorName: string | null; authorAvatar: string | null })[],
  reactionRows: { commentId: number; userId: number; type: string }[],
): CommentDto[] {
  const byId = new Map<number, CommentDto>();
  for (const row of rows) {
    byId.set(row.id, {
      id: String(row.id),
      issueId: String(row.issueId),
      parentCommentId: row.parentId === null ? null : String(row.parentId),
      author: { id: String(row.authorId), name: row.authorName ?? 'Unknown User', avatarUrl: row.authorAvatar },
      body: row.body,
      createdAt: row.createdAt.toISOString(),
      edited: row.edited,
      editedAt: row.editedAt?.toISOString() ?? null,
      reactions: emptyReactions(),
      replies: [],
    });
  }
  for (const r of reactionRows) byId.get(r.commentId)?.reactions[r.type as keyof Reactions]?.push(String(r.userId));
  const roots: CommentDto[] = [];
  for (const row of rows) {
    const dto = byId.get(row.id)!;
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    (parent ? parent.replies : roots).push(dto);
  }
  return roots;
}
