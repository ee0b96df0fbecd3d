import { join } from 'node:path';
import {
  createServiceApp,
  type Authenticator,
  type Clock,
  type Database,
  type Logger,
  type Mailer,
  type MigrationSet,
  type RateLimiter,
  type TokenSigner,
} from '@trackboard/server-kit';
import { createAccounts } from './domain/accounts';
import { authRoutes, profileRoutes } from './routes/auth';

export const authMigrations: MigrationSet = { service: 'auth', folder: join(__dirname, 'db/migrations') };

export type AuthDeps = {
  database: Database;
  log: Logger;
  authenticate: Authenticator;
  /** Only the auth service signs tokens. */
  sign: TokenSigner;
  mailer: Mailer;
  limiter: RateLimiter;
  publicUrl: string;
  appName: string;
  clock: Clock;
};

export function createAuthApp({
  database,
  log,
  authenticate,
  sign,
  mailer,
  limiter,
  publicUrl,
  appName,
  clock,
}: AuthDeps) {
  const accounts = createAccounts({ db: database.db, mailer, sign, limiter, publicUrl, appName, log, clock });
  const app = createServiceApp({ service: 'auth', log, ready: database.ping });
  app.route('/api/auth', authRoutes(accounts, authenticate));
  app.route('/api/users', profileRoutes(accounts, authenticate));
  return { app, accounts };
}
