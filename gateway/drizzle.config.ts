import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/releases/schema.ts',
  out: './src/releases/migrations',
  schemaFilter: ['gateway'],
});
