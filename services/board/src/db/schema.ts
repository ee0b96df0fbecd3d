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

/** Published for the other services (read-only): each project's boards, oldest first. */
export const projectBoards = board.view('project_boards').as((qb) =>
  qb.select({ id: boards.id, projectId: boards.projectId, name: boards.name, createdAt: boards.createdAt }).from(boards),
);
