import { listOf, runServiceMain } from '@trackboard/server-kit';
import { boardMigrations, createBoardService } from './app';

void runServiceMain({
  service: 'board',
  migrations: boardMigrations,
  async build({ config, log, database, authenticate }) {
    const { app, realtime } = createBoardService({
      database,
      log,
      authenticate,
      allowedOrigins: listOf(config.CORS_ORIGINS),
      redisUrl: config.REDIS_URL,
    });
    return { app, attach: ({ server }) => realtime.io.attach(server as never), close: realtime.close };
  },
});
