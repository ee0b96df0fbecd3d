import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { dataDirHolder, lockDataDir, wrapPglite, type Database } from './db';
import type { Logger } from './logger';

// Backups (npm run backup / npm run restore). Embedded data is PGlite's data folder; its copy is
// PGlite's own dump of the folder (a gzipped tar), taken after a checkpoint while no transaction
// is open and no statement runs, so it is a consistent image — by the running process when
// Trackboard is running (asked through a request file and SIGUSR2, so a backup needs no
// downtime), else by this process holding the folder's lock. PostgreSQL is dumped by pg_dump
// (one snapshot by design), in its custom format, restored by pg_restore.

const GZIP = Buffer.from([0x1f, 0x8b]);
const PG_DUMP = Buffer.from('PGDMP');
const requestsDir = (dataDir: string) => join(dataDir, 'backup-requests');

/** Writes `bytes` to `file` whole or not at all (a partial file is never left under the name). */
function writeWhole(file: string, bytes: Uint8Array) {
  mkdirSync(dirname(resolve(file)), { recursive: true });
  const part = `${file}.part`;
  writeFileSync(part, bytes, { mode: 0o600 });
  renameSync(part, file);
}

export async function writeSnapshot(database: Database, file: string): Promise<void> {
  if (!database.snapshot) throw new Error('only the embedded database (PGlite) is copied this way');
  writeWhole(file, new Uint8Array(await (await database.snapshot()).arrayBuffer()));
}

/**
 * In the running embedded process: on SIGUSR2, writes the snapshot each request file in
 * `DATA_DIR/backup-requests/` asks for, and answers in `<request>.done`.
 */
export function serveSnapshotRequests(dataDir: string, database: Database, log: Logger): () => void {
  let running = Promise.resolve();
  const takeRequested = async () => {
    const dir = requestsDir(dataDir);
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.request'))) {
      const path = join(dir, name);
      let answer: { ok: true } | { error: string };
      try {
        const { file } = JSON.parse(readFileSync(path, 'utf8')) as { file: string };
        rmSync(path);
        await writeSnapshot(database, file);
        log.info({ file }, 'backup written');
        answer = { ok: true };
      } catch (err) {
        log.error({ err }, 'backup failed');
        answer = { error: (err as Error).message };
      }
      writeFileSync(path.replace(/\.request$/, '.done'), JSON.stringify(answer));
    }
  };
  const onSignal = () => void (running = running.then(takeRequested, takeRequested));
  process.on('SIGUSR2', onSignal);
  return () => void process.off('SIGUSR2', onSignal);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks the process holding the data folder for a snapshot and waits for its answer. */
async function requestSnapshot(dataDir: string, holder: number, file: string, timeoutMs = 120_000) {
  const dir = requestsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const id = `${process.pid}-${Date.now()}`;
  const done = join(dir, `${id}.done`);
  writeFileSync(join(dir, `${id}.request`), JSON.stringify({ file: resolve(file) }));
  process.kill(holder, 'SIGUSR2');
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(done)) {
    if (Date.now() > deadline)
      throw new Error(`process ${holder} did not write the backup within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
  const answer = JSON.parse(readFileSync(done, 'utf8')) as { ok?: true; error?: string };
  rmSync(done);
  if (answer.error) throw new Error(answer.error);
}

/** A snapshot of the embedded data folder, from the running process or with the folder locked. */
export async function backupEmbedded(dataDir: string, file: string): Promise<'running' | 'stopped'> {
  const pgdata = join(dataDir, 'pgdata');
  if (!existsSync(join(pgdata, 'PG_VERSION'))) throw new Error(`${resolve(dataDir)} holds no embedded database`);
  const holder = dataDirHolder(dataDir);
  if (holder) {
    await requestSnapshot(dataDir, holder, file);
    return 'running';
  }
  const unlock = lockDataDir(dataDir);
  try {
    const database = wrapPglite(await PGlite.create(pgdata));
    try {
      await writeSnapshot(database, file);
    } finally {
      await database.close();
    }
  } finally {
    unlock();
  }
  return 'stopped';
}

/** Loads a snapshot into a data folder that holds no database yet. */
export async function restoreEmbedded(file: string, dataDir: string): Promise<void> {
  const bytes = readFileSync(file);
  if (!bytes.subarray(0, 2).equals(GZIP))
    throw new Error(
      `${file} is not an embedded backup${bytes.subarray(0, 5).equals(PG_DUMP) ? ' (a PostgreSQL dump needs DATABASE_URL)' : ''}`,
    );
  const pgdata = join(dataDir, 'pgdata');
  if (existsSync(pgdata) && readdirSync(pgdata).length)
    throw new Error(`${resolve(dataDir)} already holds a database: restore into an empty data folder`);
  const unlock = lockDataDir(dataDir);
  try {
    mkdirSync(pgdata, { recursive: true });
    const client = await PGlite.create(pgdata, { loadDataDir: new Blob([bytes], { type: 'application/x-gzip' }) });
    try {
      await client.query('select 1 from public.trackboard_migrations limit 1');
    } finally {
      await client.close();
    }
  } catch (err) {
    rmSync(pgdata, { recursive: true, force: true });
    throw err;
  } finally {
    unlock();
  }
}

/** libpq's environment for a URL: the password stays out of the command line (`ps`). */
function libpqEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  return {
    ...process.env,
    PGHOST: url.hostname.replace(/^\[|\]$/g, ''),
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username),
    PGPASSWORD: decodeURIComponent(url.password),
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
    ...(url.searchParams.get('sslmode') && { PGSSLMODE: url.searchParams.get('sslmode')! }),
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (err) => fail(new Error(`${command}: ${err.message} (is PostgreSQL's client installed?)`)));
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${command} exited with ${code}: ${errors.trim()}`)),
    );
  });
}

/** pg_dump of DATABASE_URL in its custom format (pg_dump needs a version at least the server's). */
export async function backupPostgres(databaseUrl: string, file: string): Promise<void> {
  mkdirSync(dirname(resolve(file)), { recursive: true });
  const part = `${file}.part`;
  await run('pg_dump', ['--format=custom', `--file=${part}`], libpqEnv(databaseUrl));
  renameSync(part, file);
}

/** pg_restore into a database that holds none of Trackboard's tables yet, in one transaction. */
export async function restorePostgres(file: string, databaseUrl: string): Promise<void> {
  if (!readFileSync(file).subarray(0, 5).equals(PG_DUMP))
    throw new Error(`${file} is not a PostgreSQL dump (an embedded backup is restored without DATABASE_URL)`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
        where c.relkind in ('r', 'v', 'p') and s.nspname not in ('pg_catalog', 'information_schema')
          and s.nspname not like 'pg_toast%'`,
    );
    if (rows[0]!.n > 0) throw new Error('the database is not empty: restore into an empty database');
  } finally {
    await client.end();
  }
  await run(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${new URL(databaseUrl).pathname.slice(1)}`,
      file,
    ],
    libpqEnv(databaseUrl),
  );
}
