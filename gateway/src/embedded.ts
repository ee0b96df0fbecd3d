import type { Server } from 'node:http';
import { adminMigrations } from '@trackboard/admin-service';
import { authMigrations, ssoConfig, ssoSettings } from '@trackboard/auth-service';
import { attachmentSettings, boardMigrations } from '@trackboard/board-service';
import { notificationMigrations } from '@trackboard/notification-service';
import { projectMigrations } from '@trackboard/project-service';
import {
  ConfigError,
  createLogger,
  configuredMailer,
  createMemoryEventBus,
  createMemoryRateLimiter,
  createRedisRateLimiter,
  createServiceClient,
  ensureKeyFiles,
  listenOn,
  listOf,
  loadConfig,
  lockDataDir,
  openConfiguredPostgres,
  openPglite,
  processLifecycle,
  readKeys,
  runAllMigrations,
  serveSnapshotRequests,
  watchSockets,
  type Database,
  type Logger,
} from '@trackboard/server-kit';
import { byService, documentsFrom } from './api-reference';
import { appConfig, gatewayConfig, remoteUrls, type GatewayConfig } from './config';
import { createInProcessForwarder } from './forwarders';
import { assemblePlatform } from './platform';
import { gatewayMigrations, releasesFor } from './releases';
import { edgeHeaders } from './security-headers';
import { createMcp } from './mcp/app';
import { createGatewayServer } from './server';
import { createWebHost } from './web-host';

export const allMigrations = [
  authMigrations,
  projectMigrations,
  boardMigrations,
  adminMigrations,
  notificationMigrations,
  gatewayMigrations,
];

export type Embedded = {
  server: Server;
  url: string;
  port: number;
  database: Database;
  log: Logger;
  close(): Promise<void>;
};

/**
 * Embedded mode (the default): one process, the five service apps mounted in-process,
 * PGlite in DATA_DIR (or PostgreSQL when DATABASE_URL is set), in-memory Socket.IO.
 */
export async function startEmbedded(
  env: Record<string, string | undefined> = process.env,
  logger?: Logger,
): Promise<Embedded> {
  const config: GatewayConfig = loadConfig(gatewayConfig, env);
  const log = logger ?? createLogger('trackboard', config.LOG_LEVEL);
  const unlock = config.DATABASE_URL ? () => undefined : lockDataDir(config.DATA_DIR);
  try {
    const keys = config.JWT_PUBLIC_KEY ? readKeys(config) : ensureKeyFiles(config.DATA_DIR);
    if (!keys.privateKeyPem)
      throw new ConfigError('JWT_PRIVATE_KEY: required in embedded mode (the auth service signs tokens)');
    const database = config.DATABASE_URL
      ? openConfiguredPostgres(config.DATABASE_URL, config)
      : await openPglite(config.DATA_DIR);
    await runAllMigrations(database.db, allMigrations);
    const limiter = config.REDIS_URL ? createRedisRateLimiter(config.REDIS_URL, log) : createMemoryRateLimiter();
    // One process: events are relayed from the outboxes to the handlers in-process.
    const events = createMemoryEventBus(log);
    const platform = await assemblePlatform({
      database,
      log,
      keys: { publicKeyPem: keys.publicKeyPem, privateKeyPem: keys.privateKeyPem },
      mailer: configuredMailer(config, log),
      limiter,
      events,
      publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
      appName: config.APP_NAME,
      allowedOrigins: listOf(config.CORS_ORIGINS),
      // Each person gets at most one digest e-mail a minute; this is how often it looks.
      digestEveryMs: 10_000,
      webhookAllowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
      // Due webhook retries; a new event's deliveries go at once.
      webhookEveryMs: 5_000,
      attachments: attachmentSettings(process.env, config.DATA_DIR),
      sso: ssoSettings(loadConfig(ssoConfig, env)),
    });
    await platform.accounts.ensureFirstAdmin({ email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
    const forwarder = createInProcessForwarder(platform.apps);
    const lifecycle = processLifecycle;
    const server = createGatewayServer({
      forwarder,
      web: createWebHost({
        webRoot: config.WEB_ROOT,
        remoteUrls: remoteUrls(config),
        appConfig: appConfig(config),
        releases: releasesFor(config, database, platform.authenticate, log, limiter),
        mcp: createMcp({ authenticate: platform.authenticate, log }),
        ready: async () => {
          await lifecycle.checkReady();
          await database.ping();
        },
        serviceDocuments: documentsFrom(byService((service) => createServiceClient(platform.apps[service].fetch))),
      }),
      corsOrigins: listOf(config.CORS_ORIGINS),
      trustProxy: config.TRUST_PROXY,
      responseHeaders: edgeHeaders(config.PUBLIC_URL),
      metricsToken: config.METRICS_TOKEN,
      lifecycle,
    });
    platform.realtime.io.attach(server);
    const unwatchSockets = watchSockets(platform.realtime.io);
    // npm run backup while this process runs: it writes the snapshot (backup.ts).
    const stopServingBackups = database.snapshot
      ? serveSnapshotRequests(config.DATA_DIR, database, log)
      : () => undefined;
    const port = await listenOn(server, config.PORT, config.HOST);
    return {
      server,
      port,
      url: `http://localhost:${port}`,
      database,
      log,
      /**
       * Stops accepting, answers the requests in flight (up to 10 s), then closes the sockets
       * (clients reconnect), the relays, Redis and the database, and releases the folder.
       */
      async close() {
        await server.drain();
        stopServingBackups();
        unwatchSockets();
        await platform.close();
        await events.close();
        await limiter.close();
        await server.closeAll();
        await database.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}
