import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { ensureKeyFiles } from '@trackboard/server-kit';

// Split mode with local processes: what docker-compose.yml describes, without Docker.
const root = resolve(__dirname, '../..');

export type SplitOptions = {
  /** The environment every process gets: DATABASE_URL and REDIS_URL at least. */
  env: Record<string, string | undefined>;
  gatewayPort: number;
  /** First port for the services; each process takes the next one. */
  basePort: number;
  boardReplicas?: number;
  /** Child output: inherited (a person watching), or kept quietly for error messages (tests). */
  stdio?: 'inherit' | 'ignore';
  /** Aborted while starting: the processes already launched are stopped and the start fails. */
  signal?: AbortSignal;
  /** Extra Node.js flags for the named process (the bench preloads its heap probe with them). */
  nodeFlags?: (name: string) => string[];
  /** Each child gets an IPC channel (`child.send`), for a preloaded probe to answer on. */
  ipc?: boolean;
};

export type SplitProcess = { name: string; port: number; url: string; child: ChildProcess; output: () => string };
export type Split = { url: string; processes: SplitProcess[]; stop(): Promise<void> };

async function waitReady(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} was not ready after ${timeoutMs} ms`);
}

export async function startSplit({
  env,
  gatewayPort,
  basePort,
  boardReplicas = 2,
  stdio = 'inherit',
  signal,
  nodeFlags = () => [],
  ipc = false,
}: SplitOptions): Promise<Split> {
  for (const name of ['DATABASE_URL', 'REDIS_URL']) if (!env[name]) throw new Error(`${name}: required in split mode`);
  const dataDir = env.DATA_DIR ?? resolve(root, 'data');
  // One key pair for all processes; only the auth service signs with the private half.
  const keys = env.JWT_PUBLIC_KEY ? null : ensureKeyFiles(dataDir);
  const keyEnv = keys ? { JWT_PUBLIC_KEY: keys.publicKeyPem } : {};

  const plan: { name: string; entry: string; extra?: Record<string, string> }[] = [
    { name: 'auth', entry: 'services/auth/src/main.ts', extra: keys ? { JWT_PRIVATE_KEY: keys.privateKeyPem } : {} },
    { name: 'project', entry: 'services/project/src/main.ts' },
    { name: 'admin', entry: 'services/admin/src/main.ts' },
    ...Array.from({ length: boardReplicas }, (_, i) => ({
      name: `board-${i + 1}`,
      entry: 'services/board/src/main.ts',
    })),
  ];
  const processes: SplitProcess[] = [];
  // Links in e-mails point at the gateway, the only address users reach.
  const publicEnv = { PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${gatewayPort}` };
  const stop = async () => {
    await Promise.all(
      processes.map(
        ({ child }) =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 5000).unref();
          }),
      ),
    );
  };
  const launch = (name: string, entry: string, port: number, extra: Record<string, string> = {}) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...nodeFlags(name), entry], {
      cwd: root,
      env: {
        ...process.env,
        ...env,
        ...publicEnv,
        ...keyEnv,
        ...extra,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      // Quiet children still keep their last output, to say why one failed to start.
      stdio: [
        'ignore',
        stdio === 'inherit' ? 'inherit' : 'pipe',
        stdio === 'inherit' ? 'inherit' : 'pipe',
        ...(ipc ? (['ipc'] as const) : []),
      ],
    });
    let tail = '';
    const keep = (chunk: Buffer) => void (tail = (tail + chunk.toString()).slice(-4000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const proc = { name, port, url: `http://127.0.0.1:${port}`, child, output: () => tail };
    processes.push(proc);
    return proc;
  };
  const aborted = new Promise<never>((_, reject) => {
    const fail = () => reject(new Error('split mode: stopped while starting'));
    if (signal?.aborted) fail();
    else signal?.addEventListener('abort', fail, { once: true });
  });
  aborted.catch(() => undefined); // raced below; unobserved when the start completes
  try {
    // Migrations take an advisory lock, so the services can start together.
    const boardUrls = plan
      .flatMap((p, i) => (p.name.startsWith('board-') ? [`http://127.0.0.1:${basePort + i}`] : []))
      .join(',');
    // The project service creates a new project's first board through the board service's API.
    const authUrl = `http://127.0.0.1:${basePort}`; // auth is first in the plan
    const services = plan.map((p, i) =>
      launch(p.name, p.entry, basePort + i, {
        ...p.extra,
        ...(p.name === 'project' && { BOARD_SERVICE_URL: boardUrls }),
        ...(p.name === 'admin' && { AUTH_SERVICE_URL: authUrl }),
      }),
    );
    await Promise.race([Promise.all(services.map((s) => waitReady(`${s.url}/ready`, s.child, s.output))), aborted]);
    const urls = (prefix: string) =>
      services
        .filter((s) => s.name === prefix || s.name.startsWith(`${prefix}-`))
        .map((s) => s.url)
        .join(',');
    const gateway = launch('gateway', 'gateway/src/main.ts', gatewayPort, {
      AUTH_SERVICE_URL: urls('auth'),
      PROJECT_SERVICE_URL: urls('project'),
      BOARD_SERVICE_URL: urls('board'),
      ADMIN_SERVICE_URL: urls('admin'),
    });
    await Promise.race([waitReady(`${gateway.url}/health`, gateway.child, gateway.output), aborted]);
    if (signal?.aborted) await aborted;
    return { url: `http://localhost:${gatewayPort}`, processes, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
