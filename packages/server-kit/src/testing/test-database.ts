import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { openPostgres, wrapPglite, type Database, type QueryListener } from '../db';
import { runAllMigrations, type MigrationSet } from '../migrate';

// Creating and migrating a database costs ~1.2 s on PGlite, so each suite starts from a
// migrated template made once per migration set: PGlite loads a dumped
// data folder (~0.3 s), PostgreSQL copies a template database.

function templateKey(sets: MigrationSet[]): string {
  const hash = createHash('sha256');
  // The dump format follows PGlite's version, so the version is part of the key.
  hash.update(readFileSync(join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json')));
  for (const set of sets)
    for (const m of readMigrationFiles({ migrationsFolder: set.folder })) hash.update(`${set.service}:${m.hash}`);
  return hash.digest('hex').slice(0, 16);
}

/** A fresh, migrated database for one test file: PGlite, or PostgreSQL when TEST_DB=postgres. */
export async function openTestDatabase(sets: MigrationSet[], onQuery?: QueryListener): Promise<Database> {
  return process.env.TEST_DB === 'postgres'
    ? openPostgresTestDatabase(sets, onQuery)
    : openPgliteTestDatabase(sets, onQuery);
}

async function openPgliteTestDatabase(sets: MigrationSet[], onQuery?: QueryListener): Promise<Database> {
  const file = join(tmpdir(), `trackboard-pglite-${templateKey(sets)}.tar`);
  if (!existsSync(file)) {
    const fresh = await PGlite.create();
    await runAllMigrations(wrapPglite(fresh).db, sets);
    const dump = await fresh.dumpDataDir('none');
    await fresh.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file); // atomic: parallel workers never read half a file
  }
  const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) });
  return wrapPglite(client, onQuery);
}

function databaseUrl(base: string, name: string) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function openPostgresTestDatabase(sets: MigrationSet[], onQuery?: QueryListener): Promise<Database> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const template = `tb_tpl_${templateKey(sets)}`;
  const name = `tb_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    // Workers race to build the template; a session advisory lock lets one do it.
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (!rowCount) {
      const building = `${template}_build_${randomBytes(3).toString('hex')}`;
      await admin.query(`create database "${building}"`);
      const db = openPostgres(databaseUrl(baseUrl, building), 2);
      await runAllMigrations(db.db, sets);
      await db.close();
      await admin.query(`alter database "${building}" rename to "${template}"`);
    }
    await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const database = openPostgres(databaseUrl(baseUrl, name), 10, onQuery);
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}
