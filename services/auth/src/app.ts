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
import { createAvatars } from './domain/avatars';
import { createRegistrationSettings } from './domain/registration-settings';
import { avatarRoutes } from './routes/avatars';
import { registrationSettingsRoutes } from './routes/registration-settings';
import { createPasswordChanges } from './domain/password-changes';
import { createSessionList, createSessionStarter } from './domain/sessions';
import { createSingleSignOn } from './domain/single-sign-on';
import { createThrottles } from './domain/throttles';
import { accessTokenRoutes } from './routes/access-tokens';
import { accountRoleRoutes } from './routes/account-roles';
import { authRoutes, profileRoutes } from './routes/auth';
import { passwordRoutes } from './routes/passwords';
import { sessionRoutes } from './routes/sessions';
import { singleSignOnRoutes } from './routes/single-sign-on';
import type { SsoSettings } from './sso-config';
import type { FileStore } from '@trackboard/file-store';

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
  /** Single sign-on through an OpenID provider (sso-config.ts); absent: passwords only. */
  sso?: SsoSettings | null;
  /** Where people's pictures are kept: the attachment storage (a folder, or S3). */
  files: FileStore;
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
  sso = null,
  files,
}: AuthDeps) {
  const db = database.db;
  const outbox = createOutbox({ db, table: outboxTable, bus: events, log, pollMs: outboxPollMs });
  const startSession = createSessionStarter(db, sign, clock);
  // OIDC_ONLY: everyone signs in through the provider; passwords neither sign in nor are reset.
  const passwordsOn = !sso?.only;
  const mailing = { mailer, limiter, publicUrl, appName, log, clock, outbox, passwords: passwordsOn };
  const accounts = createAccounts({ db, startSession, ...mailing });
  const passwords = createPasswordChanges({ db, ...mailing });
  const singleSignOn =
    sso &&
    createSingleSignOn({ db, settings: sso, publicUrl, clock, log, startSession, throttles: createThrottles(limiter) });
  // A picture may be larger than the usual 1 MiB: its route takes up to AVATAR_MAX_BYTES itself.
  const app = createServiceApp({
    service: 'auth',
    log,
    ready: database.ping,
    streamsBody: (c) => c.req.method === 'PUT' && c.req.path === '/api/auth/avatar',
  });
  app.route('/api/auth', authRoutes(accounts, authenticate));
  app.route('/api/auth', singleSignOnRoutes(singleSignOn, publicUrl));
  app.route('/api/auth', passwordRoutes(passwords, authenticate));
  app.route('/api/auth', accessTokenRoutes(createAccessTokens({ db, clock }), authenticate));
  app.route('/api/auth', sessionRoutes(createSessionList(db, clock, outbox), authenticate));
  app.route('/api/users', profileRoutes(accounts, authenticate));
  app.route('/api/auth/users', accountRoleRoutes(createAccountRoles({ db, clock }), authenticate));
  app.route('/api/auth', registrationSettingsRoutes(createRegistrationSettings(db), authenticate));
  app.route('/api/auth', avatarRoutes(createAvatars({ db, store: files, log }), authenticate));
  return { app, accounts, close: outbox.close };
}
export { ssoConfig, ssoSettings, type SsoSettings } from './sso-config';
