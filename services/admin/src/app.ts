import { join } from 'node:path';
import { createServiceApp, type Authenticator, type Database, type Logger, type MigrationSet } from '@trackboard/server-kit';

export const adminMigrations: MigrationSet = { service: 'admin', folder: join(__dirname, 'db/migrations') };

export type AdminDeps = { database: Database; log: Logger; authenticate: Authenticator };

export function createAdminApp({ database, log }: AdminDeps) {
  const app = createServiceApp({ service: 'admin', log, ready: database.ping });
  return app;
}
