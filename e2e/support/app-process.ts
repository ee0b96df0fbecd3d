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
  /** The process serving now (a new one after `restart`). */
  readonly child: ChildProcess;
  /** What every process of this app has written so far. */
  output: () => string;
  /** Stops the process for good and removes the data folder. */
  stop(): Promise<void>;
  /** Stops the process as an outage would, keeping the data folder: `restart` brings it back. */
  halt(): Promise<void>;
  /** Starts the app again on the same port and data folder, once it answers. */
  restart(): Promise<void>;
};

/** How long an app may take to stop on SIGTERM before it is killed. */
const STOP_GRACE_MS = 10_000;

/**
 * `npm start`'s process (embedded mode) on a free port with a fresh data folder; on `port` when
 * given (a test that must name the app's address before it starts: an identity provider's
 * redirect URL).
 */
export async function startEmbeddedApp(env: Record<string, string> = {}, givenPort?: number): Promise<RunningApp> {
  const port = givenPort ?? (await freePorts(1))[0]!;
  const dataDir = mkdtempSync(join(tmpdir(), 'tb-data-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  let child: ChildProcess | undefined;

  const spawnApp = () => {
    const started = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/embedded-main.ts'], {
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
    started.stdout!.on('data', (d) => (output += d));
    started.stderr!.on('data', (d) => (output += d));
    return started;
  };
  const answering = (running: ChildProcess) =>
    until(
      async () => {
        if (running.exitCode !== null || running.signalCode !== null) throw new Error('the app exited early');
        const res = await fetch(`${url}/api/health/board`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
        return res?.ok;
      },
      { timeoutMs: 60_000, what: 'the app to answer /api/health/board' },
    );

  // SIGTERM (a graceful stop), SIGKILL if that takes too long.
  const halt = async () => {
    if (child) await stopProcess(child, STOP_GRACE_MS);
  };
  let stopping: Promise<void> | undefined;
  // The data folder goes with a stop, whatever state the process is in.
  const stop = () =>
    (stopping ??= (async () => {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    })());
  const start = async () => {
    if (stopping) throw new Error('the app was stopped for good');
    const running = (child = spawnApp());
    try {
      await answering(running);
    } catch (error) {
      // Whatever failed, nothing is left running or on disk.
      await stop();
      throw new Error(`${(error as Error).message}\n${output}`);
    }
  };

  await start();
  return {
    url,
    dataDir,
    get child() {
      return child!;
    },
    output: () => output,
    stop,
    halt,
    async restart() {
      await halt();
      await start();
    },
  };
}
