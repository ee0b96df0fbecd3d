import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { allMigrations } from '@trackboard/gateway';
import { queryRows, runMigrations, type Database, type MigrationSet } from '@trackboard/server-kit';
import { openTestDatabase } from '@trackboard/server-kit/testing';
import { boardMigrations } from './app';

// Migration 0005 on a database that already holds issues: numbers by creation order
// per project, keys, the counter, comment counts, the free-text owner turned into an assignee,
// and each issue's history starting with its creation.

/** The board service's migrations up to `last`: a database as it was at that migration. */
function boardUpTo(last: number): MigrationSet {
  const folder = mkdtempSync(join(tmpdir(), `tb-board-${last}-`));
  mkdirSync(join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(join(boardMigrations.folder, 'meta', '_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= last);
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries as { tag: string }[])
    copyFileSync(join(boardMigrations.folder, `${tag}.sql`), join(folder, `${tag}.sql`));
  return { service: 'board', folder };
}

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase(allMigrations.map((set) => (set.service === 'board' ? boardUpTo(4) : set)));
});
afterAll(() => database.close());

const run = (query: ReturnType<typeof sql>) => database.db.execute(query);
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);

describe('migration 0005', () => {
  it('carries the existing issues over', async () => {
    await run(sql`insert into auth.users (id, name, email, password_hash, status) overriding system value values
      (901, 'Ada Lovelace', 'ada@old.test', 'x', 'ACTIVE'), (902, 'Bob Twin', 'bob1@old.test', 'x', 'ACTIVE'),
      (903, 'Bob Twin', 'bob2@old.test', 'x', 'ACTIVE'), (904, 'Carl Outside', 'carl@old.test', 'x', 'ACTIVE')`);
    await run(sql`insert into project.projects (id, key, name, lead_id) overriding system value values
      (801, 'OLD', 'Old', 901), (802, 'TWO', 'Two', 901)`);
    await run(
      sql`insert into project.members (project_id, user_id) values (801, 901), (801, 902), (801, 903), (802, 901)`,
    );
    await run(
      sql`insert into board.boards (id, project_id, name) overriding system value values (701, 801, 'A'), (702, 801, 'B'), (703, 802, 'C')`,
    );
    await run(sql`insert into board.columns (id, board_id, name, position) overriding system value values
      (601, 701, 'To Do', 0), (602, 702, 'To Do', 0), (603, 703, 'To Do', 0)`);
    // Created in this order (ids out of it on purpose): by id, by e-mail, an ambiguous name, an outsider, by name.
    await run(sql`insert into board.issues (id, board_id, project_id, column_id, title, status, rank, reporter_id, owner, created_at)
      overriding system value values
      (504, 701, 801, 601, 'first', 'TODO', 'a0', 901, '901', '2026-01-01T00:00:01Z'),
      (501, 702, 801, 602, 'second', 'TODO', 'a0', 901, 'BOB1@old.test', '2026-01-01T00:00:02Z'),
      (503, 701, 801, 601, 'third', 'TODO', 'a1', 901, 'bob twin', '2026-01-01T00:00:03Z'),
      (502, 701, 801, 601, 'fourth', 'TODO', 'a2', 901, 'Carl Outside', '2026-01-01T00:00:04Z'),
      (505, 703, 802, 603, 'other project', 'TODO', 'a0', 901, ' ada lovelace ', '2026-01-01T00:00:01Z')`);
    await run(sql`insert into board.comments (id, issue_id, parent_id, author_id, body) overriding system value values
      (401, 504, null, 901, 'root'), (402, 504, 401, 902, 'reply'), (403, 501, null, 901, 'one')`);

    expect(await runMigrations(database.db, boardUpTo(5))).toBe(1);

    expect(
      await rows(sql`select id::int, number, key, assignee_id::int as assignee, comment_count as comments
        from board.issues order by id`),
    ).toEqual([
      { id: 501, number: 2, key: 'OLD-2', assignee: 902, comments: 1 },
      { id: 502, number: 4, key: 'OLD-4', assignee: null, comments: 0 },
      { id: 503, number: 3, key: 'OLD-3', assignee: null, comments: 0 },
      { id: 504, number: 1, key: 'OLD-1', assignee: 901, comments: 2 },
      { id: 505, number: 1, key: 'TWO-1', assignee: 901, comments: 0 },
    ]);
    expect(await rows(sql`select project_id::int, last_number from board.issue_numbers order by 1`)).toEqual([
      { project_id: 801, last_number: 4 },
      { project_id: 802, last_number: 1 },
    ]);
    expect(
      await rows(sql`select issue_id::int, kind, actor_id::int, description from board.activity order by issue_id`),
    ).toEqual(
      [501, 502, 503, 504, 505].map((id) => ({ issue_id: id, kind: 'created', actor_id: 901, description: '' })),
    );
    expect(await rows(sql`select key, owner from board.issue_directory where project_id = 801 order by key`)).toEqual([
      { key: 'OLD-1', owner: '901' },
      { key: 'OLD-2', owner: '902' },
      { key: 'OLD-3', owner: '' },
      { key: 'OLD-4', owner: '' },
    ]);
    // The history rows of existing issues are no dashboard lines.
    expect(await rows(sql`select count(*)::int as n from board.activity_feed`)).toEqual([{ n: 0 }]);
    expect(
      await rows(sql`select column_name from information_schema.columns
        where table_schema = 'board' and table_name = 'issues' and column_name = 'owner'`),
    ).toEqual([]);
  });
});
