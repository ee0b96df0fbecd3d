import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { until } from './poll';
import { freePorts } from './ports';
import { stopProcess } from './stop-process';

const root = resolve(__dirname, '../..');

/** The first administrator every journey's app starts with. */
import { ADMIN } from '@trackboard/test-platform/admin';

export { ADMIN };

export type RunningApp = {
  url: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
};

/** How long an app may take to stop on SIGTERM before it is killed. */
const STOP_GRACE_MS = 10_000;

/** `npm start`'s process (embedded mode) on a free port with a fresh data folder. */
export async function startEmbeddedApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const [port] = await freePorts(1);
  const dataDir = mkdtempSync(join(tmpdir(), 'tb-data-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/embedded-main.ts'], {
    cwd: root,
    // Embedded mode proper: no PostgreSQL and no Redis (whatever CI exports for the split suites).
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  let stopping: Promise<void> | undefined;
  // SIGTERM (a graceful stop), SIGKILL if that takes too long; the data folder goes either way.
  const stop = () =>
    (stopping ??= (async () => {
      await stopProcess(child, STOP_GRACE_MS);
      rmSync(dataDir, { recursive: true, force: true });
    })());
  try {
    await until(
      async () => {
        if (child.exitCode !== null || child.signalCode !== null) throw new Error('the app exited early');
        const res = await fetch(`${url}/api/health/board`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
        return res?.ok;
      },
      { timeoutMs: 60_000, what: 'the app to answer /api/health/board' },
    );
  } catch (error) {
    // Whatever failed, nothing is left running or on disk.
    await stop();
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return { url, dataDir, child, output: () => output, stop };
}
