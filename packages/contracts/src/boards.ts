import { z } from 'zod';
import { COLUMN_NAME_MAX_LENGTH, issueStatuses, WIP_LIMIT_MAX } from './column-status';
import { Id } from './ids';
import { messages } from './messages';
import { BOARD_NAME_MAX_LENGTH, COMMENT_BODY_MAX_LENGTH, ISSUE_TEXT_MAX_LENGTH, ISSUE_TITLE_MAX_LENGTH } from './rules';
import { estimateScales } from './estimates';
import { issuePriorities, issueTypes, labelColors, reactionTypes } from './issue-rules';
import { lineText, multiLineText } from './text';

// Boards, columns, issues and comments.

export const BoardUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
});
export type BoardUser = z.infer<typeof BoardUser>;
/** A board's label; names are unique per board, case-insensitively. */
export const LabelDto = z.object({ id: z.string(), boardId: z.string(), name: z.string(), color: z.enum(labelColors) });
export type LabelDto = z.infer<typeof LabelDto>;
/** GET /boards/:id/labels: each label with how many of its board's issues carry it (the board settings). */
export const LabelUsageDto = LabelDto.extend({ issueCount: z.number().int().nonnegative() });
export type LabelUsageDto = z.infer<typeof LabelUsageDto>;

export const Reactions = z.record(z.enum(reactionTypes), z.array(z.string()));
export type Reactions = z.infer<typeof Reactions>;
const CommentFields = z.object({
  id: z.string(),
  issueId: z.string(),
  parentCommentId: z.string().nullable(),
  author: z.object({ id: z.string(), name: z.string(), avatarUrl: z.string().nullable() }),
  body: z.string(),
  createdAt: z.string(),
  edited: z.boolean(),
  editedAt: z.string().nullable(),
  reactions: Reactions,
});
export type CommentDto = z.infer<typeof CommentFields> & { replies: CommentDto[] };
/** A comment with its replies (replies of replies, when there are any). */
export const CommentDto: z.ZodType<CommentDto> = CommentFields.extend({
  get replies() {
    return z.array(CommentDto);
  },
}).meta({ id: 'Comment' });

export const IssueDto = z.object({
  id: z.string(),
  boardId: z.string(),
  projectId: z.string(),
  /** Per project, from 1, given at creation and never reused. */
  number: z.number().int(),
  /** `{PROJECT_KEY}-{number}`, e.g. `WEB-12`. */
  key: z.string(),
  columnId: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  status: z.enum(issueStatuses),
  /** Index within the column (0..n-1), computed on read from the rank. */
  position: z.number().int(),
  /** The fractional order key: issues sort by (rank, id) within a column. */
  rank: z.string(),
  type: z.enum(issueTypes),
  priority: z.enum(issuePriorities),
  reporterId: z.string(),
  /** The assigned project member, or null. */
  assigneeId: z.string().nullable(),
  /** The assignee's display name ('' when unassigned): the spec's Owner field. */
  owner: z.string(),
  /** Ids of this board's labels, in the board's label order. */
  labelIds: z.array(z.string()),
  /** `YYYY-MM-DD`, or null. */
  dueDate: z.string().nullable(),
  /** One of the project's scale's values (estimates.ts: sizes are stored as points), or null. */
  estimate: z.number().int().nullable(),
  /** How many comments (replies included) the issue has. */
  commentCount: z.number().int(),
  /**
   * The description's task list items (`- [ ]`, `- [x]`): how many are done, of how many. Only
   * when it has any, so a board of issues without tasks carries nothing more.
   */
  tasks: z.object({ done: z.number().int(), total: z.number().int() }).optional(),
  /** How many files are attached. */
  attachmentCount: z.number().int(),
  /** The image attachment the card shows, or null. */
  coverAttachmentId: z.string().nullable(),
  /** The issue this is a sub-issue of, or null. */
  parentId: z.string().nullable(),
  /** The cycle (time box) of its project it is planned in, or null. */
  cycleId: z.string().nullable(),
  /** Its sub-issues (deleted ones not counted), and how many of them are finished (Done or Closed). */
  subIssueCount: z.number().int(),
  subIssuesDone: z.number().int(),
  /** Blocked by an issue that is not finished yet. */
  blocked: z.boolean(),
  relatedCode: z.string(),
  links: z.array(z.string()),
  instructions: z.string(),
  /** Per-issue edit counter: PATCH sends the one its edit began from (see UpdateIssueRequest.base). */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  comments: z.array(CommentDto),
});
export type IssueDto = z.infer<typeof IssueDto>;

