import { createAdminApp } from '@trackboard/admin-service';
import { createAuthApp } from '@trackboard/auth-service';
import { createBoardService } from '@trackboard/board-service';
import { createProjectApp } from '@trackboard/project-service';
import {
  createAuthenticator,
  createSqlSessionLookup,
  createTokenSigner,
  createTokenVerifier,
  type Database,
  type KeyMaterial,
  type Logger,
  type Mailer,
  type RateLimiter,
} from '@trackboard/server-kit';
import type { ServiceName } from './route-table';

export type PlatformDeps = {
  database: Database;
  log: Logger;
  keys: Required<KeyMaterial>;
  mailer: Mailer;
  limiter: RateLimiter;
  publicUrl: string;
  appName: string;
  allowedOrigins: string[];
};

/** The four services built in one process over one database (embedded mode and tests). */
export async function assemblePlatform({ database, log, keys, mailer, limiter, publicUrl, appName, allowedOrigins }: PlatformDeps) {
  const authenticate = createAuthenticator(await createTokenVerifier(keys.publicKeyPem), createSqlSessionLookup(database.db));
  const shared = { database, log, authenticate };
  const auth = createAuthApp({ ...shared, sign: await createTokenSigner(keys.privateKeyPem), mailer, limiter, publicUrl, appName });
  const board = createBoardService({ ...shared, allowedOrigins });
  const apps: Record<ServiceName, { fetch: (request: Request) => Response | Promise<Response>; request: typeof auth.app.request }> = {
    auth: auth.app,
    project: createProjectApp(shared),
    board: board.app,
    admin: createAdminApp(shared),
  };
  return { apps, realtime: board.realtime, accounts: auth.accounts, authenticate };
}
export type Platform = Awaited<ReturnType<typeof assemblePlatform>>;
