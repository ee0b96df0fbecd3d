import { join } from 'node:path';
import {
  createOutbox,
  createServiceApp,
  requireUser,
  systemClock,
  type Authenticator,
  type Clock,
  type Database,
  type EventBus,
  type Logger,
  type Mailer,
  type MigrationSet,
  type ServiceClient,
} from '@trackboard/server-kit';
import { outbox as outboxTable } from './db/schema';
import { createAssignedIssues } from './domain/assigned-issues';
import { createDashboard } from './domain/dashboard';
import { createInvitations } from './domain/invitations';
import { createProjectAccess } from './domain/project-access';
import { createProjects } from './domain/projects';
import { createSavedViews } from './domain/saved-views';
import {
  invitationAcceptRoutes,
  invitationPreviewRoutes,
  invitationRoutes,
  projectInvitationRoutes,
} from './routes/invitations';
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
  /** Invitations are mailed: the mailer, where users reach the app (the link) and the app's name. */
  mailer: Mailer;
  publicUrl: string;
  appName: string;
  /** The system clock unless a test holds the time (invitations expire). */
  clock?: Clock;
};

export function createProjectApp({
  database,
  log,
  authenticate,
  boardService,
  events,
  outboxPollMs,
  mailer,
  publicUrl,
  appName,
  clock = systemClock,
}: ProjectDeps) {
  const db = database.db;
  const outbox = createOutbox({ db, table: outboxTable, bus: events, log, pollMs: outboxPollMs });
  const projects = createProjects({ db, boardService, outbox });
  const access = createProjectAccess(db);
  const invitations = createInvitations({ db, outbox, access, mailer, publicUrl, appName, clock, log });
  const app = createServiceApp({ service: 'project', log, ready: database.ping });
  // Answered before the sign-in check for ACTIVE accounts: the one route reached without a
  // session (the link is the proof), and accepting, which an account awaiting approval may do.
  app.route('/api/invitations', invitationPreviewRoutes(invitations));
  app.route('/api/invitations', invitationAcceptRoutes(invitations, authenticate));
  app.use('/api/*', requireUser(authenticate));
  app.route('/api/projects', projectRoutes(projects));
  app.route('/api/projects', projectInvitationRoutes(invitations));
  app.route('/api/invitations', invitationRoutes(invitations));
  const savedViews = createSavedViews(db, access);
  app.route('/api/projects', projectViewRoutes(savedViews));
  app.route('/api/views', viewRoutes(savedViews));
  const assignedIssues = createAssignedIssues(db);
  app.route('/api/dashboard', dashboardRoutes(createDashboard(db, projects, assignedIssues), assignedIssues));
  return { app, close: outbox.close };
}
