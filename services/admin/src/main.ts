import { z } from 'zod';
import { createServiceClient, listOf, loadConfig, runServiceMain } from '@trackboard/server-kit';
import { adminMigrations, createAdminApp } from './app';

void runServiceMain({
  service: 'admin',
  migrations: adminMigrations,
  async build(ctx) {
    const { AUTH_SERVICE_URL } = loadConfig(z.object({ AUTH_SERVICE_URL: z.string().min(1) }));
    return { app: createAdminApp({ ...ctx, authService: createServiceClient(listOf(AUTH_SERVICE_URL)) }) };
  },
});
