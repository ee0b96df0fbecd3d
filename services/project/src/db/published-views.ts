// Views other services publish for read-only joins (blueprint §3): declared here only to be
// read, never migrated by this service.
import { bigint, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

export const userDirectory = pgSchema('auth')
  .view('user_directory', { id: bigint('id', { mode: 'number' }).notNull(), name: text('name').notNull(), email: text('email').notNull(), status: text('status').notNull() })
  .existing();

export const projectBoards = pgSchema('board')
  .view('project_boards', {
    id: bigint('id', { mode: 'number' }).notNull(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  })
  .existing();

export const issueDirectory = pgSchema('board')
  .view('issue_directory', {
    id: bigint('id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    status: text('status').notNull(),
    boardId: bigint('board_id', { mode: 'number' }).notNull(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    owner: text('owner').notNull(),
    reporterId: bigint('reporter_id', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  })
  .existing();

export const boardActivity = pgSchema('board')
  .view('activity_feed', {
    id: bigint('id', { mode: 'number' }).notNull(),
    projectId: bigint('project_id', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  })
  .existing();
