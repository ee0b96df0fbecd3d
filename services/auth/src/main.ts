import {
  ConfigError,
  loadConfig,
  configuredMailer,
  createMemoryEventBus,
  createMemoryRateLimiter,
  createRedisEventBus,
  createRedisRateLimiter,
  createTokenSigner,
  redisNamespace,
  runServiceMain,
  systemClock,
} from '@trackboard/server-kit';
import { createFileStore, fileStoreConfig } from '@trackboard/file-store';
import { authMigrations, createAuthApp } from './app';
import { ssoConfig, ssoSettings } from './sso-config';

runServiceMain({
  service: 'auth',
  migrations: authMigrations,
  async build({ config, log, database, keys, authenticate, lifecycle }) {
    if (!keys.privateKeyPem)
      throw new ConfigError('JWT_PRIVATE_KEY: required by the auth service (it signs the tokens)');
    const namespace = redisNamespace(config.DATABASE_URL);
    const limiter = config.REDIS_URL
      ? createRedisRateLimiter(config.REDIS_URL, log, namespace)
      : createMemoryRateLimiter();
    if (!config.REDIS_URL) log.warn('REDIS_URL is not set: session revocations do not reach the board replicas');
    const events = config.REDIS_URL
      ? createRedisEventBus(config.REDIS_URL, log, { namespace })
      : createMemoryEventBus(log);
    // Redis away leaves the replica ready, degraded: events wait in the outbox meanwhile.
    if (config.REDIS_URL) lifecycle.addDependency('redis', () => events.ping());
    const { app, accounts, close } = createAuthApp({
      database,
      log,
      authenticate,
      sign: await createTokenSigner(keys.privateKeyPem),
      mailer: configuredMailer(config, log),
      limiter,
      publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
      appName: config.APP_NAME,
      clock: systemClock,
      events,
      sso: ssoSettings(loadConfig(ssoConfig)),
      // The attachment storage: the same bucket as the board's with S3_BUCKET set; else DATA_DIR.
      files: createFileStore(fileStoreConfig(process.env, config.DATA_DIR)),
    });
    await accounts.ensureFirstAdmin({ email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
    return {
      app,
      close: async () => {
        await close();
        await events.close();
        await limiter.close();
      },
    };
  },
});
