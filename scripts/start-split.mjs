// npm run start:split — gateway, auth, project, admin, notification and two board replicas as separate
// processes against PostgreSQL (DATABASE_URL) and Redis (REDIS_URL). Builds the web apps first if needed.
import { ensureWebBuilt } from './web-built.mjs';

for (const name of ['DATABASE_URL', 'REDIS_URL']) {
  if (!process.env[name]) {
    console.error(
      `${name} is required in split mode, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379`,
    );
    process.exit(1);
  }
}
ensureWebBuilt();
// The launcher runs in this process, so a signal to `npm run start:split` reaches it and it
// stops every child before exiting (start-split.ts).
await import('tsx');
await import('./start-split.ts');
