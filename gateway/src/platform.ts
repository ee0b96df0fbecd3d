import { createAdminApp } from '@trackboard/admin-service';
import { createAuthApp } from '@trackboard/auth-service';
import { createBoardService } from '@trackboard/board-service';
import { createProjectApp } from '@trackboard/project-service';
import {
  createAuthenticator,
  createSqlSessionLookup,
  createTokenSigner,
  createServiceClient,
  createTokenVerifier,
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
  /** Tests only: a board service that fails, to prove project creation undoes itself. */
  boardService?: ServiceClient;
};

/** The four services built in one process over one database (embedded mode and tests). */
export async function assemblePlatform({ database, log, keys, mailer, limiter, events, publicUrl, appName, allowedOrigins, boardService }: PlatformDeps) {
  const authenticate = createAuthenticator(await createTokenVerifier(keys.publicKeyPem), createSqlSessionLookup(database.db));
  const shared = { database, log, authenticate };
  const auth = createAuthApp({ ...shared, sign: await createTokenSigner(keys.privateKeyPem), mailer, limiter, publicUrl, appName });
  const board = createBoardService({ ...shared, events, allowedOrigins });
  const apps: Record<ServiceName, { fetch: (request: Request) => Response | Promise<Response>; request: typeof auth.app.request }> = {
    auth: auth.app,
    // The project service reaches the board service's API in-process: the same Hono app.
    project: createProjectApp({ ...shared, events, boardService: boardService ?? createServiceClient(board.app.fetch) }),
    board: board.app,
    admin: createAdminApp({ ...shared, authService: createServiceClient(auth.app.fetch) }),
  };
  return { apps, realtime: board.realtime, accounts: auth.accounts, authenticate };
}
export type Platform = Awaited<ReturnType<typeof assemblePlatform>>;
