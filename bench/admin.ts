import { sql } from 'drizzle-orm';
import { createTestPlatform } from '@trackboard/test-platform';
import { percentile } from './load';

// The approval list with tens of thousands of accounts (seeded in bulk): filtered, searched,
// sorted and paged in SQL.
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 30000);

export async function benchAdmin(): Promise<void> {
  if (process.env.DATABASE_URL) process.env.TEST_DB = 'postgres';
  const t = await createTestPlatform();
  try {
    await t.database.db.execute(sql`
      insert into auth.users (name, email, password_hash, status, created_at)
      select 'Person ' || g, 'person' || g || '@bench.test', 'x',
             (array['PENDING_VERIFICATION','PENDING_APPROVAL','ACTIVE'])[1 + g % 3]::auth.account_status,
             now() - (g || ' minutes')::interval
      from generate_series(1, ${ACCOUNTS}) g`);
    await t.database.db.execute(sql`analyze auth.users`);
    const admin = t.as((await t.admin()).token);
    const queries = {
      'default page (createdAt desc)': 'status=PENDING_APPROVAL&status=PENDING_VERIFICATION&page=1&limit=10',
      'sorted by name, page 500':
        'status=PENDING_APPROVAL&status=PENDING_VERIFICATION&page=500&limit=20&sortField=name&sortOrder=asc',
      'search "person12"': 'status=PENDING_APPROVAL&status=PENDING_VERIFICATION&searchTerm=person12&limit=50',
    };
    console.log(
      `\nAdmin approval list (${ACCOUNTS.toLocaleString('en')} accounts, in-process on ${t.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'})`,
    );
    for (const [name, query] of Object.entries(queries)) {
      const ms: number[] = [];
      for (let i = 0; i < 12; i++) {
        const started = performance.now();
        const res = await admin.get(`/api/admin/users?${query}`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
        if (i >= 2) ms.push(performance.now() - started);
      }
      console.log(`  ${name}: median ${percentile(ms, 50).toFixed(1)} ms, p90 ${percentile(ms, 90).toFixed(1)} ms`);
    }
  } finally {
    await t.close();
  }
}
