// npm start — embedded mode: one process, PGlite in DATA_DIR (default ./data), in-memory realtime.
import { ensureWebBuilt } from './web-built.mjs';

ensureWebBuilt();
// The server runs in this very process (tsx registered here rather than in a child), so a
// SIGTERM or SIGINT to `npm start` reaches runMain's shutdown: the port and the data folder's
// lock are released, and nothing is left running to refuse the next start.
await import('tsx');
await import('../gateway/src/embedded-main.ts');
