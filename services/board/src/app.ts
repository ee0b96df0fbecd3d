import { join } from 'node:path';
import { createServiceApp, requireUser, type Authenticator, type Database, type EventBus, type Logger, type MigrationSet } from '@trackboard/server-kit';
import { createBoards } from './domain/boards';
import { createRealtime, type Realtime } from './realtime/rooms';
import { boardRoutes } from './routes/boards';

export const boardMigrations: MigrationSet = { service: 'board', folder: join(__dirname, 'db/migrations') };

export type BoardDeps = {
  database: Database;
  log: Logger;
  authenticate: Authenticator;
  /** Membership changes from the project service arrive here. */
  events: EventBus;
  /** Origins allowed to open a socket besides the page's own host. */
  allowedOrigins: string[];
  /** With Redis, board rooms span every replica. */
  redisUrl?: string;
};

/** The board service: its HTTP app and its Socket.IO server (attached by whoever listens). */
export function createBoardService({ database, log, authenticate, events, allowedOrigins, redisUrl }: BoardDeps): {
  app: ReturnType<typeof createServiceApp>;
  realtime: Realtime;
} {
  const boards = createBoards(database.db, {
    boardChanged: (board) => realtime.emitBoardUpdated({ boardId: board.id, version: board.version, issues: [], complete: false }),
  });
  const realtime = createRealtime({ authenticate, canSeeBoard: boards.canSee, log, allowedOrigins, redisUrl });
  events.subscribe(async (event) => {
    if (event.type === 'membership.removed') realtime.removeFromBoards(event.userId, await boards.boardIdsOfProject(event.projectId));
  });
  const app = createServiceApp({ service: 'board', log, ready: database.ping });
  app.use('/api/*', requireUser(authenticate));
  app.route('/api', boardRoutes(boards));
  return { app, realtime };
}
