import { sql } from 'drizzle-orm';
import { getViewConfig, type PgColumn } from 'drizzle-orm/pg-core';
import { publishedViews, queryRows } from '@trackboard/server-kit';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';

// Each published view is declared once (server-kit/published-views.ts) and created by its
// owner's migrations: the declaration must name the columns the migrations create, with the
// types drizzle reads them as.
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

type Column = { column_name: string; data_type: string };
/** drizzle reads an enum and a varchar as text. */
const readAs = ({ data_type }: Column) =>
  ({ 'USER-DEFINED': 'text', 'character varying': 'text' })[data_type] ?? data_type;

describe('published views', () => {
  it.each(publishedViews.map((view) => [`${getViewConfig(view).schema}.${getViewConfig(view).name}`, view] as const))(
    '%s declares the columns its owner’s migrations create',
    async (_name, view) => {
      const { schema, name, selectedFields } = getViewConfig(view);
      const created = await queryRows<Column>(
        t.database.db,
        sql`select column_name, data_type from information_schema.columns where table_schema = ${schema} and table_name = ${name}`,
      );
      const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
      const declared = Object.values(selectedFields as Record<string, PgColumn>).map((column) => ({
        name: column.name,
        type: column.getSQLType(),
      }));
      expect(declared.sort(byName)).toEqual(
        created.map((c) => ({ name: c.column_name, type: readAs(c) })).sort(byName),
      );
      expect(declared.length).toBeGreaterThan(0);
    },
  );
});
