import { z } from 'zod';
import { createServiceClient, listOf, loadConfig, runServiceMain, systemClock } from '@trackboard/server-kit';
import { adminMigrations, createAdminApp } from './app';

runServiceMain({
  service: 'admin',
  migrations: adminMigrations,
  async build(ctx) {
    const { AUTH_SERVICE_URL } = loadConfig(z.object({ AUTH_SERVICE_URL: z.string().min(1) }));
    const { app } = createAdminApp({
      ...ctx,
      authService: createServiceClient(listOf(AUTH_SERVICE_URL)),
      clock: systemClock,
    });
    return { app };
  },
});
