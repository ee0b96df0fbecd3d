import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { wrapPglite, type Database } from './db';

// Embedded mode serves everyone from one PGlite on one thread. Statements must be served in the
// order they were asked for: a client whose request arrived while others kept the database busy
// is served among them, not after all of them.
let database: Database;
beforeAll(async () => {
  database = wrapPglite(await PGlite.create());
});
afterAll(() => database.close());

it('serves a statement asked for from an I/O turn among the statements of a busy chain, not after them', async () => {
  const served: string[] = [];
  // One request's work: fifty statements, each asked for as the last is answered.
  const busy = (async () => {
    for (let i = 0; i < 50; i++) {
      await database.db.execute(sql`select 1`);
      served.push('busy');
    }
  })();
  // Another request, arriving from the event loop (as a socket's data does) while that runs.
  const arrived = new Promise<void>((resolve) =>
    setImmediate(
      () =>
        void database.db.execute(sql`select 2`).then(() => {
          served.push('arrived');
          resolve();
        }),
    ),
  );
  await Promise.all([busy, arrived]);
  expect(served.indexOf('arrived')).toBeLessThan(5);
});
