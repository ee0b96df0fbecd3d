// npm start — embedded mode: one process, PGlite in DATA_DIR (default ./data), in-memory realtime.
import { spawnSync } from 'node:child_process';
import { ensureWebBuilt } from './web-built.mjs';

ensureWebBuilt();
const run = spawnSync(process.execPath, ['--import', 'tsx', 'gateway/src/embedded-main.ts'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
