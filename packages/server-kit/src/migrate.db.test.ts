import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from './db';
import { runMigrations, type MigrationSet } from './migrate';
import { openTestDatabase } from './testing';

// A throwaway service with one migration, in its own schema.
function givenMigrationSet(): MigrationSet {
  const folder = mkdtempSync(join(tmpdir(), 'tb-migrations-'));
  const schema = `demo_${Math.random().toString(36).slice(2, 8)}`;
  mkdirSync(join(folder, 'meta'));
  writeFileSync(
    join(folder, '0000_init.sql'),
    `CREATE SCHEMA "${schema}";\n--> statement-breakpoint\nCREATE TABLE "${schema}"."things" ("id" serial PRIMARY KEY);`,
  );
  writeFileSync(
    join(folder, 'meta', '_journal.json'),
    JSON.stringify({
      version: '7',
      dialect: 'postgresql',
      entries: [{ idx: 0, version: '7', when: 1, tag: '0000_init', breakpoints: true }],
    }),
  );
  return { service: schema, folder };
}

describe('migrations', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase([]);
  });
  afterAll(() => database.close());

  it('applies a service migration once, however often it runs', async () => {
    const set = givenMigrationSet();
    expect(await runMigrations(database.db, set)).toBe(1);
    expect(await runMigrations(database.db, set)).toBe(0);
    const rows = await queryRows<{ n: number }>(
      database.db,
      sql.raw(`select count(*)::int as n from "${set.service}"."things"`),
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('lets replicas starting together apply it exactly once', async () => {
    const set = givenMigrationSet();
    const applied = await Promise.all([
      runMigrations(database.db, set),
      runMigrations(database.db, set),
      runMigrations(database.db, set),
    ]);
    expect(applied.sort()).toEqual([0, 0, 1]);
  });
});
