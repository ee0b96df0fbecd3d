import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { queryRows, type Db } from './db';

/** A service's migrations: its Postgres schema and its drizzle-kit generated folder. */
export type MigrationSet = { service: string; folder: string };

// One advisory lock for every service's migrations: replicas (and services creating the
// shared bookkeeping table) wait for each other instead of racing.
const MIGRATION_LOCK = 7_314_159;

export async function runMigrations(db: Db, set: MigrationSet): Promise<number> {
  const migrations = readMigrationFiles({ migrationsFolder: set.folder });
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.execute(sql`create table if not exists public.trackboard_migrations (
      service text not null, hash text not null, created_at bigint not null,
      applied_at timestamptz not null default now(), primary key (service, hash))`);
    const applied = await queryRows<{ hash: string }>(
      tx,
      sql`select hash from public.trackboard_migrations where service = ${set.service}`,
    );
    const done = new Set(applied.map((r) => r.hash));
    let count = 0;
    for (const migration of migrations) {
      if (done.has(migration.hash)) continue;
      for (const statement of migration.sql) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(
        sql`insert into public.trackboard_migrations (service, hash, created_at) values (${set.service}, ${migration.hash}, ${migration.folderMillis})`,
      );
      count++;
    }
    return count;
  });
}

export async function runAllMigrations(db: Db, sets: MigrationSet[]): Promise<void> {
  for (const set of sets) await runMigrations(db, set);
}
