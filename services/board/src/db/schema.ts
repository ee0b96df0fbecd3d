import {
  boolean,
  bigint,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { handledEventsTable, outboxTable } from '@trackboard/server-kit';
import type { HistoryKind, ImportSummaryDto } from '@trackboard/contracts';

export const board = pgSchema('board');

export const boards = board.table(
  'boards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    /** Bumped in the same transaction as every change to the board. */
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('boards_project_idx').on(t.projectId)],
);

export const columns = board.table(
  'columns',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    boardId: bigint('board_id', { mode: 'number' })
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Left-to-right order of the columns on the board. */
    position: integer('position').notNull(),
    /** The work-in-progress limit: a whole number from 1, or null for none. */
    wipLimit: integer('wip_limit'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('columns_board_idx').on(t.boardId, t.position),
    check('columns_wip_limit_positive', sql`${t.wipLimit} >= 1`),
  ],
);

/**
 * A project's cycle plan (contracts' cycles.ts): off, or cycles of `weeks` weeks starting on
 * `start_day` (ISO weekday). Kept here beside the cycles it plans: the board service writes them
 * and the issues that point at them. No row: cycles were never turned on.
 */
export const cyclePlans = board.table(
  'cycle_plans',
  {
    projectId: bigint('project_id', { mode: 'number' }).primaryKey(),
    enabled: boolean('enabled').notNull(),
    weeks: smallint('weeks').notNull(),
    startDay: smallint('start_day').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cycle_plans_weeks_check', sql`${t.weeks} between 1 and 4`),
    check('cycle_plans_start_day_check', sql`${t.startDay} between 1 and 7`),
  ],
);

/**
 * A project's time boxes, numbered from 1, each starting on the day the one before ends (UTC
 * days; `ends_on` is the day after its last). `rolled_over_at` is set once its unfinished issues
 * have moved on to the next cycle, which happens once it has ended (domain/cycles.ts).
 */
export const cycles = board.table(
  'cycles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    number: integer('number').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    rolledOverAt: timestamp('rolled_over_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cycles_project_number_key').on(t.projectId, t.number),
    check('cycles_dates_check', sql`${t.endsOn} > ${t.startsOn}`),
  ],
);

/**
 * Fractional order keys compare byte by byte; the "C" collation makes PostgreSQL sort them
 * the same way whatever the database's locale (a locale collation would not).
 */
