import { runServiceMain } from '@trackboard/server-kit';
import { createAuthApp, authMigrations } from './app';

void runServiceMain({
  service: 'auth',
  migrations: authMigrations,
  build: async (ctx) => ({ app: createAuthApp(ctx) }),
});
