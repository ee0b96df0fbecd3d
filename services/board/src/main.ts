import { z } from 'zod';
import {
  createMemoryEventBus,
  createServiceClient,
  loadConfig,
  createRedisEventBus,
  listOf,
  redisNamespace,
  runServiceMain,
  systemClock,
  watchSockets,
} from '@trackboard/server-kit';
import { attachmentSettings, boardMigrations, createBoardApp } from './app';

runServiceMain({
  service: 'board',
  migrations: boardMigrations,
  async build({ config, log, database, authenticate, lifecycle }) {
    if (!config.REDIS_URL)
      log.warn('REDIS_URL is not set: board rooms stay on this replica and events from other services do not reach it');
    // Deployments sharing a Redis keep apart: their keys are named for their database.
    const namespace = redisNamespace(config.DATABASE_URL);
    const events = config.REDIS_URL
      ? createRedisEventBus(config.REDIS_URL, log, { namespace })
      : createMemoryEventBus(log);
    // Redis away leaves the replica ready, degraded: events wait in the outbox meanwhile.
    if (config.REDIS_URL) lifecycle.addDependency('redis', () => events.ping());
    // Imports create their project through the project service, its replicas in turn.
    const { PROJECT_SERVICE_URL } = loadConfig(z.object({ PROJECT_SERVICE_URL: z.string().min(1) }));
    const projectService = createServiceClient({ urls: listOf(PROJECT_SERVICE_URL), service: 'project', log });
    const board = createBoardApp({
      database,
      log,
      authenticate,
      events,
      allowedOrigins: listOf(config.CORS_ORIGINS),
      redisUrl: config.REDIS_URL,
      clock: systemClock,
      realtime: { redisKey: `${namespace}:socket.io` },
      projectService,
      attachments: attachmentSettings(process.env, config.DATA_DIR),
    });
    const unwatch = watchSockets(board.realtime.io);
    return {
      app: board.app,
      attach: ({ server }) => board.realtime.io.attach(server),
      // Called once the requests in flight are answered: closing the Socket.IO server closes each
      // socket's transport, so clients reconnect through the gateway to a replica still up. The
      // outbox relay stops with it: what it had not sent yet goes with another replica's relay.
      close: async () => {
        unwatch();
        await board.close();
        await events.close();
        projectService.close();
      },
    };
  },
});
