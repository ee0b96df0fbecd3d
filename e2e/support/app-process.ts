import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePorts } from './ports';

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
  const stop = () =>
    new Promise<void>((done) => {
      const finish = () => {
        rmSync(dataDir, { recursive: true, force: true });
        done();
      };
      if (child.exitCode !== null) return finish();
      child.once('exit', finish);
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health/board`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the app did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, dataDir, child, output: () => output, stop };
}
