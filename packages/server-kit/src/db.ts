import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { BaseConfig } from './config';
import { watchPool } from './metrics';

/** drizzle over either driver; services only ever see this. */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Readiness: a round trip to the database. */
  ping(): Promise<void>;
  /** PGlite only: a consistent copy of the data folder, gzipped (backup.ts). */
  snapshot?(): Promise<Blob>;
  close(): Promise<void>;
};

/** drizzle wraps driver errors: the PostgreSQL code is on `cause`. */
export const isUniqueViolation = (error: unknown) => (error as { cause?: { code?: string } })?.cause?.code === '23505';

/** A LIKE / ILIKE pattern finding `term` anywhere: `%`, `_` and `\` typed by someone are searched for, not wildcards. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Rows of a raw `db.execute(sql…)`, the same shape for both drivers. */
export async function queryRows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

function wrap(db: Db, kind: Database['kind'], close: () => Promise<void>): Database {
  return {
    db,
    kind,
    close,
    async ping() {
      await db.execute(sql`select 1`);
    },
  };
}

/** Sees every statement drizzle sends (benches count queries per request with it). */
export type QueryListener = (query: string) => void;
const loggerFor = (onQuery?: QueryListener) =>
  onQuery ? { logger: { logQuery: (query: string) => onQuery(query) } } : {};

/** `namedStatements: false` sends every statement unnamed (behind a transaction pooler: UnnamedStatementsClient). */
export function openPostgres(
  url: string,
  poolSize: number,
  onQuery?: QueryListener,
  { namedStatements = true }: { namedStatements?: boolean } = {},
): Database {
  // Idle connections are kept 5 minutes (pg's default is 10 s), so a burst after a quiet spell does
  // not first open a connection per request.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 300_000,
    ...(!namedStatements && { Client: UnnamedStatementsClient }),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const unwatch = watchPool(pool);
  return wrap(drizzlePg(pool, loggerFor(onQuery)), 'postgres', () => {
    unwatch();
    return pool.end();
  });
}

/** The pool a process's settings ask for: split mode's services and gateway, embedded mode on PostgreSQL. */
export const openConfiguredPostgres = (
  url: string,
  config: Pick<BaseConfig, 'DATABASE_POOL_SIZE' | 'DATABASE_NAMED_STATEMENTS'>,
) => openPostgres(url, config.DATABASE_POOL_SIZE, undefined, { namedStatements: config.DATABASE_NAMED_STATEMENTS });

/**
 * A connection that sends every statement unnamed. drizzle's `.prepare('name')` gives a statement
 * a name; pg then parses it once per connection and afterwards only binds it by that name. Behind
 * a transaction pooler each transaction may get another server connection, which lacks that
 * statement or holds a different one by the name. An unnamed statement is parsed, bound and run
 * in one exchange, so it never outlives the transaction that sent it.
 */
class UnnamedStatementsClient extends pg.Client {}
const sendQuery = pg.Client.prototype.query;
// pg's many overloads of `query` cannot be restated in a subclass; only a query config's name changes.
UnnamedStatementsClient.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  const named = typeof config === 'object' && config !== null && 'name' in config && !('submit' in config);
  return Reflect.apply(sendQuery, this, [named ? { ...config, name: undefined } : config, ...rest]) as unknown;
} as typeof sendQuery;

/**
 * PGlite runs each statement on this thread and hands its one connection to the next waiter in a
 * microtask: under load the queue of statements drained without the event loop ever reading a
 * socket, so a request that arrived meanwhile (a new connection, the next move of a waiting
 * client) was not even queued until the queue ran dry, and some waited many times the median.
 * A statement outside a transaction first lets the event loop take in what has arrived, so the
 * queue is in arrival order.
 */
function inArrivalOrder(client: PGlite): PGlite {
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const { query, exec } = client;
  client.query = async function (...args: Parameters<PGlite['query']>) {
    await turn();
    return Reflect.apply(query, client, args) as ReturnType<PGlite['query']>;
  } as PGlite['query'];
  client.exec = async (...args: Parameters<PGlite['exec']>) => {
    await turn();
    return Reflect.apply(exec, client, args) as ReturnType<PGlite['exec']>;
  };
  return client;
}

export function wrapPglite(client: PGlite, onQuery?: QueryListener): Database {
  inArrivalOrder(client);
  return {
    ...wrap(drizzlePglite(client, loggerFor(onQuery)), 'pglite', () => client.close()),
    // Taken inside a transaction of its own: PGlite runs one at a time, so no other is half done;
    // the dump holds PGlite's query lock, so no statement runs while the files are read. After a
    // checkpoint, the files are a consistent image of the committed data.
    snapshot: () =>
      client.transaction(async (tx) => {
        await tx.exec('CHECKPOINT');
        return client.dumpDataDir('gzip');
      }),
  };
}

/** The live process holding the data folder's lock, or null when none does. */
export function dataDirHolder(dataDir: string): number | null {
  try {
    const holder = Number(readFileSync(join(dataDir, 'trackboard.lock'), 'utf8'));
    return holder && isAlive(holder) ? holder : null;
  } catch {
    return null;
  }
}

/**
 * PGlite has no cross-process lock and two processes on one data folder corrupt it
 * silently, so embedded mode takes a pid lock file and refuses a second process.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'trackboard.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockPath, 'utf8'));
      if (holder && isAlive(holder)) {
        throw new Error(
          `The data folder ${resolve(dataDir)} is in use by process ${holder}; embedded mode allows one process per folder.`,
        );
      }
      rmSync(lockPath, { force: true }); // stale lock from a process that died
    }
  }
  throw new Error(`Could not lock the data folder ${resolve(dataDir)}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Embedded Postgres in a folder (the folder must exist before PGlite opens it). */
export async function openPglite(dataDir: string): Promise<Database> {
  const pgdata = join(dataDir, 'pgdata');
  if (!existsSync(pgdata)) mkdirSync(pgdata, { recursive: true });
  const client = await PGlite.create(pgdata);
  return wrapPglite(client);
}
