import { runServiceMain } from '@trackboard/server-kit';
import { createAdminApp, adminMigrations } from './app';

void runServiceMain({
  service: 'admin',
  migrations: adminMigrations,
  build: async (ctx) => ({ app: createAdminApp(ctx) }),
});
