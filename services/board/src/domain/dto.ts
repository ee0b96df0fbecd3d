import type { BoardDto, ColumnDto, CommentDto, IssueDto, Reactions } from '@trackboard/contracts';
import type { IssueStatus } from '@trackboard/contracts';
import type { boards, columns, comments, issues } from '../db/schema';

type IssueRow = typeof issues.$inferSelect;

export const toIssueDto = (row: IssueRow, position: number): IssueDto => ({
  id: String(row.id),
  boardId: String(row.boardId),
  projectId: String(row.projectId),
  columnId: row.columnId === null ? null : String(row.columnId),
  title: row.title,
  description: row.description,
  status: row.status as IssueStatus,
  position,
  rank: row.rank,
  type: row.type as IssueDto['type'],
  priority: row.priority as IssueDto['priority'],
  reporterId: String(row.reporterId),
  owner: row.owner,
  relatedCode: row.relatedCode,
  links: row.links,
  instructions: row.instructions,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  comments: [],
});

/** Rows sorted by (column, rank, id) → DTOs whose position is their index within the column. */
export function withPositions(rows: IssueRow[]): IssueDto[] {
  const seen = new Map<number | null, number>();
  return rows.map((row) => {
    const position = seen.get(row.columnId) ?? 0;
    seen.set(row.columnId, position + 1);
    return toIssueDto(row, position);
  });
}

export function toBoardDto(
  board: typeof boards.$inferSelect,
  extra: {
    projectKey: string;
    leadId: number | null;
    columns: (typeof columns.$inferSelect)[];
    issues: IssueDto[];
    users: BoardDto['users'];
  },
): BoardDto {
  const cols: ColumnDto[] = extra.columns.map((c) => ({
    id: String(c.id),
    name: c.name,
    position: c.position,
    issues: extra.issues.filter((i) => i.columnId === String(c.id)),
  }));
  return {
    id: String(board.id),
    name: board.name,
    projectId: String(board.projectId),
    projectKey: extra.projectKey,
    leadId: extra.leadId === null ? '' : String(extra.leadId),
    version: board.version,
    columns: cols,
    issues: extra.issues,
    users: extra.users,
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
