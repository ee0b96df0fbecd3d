import { join } from 'node:path';
import {
  createOutbox,
  createServiceApp,
  requireUser,
  type Authenticator,
  type Database,
  type EventBus,
  type Logger,
  type MigrationSet,
  type ServiceClient,
} from '@trackboard/server-kit';
import { outbox as outboxTable } from './db/schema';
import { createAssignedIssues } from './domain/assigned-issues';
import { createDashboard } from './domain/dashboard';
import { createProjectAccess } from './domain/project-access';
import { createProjects } from './domain/projects';
import { createSavedViews } from './domain/saved-views';
import { dashboardRoutes, projectRoutes } from './routes/projects';
import { projectViewRoutes, viewRoutes } from './routes/views';

export const projectMigrations: MigrationSet = { service: 'project', folder: join(__dirname, 'db/migrations') };

export type ProjectDeps = {
  database: Database;
  log: Logger;
  authenticate: Authenticator;
  boardService: ServiceClient;
  /** Where the outbox relays this service's events. */
  events: EventBus;
  /** How often the outbox relay polls for events a crash or an outage left behind; 0: only after commits (tests). */
  outboxPollMs?: number;
};

export function createProjectApp({ database, log, authenticate, boardService, events, outboxPollMs }: ProjectDeps) {
  const outbox = createOutbox({ db: database.db, table: outboxTable, bus: events, log, pollMs: outboxPollMs });
  const projects = createProjects({ db: database.db, boardService, outbox });
  const app = createServiceApp({ service: 'project', log, ready: database.ping });
  app.use('/api/*', requireUser(authenticate));
  app.route('/api/projects', projectRoutes(projects));
  const savedViews = createSavedViews(database.db, createProjectAccess(database.db));
  app.route('/api/projects', projectViewRoutes(savedViews));
  app.route('/api/views', viewRoutes(savedViews));
  const assignedIssues = createAssignedIssues(database.db);
  app.route('/api/dashboard', dashboardRoutes(createDashboard(database.db, projects, assignedIssues), assignedIssues));
  return { app, close: outbox.close };
}
