import { join } from 'node:path';
import {
  createOutbox,
  createServiceApp,
  type Authenticator,
  type Clock,
  type Database,
  type EventBus,
  type Logger,
  type Mailer,
  type MigrationSet,
  type RateLimiter,
  type TokenSigner,
} from '@trackboard/server-kit';
import { outbox as outboxTable } from './db/schema';
import { createAccessTokens } from './domain/access-tokens';
import { createAccountRoles } from './domain/account-roles';
import { createAccounts } from './domain/accounts';
import { createPasswordChanges } from './domain/password-changes';
import { accessTokenRoutes } from './routes/access-tokens';
import { accountRoleRoutes } from './routes/account-roles';
import { authRoutes, profileRoutes } from './routes/auth';
import { passwordRoutes } from './routes/passwords';

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
  /** Where the outbox relays this service's events (session and account revocations). */
  events: EventBus;
  /** How often the outbox relay polls for events a crash or an outage left behind; 0: only after commits (tests). */
  outboxPollMs?: number;
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
  events,
  outboxPollMs,
}: AuthDeps) {
  const outbox = createOutbox({ db: database.db, table: outboxTable, bus: events, log, pollMs: outboxPollMs });
  const accounts = createAccounts({ db: database.db, mailer, sign, limiter, publicUrl, appName, log, clock, outbox });
  const passwords = createPasswordChanges({ db: database.db, mailer, limiter, publicUrl, appName, log, clock, outbox });
  const app = createServiceApp({ service: 'auth', log, ready: database.ping });
  app.route('/api/auth', authRoutes(accounts, authenticate));
  app.route('/api/auth', passwordRoutes(passwords, authenticate));
  app.route('/api/auth', accessTokenRoutes(createAccessTokens({ db: database.db, clock }), authenticate));
  app.route('/api/users', profileRoutes(accounts, authenticate));
  app.route('/api/auth/users', accountRoleRoutes(createAccountRoles({ db: database.db, clock }), authenticate));
  return { app, accounts, close: outbox.close };
}
