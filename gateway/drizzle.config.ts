import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/releases/db/schema.ts',
  out: './src/releases/db/migrations',
  schemaFilter: ['gateway'],
});
