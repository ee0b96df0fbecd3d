import { createAdminApp } from '@trackboard/admin-service';
import { createAuthApp, type SsoSettings } from '@trackboard/auth-service';
import { createBoardApp, type BoardDeps } from '@trackboard/board-service';
import { createNotificationApp } from '@trackboard/notification-service';
import { createProjectApp } from '@trackboard/project-service';
import {
  createAuthenticator,
  createSqlAccessTokenLookup,
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
  /** Tests only: board rooms on Redis (a second replica beside this one), the realtime server's knobs. */
  redisUrl?: string;
  realtime?: BoardDeps['realtime'];
  /** How often the notification digest runs (embedded mode); tests run it themselves. */
  digestEveryMs?: number;
  /** WEBHOOK_ALLOW_PRIVATE (the test platform sets it: its receivers listen on loopback). */
  webhookAllowPrivate?: boolean;
  /** How often due webhook deliveries are looked for (embedded mode); tests run the passes themselves. */
  webhookEveryMs?: number;
  /** How often the outbox relays poll (the default unless a test relays only after commits). */
  outboxPollMs?: number;
  /** Where the board service stores attachments, and their limits. */
  attachments: BoardDeps['attachments'];
  /** Single sign-on through an OpenID provider; absent: passwords only. */
  sso?: SsoSettings | null;
};

/** The five services built in one process over one database (embedded mode and tests). */
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
  redisUrl,
  realtime,
  digestEveryMs,
  webhookAllowPrivate,
  webhookEveryMs,
  outboxPollMs,
  attachments,
  sso,
}: PlatformDeps) {
  const authenticate = createAuthenticator(
    await createTokenVerifier(keys.publicKeyPem),
    createSqlSessionLookup(database.db),
    createSqlAccessTokenLookup(database.db, log),
  );
  const shared = { database, log, authenticate, outboxPollMs };
  const auth = createAuthApp({
    ...shared,
    sign: await createTokenSigner(keys.privateKeyPem),
    mailer,
    limiter,
    publicUrl,
    appName,
    clock,
    events,
    sso,
    // People's pictures go where attachments go.
    files: attachments.store,
  });
  // Each calls the other in-process (an import creates its project through the project service);
  // the project app exists by the time the board app makes its first call.
  const board = createBoardApp({
    ...shared,
    events,
    allowedOrigins,
    clock,
    redisUrl,
    realtime,
    projectService: createServiceClient((request) => project.app.fetch(request)),
    attachments,
  });
  // The project service reaches the board service's API in-process: the same Hono app.
  const project = createProjectApp({
    ...shared,
    events,
    boardService: boardService ?? createServiceClient(board.app.fetch),
    mailer,
    publicUrl,
    appName,
    clock,
  });
  const admin = createAdminApp({ ...shared, authService: createServiceClient(auth.app.fetch), clock });
  const notification = createNotificationApp({
    ...shared,
    events,
    mailer,
    publicUrl,
    appName,
    clock,
    digestEveryMs,
    webhookAllowPrivate,
    webhookEveryMs,
  });
  const apps: Record<ServiceName, Pick<typeof auth.app, 'fetch' | 'request' | 'routes'>> = {
    auth: auth.app,
    project: project.app,
    board: board.app,
    admin: admin.app,
    notification: notification.app,
  };
  return {
    apps,
    realtime: board.realtime,
    /** The board service's cycle planner (tests advance it on their own clock). */
    cycles: board.cycles,
    accounts: auth.accounts,
    /** The notification service's digest and relay (tests drive them on their own clock). */
    notification,
    authenticate,
    /** Stops the outbox relays and the realtime server (the bus and the database belong to the caller). */
    async close() {
      await Promise.all([auth.close(), project.close(), notification.close()]);
      await board.close();
    },
  };
}
export type Platform = Awaited<ReturnType<typeof assemblePlatform>>;
