import { createAdminApp } from '@trackboard/admin-service';
import { createAuthApp } from '@trackboard/auth-service';
import { createBoardApp } from '@trackboard/board-service';
import { createProjectApp } from '@trackboard/project-service';
import {
  createAuthenticator,
  createSqlSessionLookup,
  createTokenSigner,
  createServiceClient,
  createTokenVerifier,
  systemClock,
  type Clock,
  type Database,
  type EventBus,
  type KeyMaterial,
  type Logger,
  type Mailer,
  type RateLimiter,
  type ServiceClient,
} from '@trackboard/server-kit';
import type { ServiceName } from './route-table';

export type PlatformDeps = {
  database: Database;
  log: Logger;
  keys: Required<KeyMaterial>;
  mailer: Mailer;
  limiter: RateLimiter;
  events: EventBus;
  publicUrl: string;
  appName: string;
  allowedOrigins: string[];
  /** The system clock unless a test holds the time. */
  clock?: Clock;
  /** Tests only: a board service that fails, to prove project creation undoes itself. */
  boardService?: ServiceClient;
};

/** The four services built in one process over one database (embedded mode and tests). */
export async function assemblePlatform({
  database,
  log,
  keys,
  mailer,
  limiter,
  events,
  publicUrl,
  appName,
  allowedOrigins,
  clock = systemClock,
  boardService,
}: PlatformDeps) {
  const authenticate = createAuthenticator(
    await createTokenVerifier(keys.publicKeyPem),
    createSqlSessionLookup(database.db),
  );
  const shared = { database, log, authenticate };
  const auth = createAuthApp({
    ...shared,
    sign: await createTokenSigner(keys.privateKeyPem),
    mailer,
    limiter,
    publicUrl,
    appName,
    clock,
  });
  const board = createBoardApp({ ...shared, events, allowedOrigins, clock });
  // The project service reaches the board service's API in-process: the same Hono app.
  const project = createProjectApp({
    ...shared,
    events,
    boardService: boardService ?? createServiceClient(board.app.fetch),
  });
  const admin = createAdminApp({ ...shared, authService: createServiceClient(auth.app.fetch), clock });
  const apps: Record<ServiceName, Pick<typeof auth.app, 'fetch' | 'request' | 'routes'>> = {
    auth: auth.app,
    project: project.app,
    board: board.app,
    admin: admin.app,
  };
  return { apps, realtime: board.realtime, accounts: auth.accounts, authenticate };
}
export type Platform = Awaited<ReturnType<typeof assemblePlatform>>;
