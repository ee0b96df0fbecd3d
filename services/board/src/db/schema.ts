import {
  boolean,
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { handledEventsTable } from '@trackboard/server-kit';

export const board = pgSchema('board');

export const boards = board.table(
  'boards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    /** Bumped in the same transaction as every change to the board (blueprint §3). */
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('columns_board_idx').on(t.boardId, t.position)],
);

/**
 * Fractional order keys compare byte by byte; the "C" collation makes PostgreSQL sort them
 * the same way whatever the database's locale (a locale collation would not).
 */
const rankText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

export const issues = board.table(
  'issues',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    boardId: bigint('board_id', { mode: 'number' })
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    columnId: bigint('column_id', { mode: 'number' }).references(() => columns.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull(),
    /** Order within the column: issues sort by (rank, id); a move rewrites one row. */
    rank: rankText('rank').notNull(),
    type: text('type').notNull().default('TASK'),
    priority: text('priority').notNull().default('MEDIUM'),
    reporterId: bigint('reporter_id', { mode: 'number' }).notNull(),
    owner: text('owner').notNull().default(''),
    relatedCode: text('related_code').notNull().default(''),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    instructions: text('instructions').notNull().default(''),
    /** Per-issue edit counter for stale-edit detection (409). */
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('issues_column_rank_idx').on(t.columnId, t.rank, t.id), index('issues_board_idx').on(t.boardId)],
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
  },
  (t) => [index('comments_issue_idx').on(t.issueId, t.createdAt)],
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

/** What happened on boards (issue created, moved, commented), for the dashboards. */
export const activity = board.table(
  'activity',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    boardId: bigint('board_id', { mode: 'number' }).notNull(),
    actorId: bigint('actor_id', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('board_activity_project_created_idx').on(t.projectId, t.createdAt)],
);

/** The events this service has handled (project.deleted), so a redelivered one changes nothing. */
export const handledEvents = handledEventsTable(board);

// The views this service publishes (issue_directory, activity_feed, project_boards) are
// created by its migrations and declared once, in server-kit: exported here so drizzle-kit
// knows them and leaves them alone.
export { activityFeed, issueDirectory, projectBoards } from '@trackboard/server-kit';