export const ColumnDto = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number().int(),
  /** The work-in-progress limit: a whole number from 1, or null for none. */
  wipLimit: z.number().int().nullable(),
  issues: z.array(IssueDto),
});
export type ColumnDto = z.infer<typeof ColumnDto>;

export const BoardDto = z.object({
  id: z.string(),
  name: z.string(),
  projectId: z.string(),
  projectKey: z.string(),
  leadId: z.string(),
  /** The project's viewers (of `users`): they read the board and change nothing. */
  viewerIds: z.array(z.string()),
  /** Whether the project's viewers may comment. */
  viewersMayComment: z.boolean(),
  /** Bumped with every change to the board's columns and issues. */
  version: z.number().int(),
  /** In order, each with its issues in order: every issue of the board, once. */
  columns: z.array(ColumnDto),
  users: z.array(BoardUser),
  /** The board's labels, by name. */
  labels: z.array(LabelDto),
  /** Its project's estimate scale: 'none' and the board shows no estimates. */
  estimateScale: z.enum(estimateScales),
});
export type BoardDto = z.infer<typeof BoardDto>;

/** The issue fields whose changes the history records. */
export const historyFields = [
  'title',
  'description',
  'assignee',
  'labels',
  'dueDate',
  'priority',
  'type',
  'status',
  /** Shown as the project's scale showed it then ("3", "M"). */
  'estimate',
  /** A file attached (`to`, its name) or removed (`from`). */
  'attachments',
  /** Put in a cycle or taken out of one, by a person or when its cycle ended unfinished (cycle names). */
  'cycle',
  /** The card's cover image: the attachment's file name. */
  'cover',
  /** The issue it is a sub-issue of: its key. */
  'parent',
  /** A link made (`to`) or removed (`from`), as it reads: "blocks WEB-3". */
  'relations',
] as const;
export type HistoryField = (typeof historyFields)[number];
/** What a history row tells: a task ticked or unticked carries the task's words as `to`. */
export const historyKinds = ['created', 'updated', 'moved', 'commented', 'ticked', 'unticked'] as const;
export type HistoryKind = (typeof historyKinds)[number];
/**
 * GET /issues/:id/activity, newest first. `from`/`to` are display values (a name, a date, a
 * status, label names joined by ", "); a description change carries neither, a task ticked or
 * unticked (a change of the description too) its words as `to`.
 */
export const IssueActivityDto = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }),
  kind: z.enum(historyKinds),
  field: z.enum(historyFields).optional(),
  from: z.string().nullable().optional(),
  to: z.string().nullable().optional(),
});
export type IssueActivityDto = z.infer<typeof IssueActivityDto>;

/**
 * PUT /issues/:id/position: the issues the move changed (the moved one, and a column's others
 * when its keys were spread out again), as of `version`, the board version the move made.
 */
export const MoveResult = z.object({ issues: z.array(IssueDto), version: z.number().int() });
export type MoveResult = z.infer<typeof MoveResult>;

/**
 * POST /issues and PATCH /issues/:id answer the issue, plus where the change stands in the
 * board's history, so a client applies it like a board_updated delta: `boardVersion` is the
 * version the change made, `rebalanced` the board's other issues the change altered: the
 * column's when it re-keyed them, and the cards that show this issue's state (its parent's
 * sub-issues done, the mark of an issue it blocks) when it became finished or open again.
 */
export const IssueWriteResult = IssueDto.extend({ boardVersion: z.number().int(), rebalanced: z.array(IssueDto) });
export type IssueWriteResult = z.infer<typeof IssueWriteResult>;

/** The issue fields the dialog edits; a new column moves the issue there. */
export type IssueFieldChanges = {
  title?: string;
  description?: string;
  owner?: string;
  assigneeId?: string | null;
  labelIds?: string[];
  dueDate?: string | null;
  estimate?: number | null;
  cycleId?: string | null;
  relatedCode?: string;
  links?: string[];
  instructions?: string;
  columnId?: string;
  type?: (typeof issueTypes)[number];
  priority?: (typeof issuePriorities)[number];
};

