import { runServiceMain } from '@trackboard/server-kit';
import { createProjectApp, projectMigrations } from './app';

void runServiceMain({
  service: 'project',
  migrations: projectMigrations,
  build: async (ctx) => ({ app: createProjectApp(ctx) }),
});
