import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { ensureKeyFiles } from '@trackboard/server-kit';
import { haproxyConfig, haproxyProgram, spawnHaproxy } from './haproxy';

// Split mode with local processes: what docker-compose.yml describes, without Docker.
const root = resolve(__dirname, '../..');

export type SplitOptions = {
  /** The environment every process gets: DATABASE_URL and REDIS_URL at least. */
  env: Record<string, string | undefined>;
  /** The gateway's port; with several gateways, the first one's (a load balancer in front takes another). */
  gatewayPort: number;
  /** Gateways side by side (1 by default): gateway-1 on `gatewayPort`, the next ones after the services. */
  gateways?: number;
  /**
   * HAProxy in front of the gateways, on this port (haproxy.ts): the address users reach. The
   * gateways then believe its X-Forwarded-For (TRUST_PROXY=1 unless `env` says otherwise).
   */
  loadBalancer?: { port: number; haproxyPath?: string };
  /** First port for the services; each process takes the next one. */
  basePort: number;
  boardReplicas?: number;
  /** Replicas of the other services (1 each by default); the gateway and the service clients get every URL. */
  replicas?: Partial<Record<'auth' | 'project' | 'admin' | 'notification', number>>;
  /** Every piece of a child's output as it comes (tests read the services' log lines). */
  onOutput?: (name: string, text: string) => void;
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
export type Split = {
  /** The address users reach: the load balancer's, else the first gateway's. */
  url: string;
  /** Every gateway, in order (one unless `gateways` asked for more). */
  gatewayUrls: string[];
  /** The processes now running (a relaunched one replaces its predecessor). */
  processes: SplitProcess[];
  /** Starts the named process again, on its port with its environment, once it has exited; resolves when ready. */
  relaunch(name: string): Promise<SplitProcess>;
  stop(): Promise<void>;
};

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
  gateways = 1,
  loadBalancer,
  replicas = {},
  onOutput,
  stdio = 'inherit',
  signal,
  nodeFlags = () => [],
  ipc = false,
}: SplitOptions): Promise<Split> {
  for (const name of ['DATABASE_URL', 'REDIS_URL']) if (!env[name]) throw new Error(`${name}: required in split mode`);
  // Before any process starts: a missing HAProxy is said at once.
  const haproxyPath = loadBalancer && haproxyProgram(loadBalancer.haproxyPath);
  const dataDir = env.DATA_DIR ?? resolve(root, 'data');
  // One key pair for all processes; only the auth service signs with the private half.
  const keys = env.JWT_PUBLIC_KEY ? null : ensureKeyFiles(dataDir);
  const keyEnv = keys ? { JWT_PUBLIC_KEY: keys.publicKeyPem } : {};

  // Board replicas are always numbered; another service is numbered when it has more than one.
  const replicasOf = (service: string, count: number, extra: Record<string, string> = {}) =>
    Array.from({ length: count }, (_, i) => ({
      name: count > 1 || service === 'board' ? `${service}-${i + 1}` : service,
      entry: `services/${service}/src/main.ts`,
      extra,
    }));
  const plan: { name: string; entry: string; extra?: Record<string, string> }[] = [
    ...replicasOf('auth', replicas.auth ?? 1, keys ? { JWT_PRIVATE_KEY: keys.privateKeyPem } : {}),
    ...replicasOf('project', replicas.project ?? 1),
    ...replicasOf('admin', replicas.admin ?? 1),
    ...replicasOf('notification', replicas.notification ?? 1),
    ...replicasOf('board', boardReplicas),
  ];
  const processes: SplitProcess[] = [];
  // Links in e-mails point at the gateway, the only address users reach.
  const publicPort = loadBalancer?.port ?? gatewayPort;
  const publicEnv = { PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${publicPort}` };
  const stop = async () => {
    await Promise.all(
      processes.map(
        ({ child }) =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
            // A graceful stop takes up to 3 s (the gateway's probe) plus the requests in flight.
            setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
          }),
      ),
    );
  };
  const launched = new Map<string, { entry: string; port: number; extra: Record<string, string> }>();
  const launch = (name: string, entry: string, port: number, extra: Record<string, string> = {}) => {
    launched.set(name, { entry, port, extra });
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
    const keep = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4000);
      onOutput?.(name, chunk.toString());
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const proc = { name, port, url: `http://127.0.0.1:${port}`, child, output: () => tail };
    const previous = processes.findIndex((p) => p.name === name);
    if (previous === -1) processes.push(proc);
    else processes[previous] = proc;
    return proc;
  };
  const relaunch = async (name: string) => {
    const spec = launched.get(name);
    const running = processes.find((p) => p.name === name);
    if (!spec) throw new Error(`no process named ${name}`);
    if (running && running.child.exitCode === null && !running.child.signalCode)
      throw new Error(`${name} is still running`);
    const proc = launch(name, spec.entry, spec.port, spec.extra);
    await waitReady(`${proc.url}/${name.startsWith('gateway') ? 'health' : 'ready'}`, proc.child, proc.output);
    return proc;
  };
  const aborted = new Promise<never>((_, reject) => {
    const fail = () => reject(new Error('split mode: stopped while starting'));
    if (signal?.aborted) fail();
    else signal?.addEventListener('abort', fail, { once: true });
  });
  aborted.catch(() => undefined); // raced below; unobserved when the start completes
  try {
    // Migrations take an advisory lock, so the services can start together. Every replica's URL
    // is configuration: the gateway and the service clients track them (server-kit replicas.ts).
    const urls = (service: string) =>
      plan.flatMap((p, i) => (p.entry.includes(`/${service}/`) ? [`http://127.0.0.1:${basePort + i}`] : [])).join(',');
    const services = plan.map((p, i) =>
      launch(p.name, p.entry, basePort + i, {
        ...p.extra,
        // The project service creates a new project's first board through the board service's API.
        ...(p.entry.includes('/project/') && { BOARD_SERVICE_URL: urls('board') }),
        // An import creates its project through the project service's API.
        ...(p.entry.includes('/board/') && { PROJECT_SERVICE_URL: urls('project') }),
        ...(p.entry.includes('/admin/') && { AUTH_SERVICE_URL: urls('auth') }),
      }),
    );
    await Promise.race([Promise.all(services.map((s) => waitReady(`${s.url}/ready`, s.child, s.output))), aborted]);
    const gatewayPorts = Array.from({ length: gateways }, (_, i) =>
      i === 0 ? gatewayPort : basePort + plan.length + i - 1,
    );
    const started = gatewayPorts.map((port, i) =>
      launch(gateways > 1 ? `gateway-${i + 1}` : 'gateway', 'gateway/src/main.ts', port, {
        AUTH_SERVICE_URL: urls('auth'),
        PROJECT_SERVICE_URL: urls('project'),
        BOARD_SERVICE_URL: urls('board'),
        ADMIN_SERVICE_URL: urls('admin'),
        NOTIFICATION_SERVICE_URL: urls('notification'),
        // The client's address arrives in X-Forwarded-For from the load balancer, the one hop in front.
        ...(loadBalancer && { TRUST_PROXY: env.TRUST_PROXY ?? '1' }),
      }),
    );
    await Promise.race([Promise.all(started.map((g) => waitReady(`${g.url}/health`, g.child, g.output))), aborted]);
    if (loadBalancer) {
      const config = haproxyConfig({
        bind: `127.0.0.1:${loadBalancer.port}`,
        servers: { addresses: gatewayPorts.map((port) => `127.0.0.1:${port}`) },
      });
      const haproxy = spawnHaproxy({
        config,
        haproxyPath,
        stdio,
        onOutput: onOutput && ((text) => onOutput('haproxy', text)),
      });
      const port = loadBalancer.port;
      processes.push({ name: 'haproxy', port, url: `http://127.0.0.1:${port}`, ...haproxy });
      // Ready once it passes a request to a gateway that is ready.
      await Promise.race([waitReady(`http://127.0.0.1:${port}/ready`, haproxy.child, haproxy.output), aborted]);
    }
    if (signal?.aborted) await aborted;
    const gatewayUrls = gatewayPorts.map((port) => `http://localhost:${port}`);
    return { url: `http://localhost:${publicPort}`, gatewayUrls, processes, relaunch, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
