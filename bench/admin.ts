import { sql } from 'drizzle-orm';
import { percentile } from './load';
import type { BenchEnv } from './split-env';
import type { Row } from './table';
import { browserEncodings, wireRequest } from './wire';

// The approval list through the gateway with tens of thousands of accounts (seeded in bulk):
// filtered, searched, sorted and paged in SQL.
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 30000);

export async function benchAdmin(env: BenchEnv): Promise<Row[]> {
  await env.database.db.execute(sql`
    insert into auth.users (name, email, password_hash, status, created_at)
    select 'Person ' || g, 'person' || g || '@bench.test', 'x',
           (array['PENDING_VERIFICATION','PENDING_APPROVAL','ACTIVE'])[1 + g % 3]::auth.account_status,
           now() - (g || ' minutes')::interval
    from generate_series(1, ${ACCOUNTS}::int) g`);
  await env.database.db.execute(sql`analyze auth.users`);
  const headers = { ...browserEncodings, authorization: `Bearer ${env.admin.token}`, 'x-forwarded-for': '10.76.0.1' };
  const queries = {
    'default page': 'status=PENDING_APPROVAL&status=PENDING_VERIFICATION&page=1&limit=10',
    'sorted by name, page 500':
      'status=PENDING_APPROVAL&status=PENDING_VERIFICATION&page=500&limit=20&sortField=name&sortOrder=asc',
    'search "person12"': 'status=PENDING_APPROVAL&status=PENDING_VERIFICATION&searchTerm=person12&limit=50',
  };
  const rows: Row[] = [];
  for (const [name, query] of Object.entries(queries)) {
    const ms: number[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await wireRequest(`${env.url}/api/admin/users?${query}`, { headers });
      if (answer.status !== 200) throw new Error(`${name}: ${answer.status}`);
      if (i >= 2) ms.push(answer.ms);
    }
    rows.push({
      metric: `approval list p50, ${ACCOUNTS.toLocaleString('en')} accounts, ${name}`,
      measured: percentile(ms, 50),
      unit: 'ms',
    });
  }
  return rows;
}
