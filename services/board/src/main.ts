import { createMemoryEventBus, createRedisEventBus, listOf, runServiceMain, systemClock } from '@trackboard/server-kit';
import { boardMigrations, createBoardApp } from './app';

runServiceMain({
  service: 'board',
  migrations: boardMigrations,
  async build({ config, log, database, authenticate }) {
    if (!config.REDIS_URL)
      log.warn('REDIS_URL is not set: board rooms stay on this replica and membership changes do not reach it');
    const events = config.REDIS_URL ? createRedisEventBus(config.REDIS_URL, log) : createMemoryEventBus(log);
    const { app, realtime } = createBoardApp({
      database,
      log,
      authenticate,
      events,
      allowedOrigins: listOf(config.CORS_ORIGINS),
      redisUrl: config.REDIS_URL,
      clock: systemClock,
    });
    return {
      app,
      attach: ({ server }) => realtime.io.attach(server as never),
      close: async () => {
        await realtime.close();
        await events.close();
      },
    };
  },
});