const rankText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/** PostgreSQL's text-search document type; search reads it in SQL only (domain/search.ts). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const issues = board.table(
  'issues',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    boardId: bigint('board_id', { mode: 'number' })
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    /** Per project, from 1 (issue_numbers hands them out): never reused. */
    number: integer('number').notNull(),
    /** `{PROJECT_KEY}-{number}`, written once at creation (a project's key never changes). */
    key: text('key').notNull(),
    columnId: bigint('column_id', { mode: 'number' }).references(() => columns.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull(),
    /** Order within the column: issues sort by (rank, id); a move rewrites one row. */
    rank: rankText('rank').notNull(),
    type: text('type').notNull().default('TASK'),
    priority: text('priority').notNull().default('MEDIUM'),
    reporterId: bigint('reporter_id', { mode: 'number' }).notNull(),
    /** A current member of the project, or null (removing a member unassigns their issues). */
    assigneeId: bigint('assignee_id', { mode: 'number' }),
    /** Ids of this board's labels, kept in the board's label order (by name) by every write. */
    labelIds: bigint('label_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    dueDate: date('due_date', { mode: 'string' }),
    /** A value of the project's estimate scale (T-shirt sizes as the points they stand for), or null. */
    estimate: smallint('estimate'),
    /** Comments and replies, recounted in the transaction of every comment added or deleted. */
    commentCount: integer('comment_count').notNull().default(0),
    /** Attachments, recounted in the transaction of every attachment added or removed. */
    attachmentCount: integer('attachment_count').notNull().default(0),
    /**
     * The description's task list items, done and in all (contracts' markdown-tasks.ts), written
     * with every description so a board fetch reads two numbers instead of parsing every
     * description; null until counted (rows from before migration 0018: domain/task-counts.ts).
     */
    taskDone: smallint('task_done'),
    taskTotal: smallint('task_total'),
    /** The issue this is a sub-issue of (same project, at most SUB_ISSUE_MAX_DEPTH levels), or null. */
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => issues.id, {
      onDelete: 'set null',
    }),
    /** The cycle it is planned in (one at most), or null. */
    cycleId: bigint('cycle_id', { mode: 'number' }).references((): AnyPgColumn => cycles.id, { onDelete: 'set null' }),
    /** The image attachment shown on the card, or null; removing it clears this. */
    coverAttachmentId: bigint('cover_attachment_id', { mode: 'number' }).references((): AnyPgColumn => attachments.id, {
      onDelete: 'set null',
    }),
    relatedCode: text('related_code').notNull().default(''),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    instructions: text('instructions').notNull().default(''),
    /** Per-issue edit counter for stale-edit detection (409). */
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Deleted, and restorable until the purge removes it (domain/deletions.ts): it has left its
     * column (column_id null), so no order or position counts it, and every read leaves it out.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Where a restore puts it back: the column it left (null once that column is deleted too) and its index there. */
    deletedFromColumnId: bigint('deleted_from_column_id', { mode: 'number' }).references(() => columns.id, {
      onDelete: 'set null',
    }),
    deletedFromPosition: integer('deleted_from_position'),
    /**
     * What full-text search matches: title (weight A, ranks higher) and description
     * (B), kept by PostgreSQL itself. The 'simple' configuration: lower-cased words, no stemming
     * and no stop words, so any typed prefix of a word finds it and no language is assumed.
     */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('simple', ${issues.title}), 'A') || setweight(to_tsvector('simple', ${issues.description}), 'B')`,
      ),
  },
  (t) => [
    index('issues_column_rank_idx').on(t.columnId, t.rank, t.id),
    // A board's issues in the order a board fetch reads them (and by board alone).
    index('issues_board_order_idx').on(t.boardId, t.columnId, t.rank, t.id),
    uniqueIndex('issues_key_idx').on(t.key),
    index('issues_assignee_idx').on(t.assigneeId),
    index('issues_search_idx').using('gin', t.search),
    index('issues_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    index('issues_parent_idx')
      .on(t.parentId)
      .where(sql`${t.parentId} is not null`),
    index('issues_cycle_idx')
      .on(t.cycleId)
      .where(sql`${t.cycleId} is not null`),
  ],
);

/**
 * Files attached to issues. The bytes live in the file store (domain/attachments/file-store.ts)
 * under `storage_key`, and a thumbnail under `storage_key-thumb` when `thumbnail` is set; a row
 * is written only once its file is stored, and its file is removed after the row is gone.
 */
export const attachments = board.table(
  'attachments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    issueId: bigint('issue_id', { mode: 'number' })
      .notNull()
      .references((): AnyPgColumn => issues.id, { onDelete: 'cascade' }),
    /** The issue's project: the quota counts per project, and a project's files share a key prefix. */
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    uploaderId: bigint('uploader_id', { mode: 'number' }).notNull(),
    fileName: text('file_name').notNull(),
    /** Sniffed from the bytes, never the client's word; application/octet-stream when unknown. */
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** A PNG, JPEG, GIF or WebP that decoded: shown inline, with its size in pixels. */
    image: boolean('image').notNull().default(false),
    width: integer('width'),
    height: integer('height'),
    thumbnail: boolean('thumbnail').notNull().default(false),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('attachments_issue_idx').on(t.issueId, t.id), index('attachments_project_idx').on(t.projectId)],
);

/**
 * Stored files whose attachment row is gone, waiting to be removed from the file store. A trigger
 * (migration 0016) adds one for every attachment row deleted, however it went (its own delete,
 * an issue's purge, a project's removal), in that deletion's transaction; the sweeper removes the
 * files and then these rows, so a store that fails is tried again later.
 */
export const fileRemovals = board.table('file_removals', {
  storageKey: text('storage_key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Keys this service makes for itself, shared by its replicas through the database: the one that
 * signs attachment links (domain/attachments/file-links.ts) is made by the first replica to need it.
 */
export const serviceKeys = board.table('service_keys', {
  name: text('name').primaryKey(),
  key: text('key').notNull(),
});

/**
 * Links between two issues, of any projects: `blocks` and `duplicates` point from `issue_id` to
 * `related_id` (read backwards they are "blocked by" and "duplicated by"); `relates` is stored once,
 * whichever way it was made. Either issue's purge removes the link.
 */
export const issueRelations = board.table(
  'issue_relations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    issueId: bigint('issue_id', { mode: 'number' })
      .notNull()
      .references((): AnyPgColumn => issues.id, { onDelete: 'cascade' }),
    relatedId: bigint('related_id', { mode: 'number' })
      .notNull()
      .references((): AnyPgColumn => issues.id, { onDelete: 'cascade' }),
    type: text('type').$type<'blocks' | 'relates' | 'duplicates'>().notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('issue_relations_pair_idx').on(t.issueId, t.relatedId, t.type),
    index('issue_relations_related_idx').on(t.relatedId),
    check('issue_relations_not_self', sql`${t.issueId} <> ${t.relatedId}`),
  ],
);

/** The last issue number each project handed out (a row lock orders concurrent creates). */
export const issueNumbers = board.table('issue_numbers', {
  projectId: bigint('project_id', { mode: 'number' }).primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** A board's labels; names are unique per board, case-insensitively. */
export const labels = board.table(
  'labels',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    boardId: bigint('board_id', { mode: 'number' })
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('labels_board_name_idx').on(t.boardId, sql`lower(${t.name})`)],
);

export const comments = board.table(
  'comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    issueId: bigint('issue_id', { mode: 'number' })
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    /** Replies go away with the comment they answer. */
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => comments.id, {
      onDelete: 'cascade',
    }),
    authorId: bigint('author_id', { mode: 'number' }).notNull(),
    body: text('body').notNull(),
    edited: boolean('edited').notNull().default(false),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Deleted and restorable until purged; its replies deleted with it share this time (domain/deletions.ts). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('comments_issue_idx').on(t.issueId, t.createdAt),
    index('comments_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

export const reactions = board.table(
  'reactions',
  {
    commentId: bigint('comment_id', { mode: 'number' })
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId, t.type] })],
);

/**
 * What happened on boards: the dashboards' lines (issue created, moved, commented: those with a
 * description) and each issue's history (every row with an issue_id, field changes included).
 * Rows written before issue history (migration 0005) have no kind.
 */
export const activity = board.table(
  'activity',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    boardId: bigint('board_id', { mode: 'number' }).notNull(),
    actorId: bigint('actor_id', { mode: 'number' }).notNull(),
    /** The dashboard's line, or '' for a history row the dashboard does not show (a field change). */
    description: text('description').notNull(),
    issueId: bigint('issue_id', { mode: 'number' }),
    kind: text('kind').$type<HistoryKind>(),
    field: text('field'),
    /** Display values: a name, a date, a column, label names joined by ", ". */
    fromValue: text('from_value'),
    toValue: text('to_value'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('board_activity_project_created_idx').on(t.projectId, t.createdAt),
    index('board_activity_issue_idx').on(t.issueId, t.id),
  ],
);

/**
 * Project imports: one row per uploaded file, read by the browser while it runs. The
 * replica that received the file runs it; `processed`/`total` count issues, `error` says where a
 * bad file went wrong (`{ line?, field?, message }`).
 */
export const importJobs = board.table(
  'import_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    format: text('format').$type<'trackboard' | 'csv' | 'trello'>().notNull(),
    projectKey: text('project_key').notNull(),
    status: text('status').$type<'queued' | 'running' | 'succeeded' | 'failed'>().notNull().default('queued'),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull().default(0),
    error: jsonb('error').$type<{ line?: number; field?: string; message: string }>(),
    /** The project the job made: removed whole if the job fails or is abandoned. */
    projectId: bigint('project_id', { mode: 'number' }),
    /** People the file names who have an account here, offered to the importer to add. */
    offers: jsonb('offers').$type<{ userId: number; email: string; issueIds: number[] }[]>().notNull().default([]),
    /** What the file brought across besides issues, and what it left out (ImportSummaryDto), once read. */
    /** Jobs recorded before warnings were kept have none. */
    summary: jsonb('summary').$type<Omit<ImportSummaryDto, 'warnings' | 'warningCount'> & Partial<ImportSummaryDto>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('import_jobs_user_idx').on(t.userId, t.id)],
);

/** The events this service has handled (project.deleted), so a redelivered one changes nothing. */
export const handledEvents = handledEventsTable(board);

/**
 * The events this service records (issue and comment events), written in the
 * change's transaction and relayed to the bus after commit. A move writes its row inside
 * `board.place_issue_at` (migrations 0008, 0023), in the move's one statement.
 */
export const outbox = outboxTable(board);

// The views this service publishes (issue_directory, activity_feed, project_boards) are
// created by its migrations and declared once, in server-kit: exported here so drizzle-kit
// knows them and leaves them alone.
export { activityFeed, issueDirectory, projectBoards } from '@trackboard/server-kit';
