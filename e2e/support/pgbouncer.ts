import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { until } from './poll';
import { freePorts } from './ports';

export type PgBouncer = {
  /** The database's URL with PgBouncer's address in place of PostgreSQL's. */
  url: string;
  /** A command of PgBouncer's admin console (`SHOW POOLS`, `SHOW SERVERS`, …): its rows. */
  show(command: string): Promise<Record<string, string>[]>;
  /** What PgBouncer has logged (its connections, errors). */
  output(): string;
  stop(): Promise<void>;
};

/**
 * Debian's PgBouncer (the `pgbouncer` on PATH) in front of the database `databaseUrl` names, on a
 * free port of 127.0.0.1, in transaction pooling with at most `serverConnections` connections to
 * PostgreSQL. Its files are in a temporary folder of its own; it trusts whoever connects, as the
 * PostgreSQL behind it does in the tests.
 */
export async function startPgBouncer(
  databaseUrl: string,
  { serverConnections }: { serverConnections: number },
): Promise<PgBouncer> {
  const target = new URL(databaseUrl);
  const database = target.pathname.slice(1);
  const user = decodeURIComponent(target.username);
  const [port] = (await freePorts(1)) as [number];
  const dir = mkdtempSync(join(tmpdir(), 'tb-pgbouncer-'));
  // PgBouncer refuses to run as root: there it is started as `nobody`, who must read these files.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chmodSync(dir, 0o755);
  writeFileSync(join(dir, 'users.txt'), `"${user}" ""\n`, { mode: 0o644 });
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${database} = host=${target.hostname} port=${target.port || 5432} dbname=${database}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      // No Unix socket: the default folder is the local PostgreSQL's, and TCP is all the tests use.
      'unix_socket_dir =',
      'pool_mode = transaction',
      `default_pool_size = ${serverConnections}`,
      'max_client_conn = 500',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      `admin_users = ${user}`,
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  const child = spawn('pgbouncer', [...(asRoot ? ['-u', 'nobody'] : []), join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = once(child, 'exit');

  const consoleUrl = new URL(databaseUrl);
  consoleUrl.host = `127.0.0.1:${port}`;
  consoleUrl.pathname = '/pgbouncer';
  async function show(command: string) {
    // The admin console speaks only the simple protocol: a query without parameters.
    const client = new pg.Client({ connectionString: consoleUrl.toString() });
    await client.connect();
    try {
      return (await client.query<Record<string, string>>(command)).rows;
    } finally {
      await client.end();
    }
  }
  const stop = async () => {
    if (child.exitCode === null && !child.signalCode) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await until(
      async () => {
        if (child.exitCode !== null) throw new Error(`pgbouncer exited with ${child.exitCode}: ${log}`);
        return (await show('SHOW VERSION')).length > 0;
      },
      { what: 'PgBouncer to accept connections', retryOnError: true, timeoutMs: 10_000 },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const url = new URL(databaseUrl);
  url.host = `127.0.0.1:${port}`;
  return { url: url.toString(), show, output: () => log, stop };
}
