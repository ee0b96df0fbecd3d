// What the test parts need besides node_modules: PostgreSQL and Redis for the server suites and
// the journeys, Debian's Chromium for the journeys, kubectl for the Kubernetes manifests' suite
// (deploy/kubernetes, rendered with `kubectl kustomize`), HAProxy and PgBouncer for the journeys
// of a split deployment behind them. As root on Debian (CI, a fresh machine)
// what is missing is installed from Debian's packages and what is down is started; anywhere else
// the run stops at once with one message naming what to install. Never a downloaded browser.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';

const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Can this process install Debian packages and start services by itself? */
const canProvision = () =>
  process.getuid?.() === 0 && existsSync('/etc/debian_version') && existsSync('/usr/bin/apt-get');

let aptUpdated = false;
function aptInstall(...packages) {
  const quiet = { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  if (!aptUpdated) spawnSync('apt-get', ['update', '-qq'], quiet);
  aptUpdated = true;
  console.log(`  installing ${packages.join(', ')} from Debian's packages`);
  return spawnSync('apt-get', ['install', '-y', '-qq', ...packages], quiet).status === 0;
}

const onPath = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/** Whether something accepts TCP connections at the URL's host and port (within a second). */
function listening(url, defaultPort) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || defaultPort) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function waitListening(url, defaultPort) {
  for (let i = 0; i < 60; i++) {
    if (await listening(url, defaultPort)) return true;
    // Polls a server that is starting; it gives no other sign of being up.
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

/** A local server the URL names, started when it is installed but down (root on Debian only). */
async function ensureServer({ name, defaultPort, binary, debianPackage, start }, url) {
  if (await listening(url, defaultPort)) return null;
  const { hostname } = new URL(url);
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
  if (!local || !canProvision()) return `${name} at ${url}`;
  if (!onPath(binary) && !aptInstall(debianPackage)) return `${name} (Debian package ${debianPackage})`;
  console.log(`  starting ${name}`);
  start(url);
  return (await waitListening(url, defaultPort)) ? null : `${name} at ${url} (installed, but it did not start)`;
}

const startPostgres = () => {
  const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
  for (const version of versions)
    spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'inherit' });
};
const startRedis = (url) => {
  const port = new URL(url).port || '6379';
  spawnSync(
    'redis-server',
    ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', port, '--save', '', '--appendonly', 'no'],
    { stdio: 'inherit' },
  );
};

/** The servers the tests reach by URL: the variable that names each, and its local default. */
const servers = {
  database: {
    name: 'PostgreSQL',
    variable: 'DATABASE_URL',
    defaultUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
    defaultPort: 5432,
    binary: 'pg_ctlcluster',
    debianPackage: 'postgresql',
    start: startPostgres,
  },
  redis: {
    name: 'Redis',
    variable: 'REDIS_URL',
    defaultUrl: 'redis://127.0.0.1:6379',
    defaultPort: 6379,
    binary: 'redis-server',
    debianPackage: 'redis-server',
    start: startRedis,
  },
};

/**
 * Programs the tests run themselves, by command and the Debian package that has it: kubectl renders
 * the Kubernetes manifests; HAProxy and PgBouncer stand in front of the gateways and PostgreSQL in
 * the journeys that put a split deployment behind them (each test starts its own on a free port).
 */
const tools = { kubectl: 'kubernetes-client', haproxy: 'haproxy', pgbouncer: 'pgbouncer' };

/**
 * Makes sure what `needs` lists is there (`database`, `redis`, `chromium` and the `tools`), setting
 * DATABASE_URL and REDIS_URL to the local servers when unset. Exits the process with one message when something is
 * missing and cannot be provided here.
 */
export async function ensurePrerequisites(needs) {
  const missing = [];
  for (const [need, server] of Object.entries(servers)) {
    if (!needs.includes(need)) continue;
    process.env[server.variable] ||= server.defaultUrl;
    const problem = await ensureServer(server, process.env[server.variable]);
    if (problem) missing.push(problem);
  }
  if (needs.includes('chromium') && !existsSync(chromiumPath())) {
    if (!canProvision() || !aptInstall('chromium') || !existsSync(chromiumPath()))
      missing.push(`Chromium at ${chromiumPath()} (Debian package chromium, or set CHROMIUM_PATH)`);
  }
  for (const [command, debianPackage] of Object.entries(tools)) {
    if (!needs.includes(command) || onPath(command)) continue;
    if (!canProvision() || !aptInstall(debianPackage) || !onPath(command))
      missing.push(`${command} (Debian package ${debianPackage})`);
  }
  if (missing.length) {
    console.error(
      `\n✖ The tests need ${missing.join(', ')}. Install it (on Debian: apt-get install -y postgresql redis-server chromium kubernetes-client haproxy pgbouncer), ` +
        'start it, or point DATABASE_URL / REDIS_URL / CHROMIUM_PATH at yours; see README "Testing".',
    );
    process.exit(2);
  }
}
