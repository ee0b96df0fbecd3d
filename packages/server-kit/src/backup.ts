import { spawn } from 'node:child_process';
import {
  closeSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  openAsBlob,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { open, readdir } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { PassThrough, Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPromise as openZip, type Entry, type ZipFile as ZipReader } from 'yauzl';
import { ZipFile } from 'yazl';
import { dataDirHolder, lockDataDir, wrapPglite, type Database } from './db';
import type { Logger } from './logger';

// Backups (npm run backup / npm run restore). Embedded data is PGlite's data folder and the
// attachments' folder beside it. The database's copy is PGlite's own dump of its folder (a
// gzipped tar), taken after a checkpoint while no transaction is open and no statement runs, so
// it is a consistent image — by the running process when Trackboard is running (asked through a
// request file and SIGUSR2, so a backup needs no downtime), else by this process holding the
// folder's lock. The backup is a zip of that dump (`database.tar.gz`) and of every attachment
// (`attachments/…`, the files as the local file store keeps them), written and read as streams,
// one file at a time. A backup from before attachments were kept is the dump alone (a gzip),
// and restores as it always did. PostgreSQL is dumped by pg_dump (one snapshot by design), in its
// custom format, restored by pg_restore; its attachments live in S3 or a shared folder, which
// the operator backs up beside it (README, Operations).

const GZIP = Buffer.from([0x1f, 0x8b]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const PG_DUMP = Buffer.from('PGDMP');
const requestsDir = (dataDir: string) => join(dataDir, 'backup-requests');
/** The folders of the data folder a backup holds: the local file store's (board's attachments settings) and, in the zip, the dump. */
const ATTACHMENTS = 'attachments';
const DATABASE_ENTRY = 'database.tar.gz';

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

/** Every file under `dir`, as paths relative to it with `/` between folders; the store's own scratch files (a leading dot) left out. */
async function* filesUnder(dir: string, prefix = ''): AsyncGenerator<string> {
  const entries = await readdir(join(dir, prefix), { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name.startsWith('.')) continue;
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* filesUnder(dir, path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes the zip: the dump as it is (gzip already), then each attachment, opened only when the
 * one before it is written. A file removed while the backup runs (its attachment deleted) is
 * left out rather than failing the backup.
 */
async function writeBackupZip(snapshot: string, attachmentsDir: string, file: string): Promise<void> {
  const zip = new ZipFile();
  const output = zip.outputStream as PassThrough;
  const part = `${file}.part`;
  const written = pipeline(output, createWriteStream(part, { mode: 0o600 }));
  // Awaited below; a failure before then must not count as unhandled.
  written.catch(() => undefined);
  zip.on('error', (err: Error) => output.destroy(err));
  try {
    zip.addFile(snapshot, DATABASE_ENTRY, { compress: false });
    for await (const path of filesUnder(attachmentsDir)) {
      const handle = await open(join(attachmentsDir, ...path.split('/')), 'r').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (!handle) continue;
      const { size, mtime } = await handle.stat();
      const body: Readable = handle.createReadStream();
      zip.addReadStream(body, `${ATTACHMENTS}/${path}`, { size, mtime });
      // Should the zip fail meanwhile, `written` says so rather than this file's end never coming.
      await Promise.race([finished(body), written]);
    }
    zip.end();
    await written;
    renameSync(part, file);
  } catch (err) {
    output.destroy(err as Error);
    await written.catch(() => undefined);
    rmSync(part, { force: true });
    throw err;
  }
}

/**
 * A backup of the embedded data folder: the database's snapshot, from the running process or
 * with the folder locked, and the attachments' folder, in one zip.
 */
export async function backupEmbedded(dataDir: string, file: string): Promise<'running' | 'stopped'> {
  const pgdata = join(dataDir, 'pgdata');
  if (!existsSync(join(pgdata, 'PG_VERSION'))) throw new Error(`${resolve(dataDir)} holds no embedded database`);
  const snapshot = `${file}.database.part`;
  try {
    const how = await snapshotEmbedded(dataDir, pgdata, snapshot);
    await writeBackupZip(snapshot, join(dataDir, ATTACHMENTS), file);
    return how;
  } finally {
    rmSync(snapshot, { force: true });
  }
}

async function snapshotEmbedded(dataDir: string, pgdata: string, file: string): Promise<'running' | 'stopped'> {
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

function firstBytes(file: string, count: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const bytes = Buffer.alloc(count);
    return bytes.subarray(0, readSync(fd, bytes, 0, count, 0));
  } finally {
    closeSync(fd);
  }
}

const entriesOf = async function* (zip: ZipReader): AsyncGenerator<Entry> {
  for (;;) {
    const entry = await new Promise<Entry | null>((resolve, reject) => {
      const done = () => resolve(null);
      zip.once('entry', (e: Entry) => {
        zip.off('end', done);
        resolve(e);
      });
      zip.once('end', done);
      zip.once('error', reject);
      zip.readEntry();
    });
    if (!entry) return;
    yield entry;
  }
};

/**
 * Unpacks a backup zip: the dump to `snapshot`, each attachment into `attachmentsDir`. yauzl
 * refuses absolute names and `..`; a name that would still land outside the folder is refused too.
 */
async function unpackBackupZip(file: string, snapshot: string, attachmentsDir: string): Promise<void> {
  const zip = await openZip(file, { lazyEntries: true, autoClose: false });
  let found = false;
  try {
    for await (const entry of entriesOf(zip)) {
      if (entry.fileName.endsWith('/')) continue;
      const target =
        entry.fileName === DATABASE_ENTRY
          ? snapshot
          : entry.fileName.startsWith(`${ATTACHMENTS}/`)
            ? resolve(attachmentsDir, ...entry.fileName.slice(ATTACHMENTS.length + 1).split('/'))
            : null;
      if (target === null) continue;
      if (target !== snapshot && relative(attachmentsDir, target).split(sep).includes('..'))
        throw new Error(`${file} names a file outside the attachments folder: ${entry.fileName}`);
      found ||= target === snapshot;
      mkdirSync(dirname(target), { recursive: true });
      await pipeline(await zip.openReadStreamPromise(entry), createWriteStream(target, { flags: 'wx' }));
    }
  } finally {
    zip.close();
  }
  if (!found) throw new Error(`${file} holds no ${DATABASE_ENTRY}: it is not a Trackboard backup`);
}

const hasFiles = (dir: string) => existsSync(dir) && readdirSync(dir).some((name) => !name.startsWith('.'));

/**
 * Loads a backup into a data folder that holds no database and no attachments yet: the zip
 * (database and attachments) or an older backup's plain snapshot (a gzip).
 */
export async function restoreEmbedded(file: string, dataDir: string): Promise<void> {
  const head = firstBytes(file, 5);
  const zipped = head.subarray(0, 4).equals(ZIP);
  if (!zipped && !head.subarray(0, 2).equals(GZIP))
    throw new Error(
      `${file} is not an embedded backup${head.equals(PG_DUMP) ? ' (a PostgreSQL dump needs DATABASE_URL)' : ''}`,
    );
  const pgdata = join(dataDir, 'pgdata');
  const attachmentsDir = resolve(dataDir, ATTACHMENTS);
  if (existsSync(pgdata) && readdirSync(pgdata).length)
    throw new Error(`${resolve(dataDir)} already holds a database: restore into an empty data folder`);
  if (hasFiles(attachmentsDir))
    throw new Error(`${resolve(dataDir)} already holds attachments: restore into an empty data folder`);
  const unlock = lockDataDir(dataDir);
  const snapshot = join(dataDir, `restore-${process.pid}.tar.gz.part`);
  try {
    if (zipped) await unpackBackupZip(file, snapshot, attachmentsDir);
    mkdirSync(pgdata, { recursive: true });
    // A Blob backed by the file: the dump is not read into this process's memory first.
    const dump = await openAsBlob(zipped ? snapshot : file, { type: 'application/x-gzip' });
    const client = await PGlite.create(pgdata, { loadDataDir: dump });
    try {
      await client.query('select 1 from public.trackboard_migrations limit 1');
    } finally {
      await client.close();
    }
  } catch (err) {
    rmSync(pgdata, { recursive: true, force: true });
    rmSync(attachmentsDir, { recursive: true, force: true });
    throw err;
  } finally {
    rmSync(snapshot, { force: true });
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
  if (!firstBytes(file, 5).equals(PG_DUMP))
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
