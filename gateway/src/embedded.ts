import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { adminMigrations, createAdminApp } from '@trackboard/admin-service';
import { authMigrations, createAuthApp } from '@trackboard/auth-service';
import { boardMigrations, createBoardService } from '@trackboard/board-service';
import { createProjectApp, projectMigrations } from '@trackboard/project-service';
import {
  createAuthenticator,
  createLogger,
  createTokenVerifier,
  ensureKeyFiles,
  listOf,
  loadConfig,
  lockDataDir,
  openPglite,
  openPostgres,
  readKeys,
  runAllMigrations,
  type Database,
  type Logger,
} from '@trackboard/server-kit';
import { gatewayConfig, remoteUrls, type GatewayConfig } from './config';
import { createInProcessForwarder } from './forwarders';
import { createGatewayServer } from './server';
import { createWebHost } from './web-host';

export const allMigrations = [authMigrations, projectMigrations, boardMigrations, adminMigrations];

export type Embedded = { server: Server; url: string; port: number; database: Database; close(): Promise<void> };

/**
 * Embedded mode (the default): one process, the four service apps mounted in-process,
 * PGlite in DATA_DIR (or PostgreSQL when DATABASE_URL is set), in-memory Socket.IO.
 */
export async function startEmbedded(env: Record<string, string | undefined> = process.env, log?: Logger): Promise<Embedded> {
  const config: GatewayConfig = loadConfig(gatewayConfig, env);
  log ??= createLogger('trackboard', config.LOG_LEVEL);
  const unlock = config.DATABASE_URL ? () => undefined : lockDataDir(config.DATA_DIR);
  try {
    const keys = config.JWT_PUBLIC_KEY ? readKeys(config) : ensureKeyFiles(config.DATA_DIR);
    const database = config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : await openPglite(config.DATA_DIR);
    await runAllMigrations(database.db, allMigrations);
    const authenticate = createAuthenticator(await createTokenVerifier(keys.publicKeyPem));
    const ctx = { database, log, authenticate, keys };
    const board = createBoardService({ ...ctx, allowedOrigins: listOf(config.CORS_ORIGINS) });
    const forwarder = createInProcessForwarder({
      auth: createAuthApp(ctx),
      project: createProjectApp(ctx),
      board: board.app,
      admin: createAdminApp(ctx),
    });
    const server = createGatewayServer({
      forwarder,
      web: createWebHost({ webRoot: config.WEB_ROOT, remoteUrls: remoteUrls(config) }),
      corsOrigins: listOf(config.CORS_ORIGINS),
    });
    board.realtime.io.attach(server);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.PORT, config.HOST, () => resolve());
    });
    const port = (server.address() as AddressInfo).port;
    return {
      server,
      port,
      url: `http://localhost:${port}`,
      database,
      async close() {
        await board.realtime.close();
        await new Promise((resolve) => {
          server.close(resolve);
          server.closeAllConnections();
        });
        await database.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}
