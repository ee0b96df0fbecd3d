import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from '@trackboard/server-kit';
import { startEmbedded, type Embedded } from '../embedded';

// A first start on an empty data folder creates and migrates its database: seconds alone, several
// times that beside a full run's other workers. So the start has a limit of its own, well above
// jest's 30 s for a hook.
const START_LIMIT_MS = 120_000;

/**
 * Embedded mode on a data folder of its own for one describe block: started before its tests and
 * closed after them — also when the start outlived its limit, so no running platform keeps jest
 * alive. `env` comes on top of a loopback, PGlite-only, Redis-less configuration.
 */
export function embeddedSuite(env: Record<string, string>, log: Logger) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tb-embedded-'));
  const config: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    REDIS_URL: '',
    WEB_ROOT: dataDir,
    ...env,
  };
  let running: Promise<Embedded> | undefined;
  let app: Embedded | undefined;
  const start = async () => (app = await (running = startEmbedded(config, log)));

  beforeAll(start, START_LIMIT_MS);
  afterAll(async () => {
    await (await running?.catch(() => undefined))?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    config,
    get app(): Embedded {
      if (!app) throw new Error('embedded mode has not started');
      return app;
    },
    /** Stops the process's platform and starts it again on the same data folder. */
    async restart() {
      await app?.close();
      app = undefined;
      await start();
    },
  };
}
