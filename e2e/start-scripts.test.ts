import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { apiOf } from './support/api';
import { ADMIN } from './support/app-process';
import { requireEnv, scratchDatabase } from './support/environment';
import { until } from './support/poll';
import { freePortRange, freePorts } from './support/ports';
import { stopProcess } from './support/stop-process';

// `npm start` and `npm run start:split` as an operator runs them: stopping the command
// (SIGTERM from a service manager, SIGINT from Ctrl-C) stops everything it started, so the
// ports and the data folder's lock are free and the next start works.
const root = resolve(__dirname, '..');

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** `node scripts/<script>` (what the npm script runs) with `env`, up once `url` answers. */
async function start(script: string, env: Record<string, string>, url: string): Promise<Started> {
  const child = spawn(process.execPath, [`scripts/${script}`], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const started = { child, output: () => output, exited };
  try {
    await until(
      async () => {
        if (child.exitCode !== null) throw new Error(`${script} exited early`);
        return (await fetch(url, { signal: AbortSignal.timeout(5_000) }).catch(() => null))?.ok;
      },
      { timeoutMs: 120_000, what: `${script} to answer ${url}` },
    );
  } catch (error) {
    await stop(started);
    throw new Error(`${(error as Error).message}:\n${output}`);
  }
  return started;
}

/**
 * Stops a start script still running as its operator would (SIGTERM: it stops what it started),
 * and kills it if that takes too long. Never SIGKILL first: start:split's own processes would
 * be left running, holding their ports.
 */
const stop = ({ child }: Started) => stopProcess(child, 20_000);

/** Whether nothing listens on the port: it can be bound again. */
const isFree = (port: number) =>
  new Promise<boolean>((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
  });

describe('npm start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tb-start-'));
  let port: number;
  const running: Started[] = [];
  beforeAll(async () => {
    [port] = (await freePorts(1)) as [number];
  });
  afterAll(async () => {
    await Promise.all(running.map(stop));
    rmSync(dataDir, { recursive: true, force: true });
  });
  const env = () => ({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' });

  it('stops its server on SIGTERM: the port and the data lock are free, and the next start works', async () => {
    const first = await start('start.mjs', env(), `http://127.0.0.1:${port}/api/health/auth`);
    running.push(first);
    expect(existsSync(join(dataDir, 'trackboard.lock'))).toBe(true);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect({ portFree: await isFree(port), lock: existsSync(join(dataDir, 'trackboard.lock')) }).toEqual({
      portFree: true,
      lock: false,
    });

    const second = await start('start.mjs', env(), `http://127.0.0.1:${port}/api/health/auth`);
    running.push(second);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});

describe('npm run start:split', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tb-start-split-'));
  let dropDatabase: (() => Promise<void>) | undefined;
  let env: Record<string, string>;
  let ports: number[];
  const running: Started[] = [];
  beforeAll(async () => {
    const database = await scratchDatabase();
    dropDatabase = database.drop;
    // The gateway, then auth, project, admin, notification and two board replicas on the ports after it.
    const base = await freePortRange(7);
    ports = Array.from({ length: 7 }, (_, i) => base + i);
    env = {
      DATABASE_URL: database.url,
      REDIS_URL: requireEnv('REDIS_URL'),
      PORT: String(base),
      SERVICES_BASE_PORT: String(base + 1),
      BOARD_REPLICAS: '2',
      DATA_DIR: dataDir,
    };
  });
  afterAll(async () => {
    await Promise.all(running.map(stop));
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops every process on SIGINT, and starts again on the same ports', async () => {
    const gateway = `http://127.0.0.1:${ports[0]}`;
    const first = await start('start-split.mjs', env, `${gateway}/health`);
    running.push(first);
    // The admin service reaches the auth service's account administration over AUTH_SERVICE_URL;
    // the gateway does not route it.
    const api = apiOf({ url: gateway, dataDir });
    const admin = await api.login(ADMIN.email, ADMIN.password);
    const person = await api.activeUser(admin, 'Split Person');
    expect(person.user.status).toBe('ACTIVE');
    const direct = await fetch(`${gateway}/api/auth/users/${person.user.id}/status`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'SUSPENDED' }),
    });
    expect(direct.status).toBe(404);

    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    const free = await Promise.all(ports.map(isFree));
    expect(Object.fromEntries(ports.map((p, i) => [p, free[i]]))).toEqual(
      Object.fromEntries(ports.map((p) => [p, true])),
    );

    const second = await start('start-split.mjs', env, `${gateway}/health`);
    running.push(second);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  });
});
