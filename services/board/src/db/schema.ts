import { bigint, index, integer, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

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
