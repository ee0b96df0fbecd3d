import { z } from 'zod';
import {
  configuredMailer,
  createRedisEventBus,
  createServiceClient,
  listOf,
  loadConfig,
  redisNamespace,
  runServiceMain,
} from '@trackboard/server-kit';
import { createProjectApp, projectMigrations } from './app';

runServiceMain({
  service: 'project',
  migrations: projectMigrations,
  async build({ config, log, database, authenticate, lifecycle }) {
    // Where the board service listens (its replicas in turn), and the bus its events are relayed to.
    const { BOARD_SERVICE_URL, REDIS_URL } = loadConfig(
      z.object({ BOARD_SERVICE_URL: z.string().min(1), REDIS_URL: z.url() }),
    );
    const events = createRedisEventBus(REDIS_URL, log, { namespace: redisNamespace(config.DATABASE_URL) });
    // Redis away leaves the replica ready, degraded: events wait in the outbox meanwhile.
    lifecycle.addDependency('redis', () => events.ping());
    const boardService = createServiceClient({ urls: listOf(BOARD_SERVICE_URL), service: 'board', log });
    const { app, close } = createProjectApp({
      database,
      log,
      authenticate,
      boardService,
      events,
      // Invitations are mailed from here.
      mailer: configuredMailer(config, log),
      publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
      appName: config.APP_NAME,
    });
    return {
      app,
      close: async () => {
        await close();
        await events.close();
        boardService.close();
      },
    };
  },
});
