import { join } from 'node:path';
import { createServiceApp, type Authenticator, type Database, type Logger, type MigrationSet } from '@trackboard/server-kit';

export const projectMigrations: MigrationSet = { service: 'project', folder: join(__dirname, 'db/migrations') };

export type ProjectDeps = { database: Database; log: Logger; authenticate: Authenticator };

export function createProjectApp({ database, log }: ProjectDeps) {
  const app = createServiceApp({ service: 'project', log, ready: database.ping });
  return app;
}
