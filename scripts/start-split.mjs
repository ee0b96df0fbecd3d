// npm run start:split — gateway, auth, project, admin and two board replicas as separate
// processes against PostgreSQL (DATABASE_URL) and Redis (REDIS_URL). Builds the web apps first if needed.
import { spawnSync } from 'node:child_process';
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
const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start-split.ts'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
