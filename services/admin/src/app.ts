import { join } from 'node:path';
import {
  createServiceApp,
  requireUser,
  type Authenticator,
  type Clock,
  type Database,
  type Logger,
  type MigrationSet,
  type ServiceClient,
} from '@trackboard/server-kit';
import { createModerationLog } from './domain/moderation-log';
import { createUsers } from './domain/users';
import { adminDashboardRoutes, adminRoutes, userRoutes } from './routes/admin';

export const adminMigrations: MigrationSet = { service: 'admin', folder: join(__dirname, 'db/migrations') };

export type AdminDeps = {
  database: Database;
  log: Logger;
  authenticate: Authenticator;
  /** Account data belongs to the auth service: changes go through its API. */
  authService: ServiceClient;
  clock: Clock;
};

export function createAdminApp({ database, log, authenticate, authService, clock }: AdminDeps) {
  const moderationLog = createModerationLog(database.db);
  const users = createUsers({ db: database.db, authService, clock, moderationLog });
  const app = createServiceApp({ service: 'admin', log, ready: database.ping });
  app.use('/api/*', requireUser(authenticate));
  app.route('/api/admin', adminRoutes(users, moderationLog));
  app.route('/api/users', userRoutes(users));
  app.route('/api/dashboard/admin', adminDashboardRoutes(users));
  return { app };
}