const Title = lineText({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(ISSUE_TITLE_MAX_LENGTH, 'is too long');
const LongText = multiLineText().max(ISSUE_TEXT_MAX_LENGTH, 'is too long');
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

/** A calendar date, `YYYY-MM-DD`, that exists. */
export const DueDate = lineText({ error: 'must be a date (YYYY-MM-DD)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    {
      message: 'must be a date (YYYY-MM-DD)',
    },
  );
/**
 * The status a client may send beside a column (spec §7.4's call table sends one): one of the
 * statuses, never stored as sent — the column decides (docs/decisions/0071-issue-status-and-reporter-in-requests.md).
 */
const ColumnStatus = z
  .enum(issueStatuses, { error: `must be one of ${issueStatuses.join(', ')}` })
  .meta({ description: "Optional, and set by the server: the issue takes the status its column's name maps to" });
export const LabelIds = z.array(Id).max(20, 'has too many labels');
export const Estimate = z.number({ error: 'must be a whole number or null' }).int('must be a whole number');

export const CreateIssueRequest = z.object({
  projectId: Id,
  columnId: Id,
  title: Title,
  description: LongText.optional(),
  /** The reporter is whoever is asking: the caller's own id, or nothing (another is refused). */
  reporterId: Id.optional().meta({ description: 'Your own user id, or leave it out: the reporter is the caller' }),
  status: ColumnStatus.optional(),
  position: z.number().int('must be a whole number').min(0, 'must not be negative').optional(),
  type: z.enum(issueTypes).optional(),
  priority: z.enum(issuePriorities).optional(),
  owner: Owner.optional(),
  assigneeId: Id.nullable().optional(),
  labelIds: LabelIds.optional(),
  dueDate: DueDate.nullable().optional(),
  /** A current or upcoming cycle of the project, or null. */
  cycleId: Id.nullable().optional(),
});
export type CreateIssueRequest = z.infer<typeof CreateIssueRequest>;

/**
 * Where an edit began: the fields it changes as the issue had them then (IssueDto form). With
 * `version`, PATCH compares them with the issue as it is now, so only a change to the same field
 * is a conflict: a title edit does not clash with someone's label change meanwhile.
 */
export const IssueEditBase = z
  .object({
    title: lineText().max(ISSUE_TITLE_MAX_LENGTH, 'is too long'),
    description: multiLineText().max(ISSUE_TEXT_MAX_LENGTH, 'is too long'),
    relatedCode: multiLineText().max(ISSUE_TEXT_MAX_LENGTH, 'is too long'),
    instructions: multiLineText().max(ISSUE_TEXT_MAX_LENGTH, 'is too long'),
    links: z.array(lineText().max(2000, 'is too long')).max(100, 'has too many links'),
    assigneeId: Id.transform(String).nullable(),
    labelIds: z.array(Id.transform(String)).max(20, 'has too many labels'),
    dueDate: lineText().max(10, 'must be a date (YYYY-MM-DD)').nullable(),
    estimate: z.number().int().nullable(),
    cycleId: Id.transform(String).nullable(),
    columnId: Id.transform(String).nullable(),
    type: z.enum(issueTypes),
    priority: z.enum(issuePriorities),
  })
  .partial()
  .strict();
export type IssueEditBase = z.input<typeof IssueEditBase>;

export const UpdateIssueRequest = z
  .object({
    title: Title.optional(),
    description: LongText.optional(),
    owner: Owner.optional(),
    assigneeId: Id.nullable().optional(),
    labelIds: LabelIds.optional(),
    dueDate: DueDate.nullable().optional(),
    /** A value of the project's estimate scale (checked against it), or null to clear. */
    estimate: Estimate.nullable().optional(),
    /** A current or upcoming cycle of the issue's project, or null to take it out of its cycle. */
    cycleId: Id.nullable().optional(),
    relatedCode: LongText.optional(),
    links: Links.optional(),
    instructions: LongText.optional(),
    columnId: Id.optional(),
    status: ColumnStatus.optional(),
    type: z.enum(issueTypes).optional(),
    priority: z.enum(issuePriorities).optional(),
    /** The issue's version the edit began from: a field changed since answers 409 with the current issue. */
    version: z.number().int().min(0).optional(),
    /** The changed fields as they were at `version`; without it any change since is a conflict. */
    base: IssueEditBase.optional(),
  })
  .strict()
  .refine((u) => Object.keys(u).some((k) => k !== 'version' && k !== 'status' && k !== 'base'), {
    message: messages.noChanges,
  });
export type UpdateIssueRequest = z.infer<typeof UpdateIssueRequest>;

export const MoveIssueRequest = z.object({
  sourceColumnId: Id,
  destinationColumnId: Id,
  position: z.number({ error: 'is required' }).int('must be a whole number').min(0, 'must not be negative'),
  boardId: Id,
});
export type MoveIssueRequest = z.infer<typeof MoveIssueRequest>;

/**
 * PUT /issues/:id/tasks/:index: the task's place among the description's task list items, from 0
 * in document order (markdown-tasks.ts numbers them, for the server and the browser alike).
 */
export const TaskParam = z.object({
  id: Id,
  index: z
    .string()
    .regex(/^(?:0|[1-9]\d{0,5})$/, 'must be a whole number from 0')
    .transform(Number),
});
/**
 * Tick (or untick) that task. `text` is its words as the ticker saw them (MarkdownTask.text): a
 * task that reads otherwise now, or is gone, is a 409 with the current issue.
 */
export const TickTaskRequest = z
  .object({
    checked: z.boolean({ error: 'must be true or false' }),
    text: multiLineText({ error: 'is required' }).max(ISSUE_TEXT_MAX_LENGTH, 'is too long'),
  })
  .strict();
export type TickTaskRequest = z.infer<typeof TickTaskRequest>;

const BoardName = lineText({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(BOARD_NAME_MAX_LENGTH, 'is too long');
const ColumnName = lineText({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(COLUMN_NAME_MAX_LENGTH, 'is too long');
/** A whole number from 1, or null for no limit. */
const WipLimit = z
  .number({ error: 'must be a whole number or null' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(WIP_LIMIT_MAX, `must be at most ${WIP_LIMIT_MAX}`)
  .nullable();
/** POST /projects/:id/boards: a board with its columns (a new project's first board names them). */
export const CreateBoardRequest = z
  .object({ name: BoardName, columns: z.array(ColumnName).max(20, 'has too many columns').optional() })
  .strict();
export const RenameBoardRequest = z.object({ name: BoardName }).strict();

export const CreateColumnRequest = z
  .object({ name: ColumnName, position: z.number().int().min(0).optional(), wipLimit: WipLimit.optional() })
  .strict();
/** PUT /columns/:id: rename, move (position among the board's columns), set or clear the WIP limit. */
export const UpdateColumnRequest = z
  .object({ name: ColumnName.optional(), position: z.number().int().min(0).optional(), wipLimit: WipLimit.optional() })
  .strict()
  .refine((u) => u.name !== undefined || u.position !== undefined || u.wipLimit !== undefined, {
    message: messages.noChanges,
  });
/** DELETE /columns/:id: where the column's issues go, when it has any. */
export const DeleteColumnQuery = z.object({ targetColumnId: Id.optional() });

const CommentBody = multiLineText({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(COMMENT_BODY_MAX_LENGTH, 'is too long');
export const CreateCommentRequest = z.object({ body: CommentBody, parentCommentId: Id.nullable().optional() });
export const UpdateCommentRequest = z.object({ body: CommentBody });
export const ReactionRequest = z.object({ type: z.enum(reactionTypes) });

/** A label's name, at most this many characters (the settings' rename form checks it as the server does). */
export const LABEL_NAME_MAX_LENGTH = 50;
const LabelName = lineText({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(LABEL_NAME_MAX_LENGTH, 'is too long');
const LabelColorField = z.enum(labelColors, { error: `must be one of ${labelColors.join(', ')}` });
export const CreateLabelRequest = z.object({ name: LabelName, color: LabelColorField }).strict();
export const UpdateLabelRequest = z
  .object({ name: LabelName.optional(), color: LabelColorField.optional() })
  .strict()
  .refine((u) => u.name !== undefined || u.color !== undefined, { message: messages.noChanges });

/** GET /issues/by-key/:key: a project key, a dash and the issue's number, in any case. */
export const IssueKeyParam = z.object({
  key: z
    .string()
    .regex(/^[A-Za-z0-9]{1,10}-[1-9][0-9]{0,8}$/, 'must be a project key and a number, like WEB-12')
    .transform((k) => k.toUpperCase()),
});
