import { z } from 'zod';
import { createServiceClient, listOf, loadConfig, runServiceMain, systemClock } from '@trackboard/server-kit';
import { adminMigrations, createAdminApp } from './app';

runServiceMain({
  service: 'admin',
  migrations: adminMigrations,
  async build(ctx) {
    const { AUTH_SERVICE_URL } = loadConfig(z.object({ AUTH_SERVICE_URL: z.string().min(1) }));
    const authService = createServiceClient({ urls: listOf(AUTH_SERVICE_URL), service: 'auth', log: ctx.log });
    const { app } = createAdminApp({ ...ctx, authService, clock: systemClock });
    return { app, close: async () => authService.close() };
  },
});
