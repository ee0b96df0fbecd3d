import { z } from 'zod';
import type { IssueStatus } from './column-status';
import { Id } from './ids';
import { messages } from './messages';
import { lineText, multiLineText } from './text';

// Boards, columns, issues and comments (spec §3, §7.4; blueprint §3–§4).

export const reactionTypes = ['thumbsup', 'heart'] as const;
export type ReactionType = (typeof reactionTypes)[number];
export const issueTypes = ['TASK', 'BUG', 'STORY', 'EPIC'] as const;
export const issuePriorities = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;

export type BoardUser = { id: string; name: string; email: string; avatarUrl: string | null };

export type IssueDto = {
  id: string;
  boardId: string;
  projectId: string;
  columnId: string | null;
  title: string;
  description: string;
  status: IssueStatus;
  /** Index within the column (0..n-1), computed on read from the rank. */
  position: number;
  /** The fractional order key: issues sort by (rank, id) within a column. */
  rank: string;
  type: (typeof issueTypes)[number];
  priority: (typeof issuePriorities)[number];
  reporterId: string;
  owner: string;
  relatedCode: string;
  links: string[];
  instructions: string;
  /** Per-issue edit counter: PATCH sends the one it saw; an older one gets 409. */
  version: number;
  createdAt: string;
  updatedAt: string;
  comments: CommentDto[];
};

export type ColumnDto = { id: string; name: string; position: number; issues: IssueDto[] };

export type BoardDto = {
  id: string;
  name: string;
  projectId: string;
  projectKey: string;
  leadId: string;
  /** Bumped with every change to the board's columns and issues. */
  version: number;
  /** In order, each with its issues in order: every issue of the board, once. */
  columns: ColumnDto[];
  users: BoardUser[];
};

export type Reactions = Record<ReactionType, string[]>;
export type CommentDto = {
  id: string;
  issueId: string;
  parentCommentId: string | null;
  author: { id: string; name: string; avatarUrl: string | null };
  body: string;
  createdAt: string;
  edited: boolean;
  editedAt: string | null;
  reactions: Reactions;
  replies: CommentDto[];
};

/**
 * PUT /issues/:id/position: the issues the move changed (the moved one, and a column's others
 * when its keys were spread out again), as of `version`, the board version the move made.
 */
export type MoveResult = { issues: IssueDto[]; version: number };

/**
 * POST /issues and PATCH /issues/:id answer the issue, plus where the change stands in the
 * board's history, so a client applies it like a board_updated delta: `boardVersion` is the
 * version the change made, `rebalanced` the column's other issues when it re-keyed them.
 */
export type IssueWriteResult = IssueDto & { boardVersion: number; rebalanced: IssueDto[] };

/** The issue fields the dialog edits (spec §2.12); a new column moves the issue there. */
export type IssueFieldChanges = {
  title?: string;
  description?: string;
  owner?: string;
  relatedCode?: string;
  links?: string[];
  instructions?: string;
  columnId?: string;
};

const Title = lineText({ error: 'is required' }).trim().min(1, 'is required').max(300, 'is too long');
const LongText = multiLineText().max(20000, 'is too long');
/** Spec §2.12: links are one per line; the API takes a list (or the lines) and keeps non-blank ones. */
const Links = z
  .union([z.array(lineText().max(2000, 'is too long')), multiLineText().max(100000, 'is too long')])
  .transform((v) => (Array.isArray(v) ? v : v.split('\n')).map((l) => l.trim()).filter(Boolean))
  .pipe(z.array(lineText()).max(100, 'has too many links'));
/** Spec §7.4: the owner may come as a connect-by-id (`{ connect: { id } }`) or as text. */
const Owner = z.union([
  lineText().max(200, 'is too long'),
  z.object({ connect: z.object({ id: Id }) }).transform((o) => String(o.connect.id)),
]);

export const CreateIssueRequest = z.object({
  projectId: Id,
  columnId: Id,
  title: Title,
  description: LongText.optional(),
  /** Ignored: the reporter is whoever is asking. */
  reporterId: z.unknown().optional(),
  /** Ignored: the status follows the column (spec §4.6). */
  status: z.unknown().optional(),
  position: z.number().int('must be a whole number').min(0, 'must not be negative').optional(),
  type: z.enum(issueTypes).optional(),
  priority: z.enum(issuePriorities).optional(),
  owner: Owner.optional(),
});
export type CreateIssueRequest = z.infer<typeof CreateIssueRequest>;

export const UpdateIssueRequest = z
  .object({
    title: Title.optional(),
    description: LongText.optional(),
    owner: Owner.optional(),
    relatedCode: LongText.optional(),
    links: Links.optional(),
    instructions: LongText.optional(),
    columnId: Id.optional(),
    /** Ignored unless it comes with columnId: the status follows the column. */
    status: z.unknown().optional(),
    type: z.enum(issueTypes).optional(),
    priority: z.enum(issuePriorities).optional(),
    version: z.number().int().min(0).optional(),
  })
  .strict()
  .refine((u) => Object.keys(u).some((k) => k !== 'version' && k !== 'status'), { message: messages.noChanges });
export type UpdateIssueRequest = z.infer<typeof UpdateIssueRequest>;

export const MoveIssueRequest = z.object({
  sourceColumnId: Id,
  destinationColumnId: Id,
  position: z.number({ error: 'is required' }).int('must be a whole number').min(0, 'must not be negative'),
  boardId: Id,
});
export type MoveIssueRequest = z.infer<typeof MoveIssueRequest>;

const BoardName = lineText({ error: 'is required' }).trim().min(1, 'is required').max(200, 'is too long');
const ColumnName = lineText({ error: 'is required' }).trim().min(1, 'is required').max(100, 'is too long');
/** POST /projects/:id/boards: a board with its columns (a new project's first board names them). */
export const CreateBoardRequest = z
  .object({ name: BoardName, columns: z.array(ColumnName).max(20, 'has too many columns').optional() })
  .strict();
export const RenameBoardRequest = z.object({ name: BoardName }).strict();

export const CreateColumnRequest = z
  .object({ name: ColumnName, position: z.number().int().min(0).optional() })
  .strict();
export const UpdateColumnRequest = z
  .object({ name: ColumnName.optional(), position: z.number().int().min(0).optional() })
  .strict()
  .refine((u) => u.name !== undefined || u.position !== undefined, { message: messages.noChanges });
/** DELETE /columns/:id: where the column's issues go, when it has any. */
export const DeleteColumnQuery = z.object({ targetColumnId: Id.optional() });

const CommentBody = multiLineText({ error: 'is required' }).trim().min(1, 'is required').max(10000, 'is too long');
export const CreateCommentRequest = z.object({ body: CommentBody, parentCommentId: Id.nullable().optional() });
export const UpdateCommentRequest = z.object({ body: CommentBody });
export const ReactionRequest = z.object({ type: z.enum(reactionTypes) });
