import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from './app';
import {
  createAuthenticator,
  createSqlAccessTokenLookup,
  createSqlSessionLookup,
  type Authenticator,
} from './authenticate';
import { baseConfig, ConfigError, loadConfig, type BaseConfig } from './config';
import { openConfiguredPostgres, type Database } from './db';
import { processLifecycle, type Lifecycle } from './lifecycle';
import { createLogger, type Logger } from './logger';
import { runMigrations, type MigrationSet } from './migrate';
import { runMain } from './run-main';
import { listen, requestTimeouts, type Listening } from './serve';
import { createTokenVerifier, pemFromEnv, type KeyMaterial } from './tokens';

/** What every service's app is built from, in either runtime mode. */
export type ServiceContext = {
  config: BaseConfig;
  log: Logger;
  database: Database;
  keys: KeyMaterial;
  authenticate: Authenticator;
  /** Redis, which a replica serves without (degraded): `lifecycle.addDependency`. */
  lifecycle: Lifecycle;
};

/** Key material from JWT_PRIVATE_KEY / JWT_PUBLIC_KEY, else from `<DATA_DIR>/keys`. */
export function readKeys(config: BaseConfig): KeyMaterial {
  const dir = join(config.DATA_DIR, 'keys');
  const file = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8') : undefined);
  const publicKeyPem = config.JWT_PUBLIC_KEY ? pemFromEnv(config.JWT_PUBLIC_KEY) : file('jwt-public.pem');
  const privateKeyPem = config.JWT_PRIVATE_KEY ? pemFromEnv(config.JWT_PRIVATE_KEY) : file('jwt-private.pem');
  if (!publicKeyPem)
    throw new ConfigError(
      `JWT_PUBLIC_KEY: required (or a key pair in ${dir}: node --import tsx scripts/keygen.ts ${config.DATA_DIR})`,
    );
  return { publicKeyPem, privateKeyPem };
}

export type ServiceMain = {
  service: string;
  migrations: MigrationSet;
  build: (
    ctx: ServiceContext,
  ) => Promise<{ app: Hono<AppEnv>; attach?: (listening: Listening) => void; close?: () => Promise<void> }>;
};

// A stopping replica first answers /ready with 503 and keeps serving until each caller tracking
// it (the gateway, a service client: they probe every 2 s) has been told, so no new request is on
// its way when it stops accepting (at most 3 s); then the requests in flight get up to 10 s.
const PROBE_WAIT_MS = 3_000;
const GRACE_MS = 10_000;

/**
 * Split mode: one service in its own process against PostgreSQL (DATABASE_URL). It listens once
 * its migrations have run (until then /ready is refused). On SIGTERM: not ready, drained of
 * requests, then `close` (sockets told to reconnect elsewhere, relays, Redis), the database, exit 0.
 */
export function runServiceMain({ service, migrations, build }: ServiceMain): void {
  runMain(service, async () => {
    const config = loadConfig(baseConfig.extend({ DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }) }));
    const log = createLogger(service, config.LOG_LEVEL);
    const keys = readKeys(config);
    const database = openConfiguredPostgres(config.DATABASE_URL, config);
    await runMigrations(database.db, migrations);
    const verify = await createTokenVerifier(keys.publicKeyPem);
    const lifecycle = processLifecycle;
    const ctx: ServiceContext = {
      config,
      log,
      database,
      keys,
      authenticate: createAuthenticator(
        verify,
        createSqlSessionLookup(database.db),
        createSqlAccessTokenLookup(database.db, log),
      ),
      lifecycle,
    };
    const built = await build(ctx);
    const listening = await listen(built.app, config.PORT, config.HOST, requestTimeouts, {
      metrics: { token: config.METRICS_TOKEN },
      lifecycle,
    });
    built.attach?.(listening);
    log.info({ port: listening.port }, `${service} service listening`);
    return {
      log,
      cleanups: [
        async () => {
          await lifecycle.probeSeen(PROBE_WAIT_MS);
          await listening.drain(GRACE_MS);
        },
        () => built.close?.(),
        () => listening.close(),
        () => database.close(),
      ],
    };
  });
}
