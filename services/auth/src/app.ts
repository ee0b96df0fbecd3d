import { join } from 'node:path';
import { createServiceApp, type Authenticator, type Database, type Logger, type MigrationSet } from '@trackboard/server-kit';

export const authMigrations: MigrationSet = { service: 'auth', folder: join(__dirname, 'db/migrations') };

export type AuthDeps = { database: Database; log: Logger; authenticate: Authenticator };

export function createAuthApp({ database, log }: AuthDeps) {
  const app = createServiceApp({ service: 'auth', log, ready: database.ping });
  return app;
}
