import { percentile, runLoad } from './load';
import type { BenchEnv } from './split-env';
import type { Row } from './table';
import { browserEncodings } from './wire';

// What choosing each remote's release per page load costs: GET /remotes.json reads the
// release table and checks the caller's session, where it was a fixed answer before. Measured
// against /app-config.json (still a fixed answer, same web host) with one client: the difference
// is the release table's own cost on every page load.
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

export async function benchReleases(env: BenchEnv): Promise<Row[]> {
  const [user] = await env.users(1);
  const visitor = { cookie: 'tb_visitor=0b9f1f5e-3c55-4a39-9a49-6b0c7c6f1d11' };
  const runs: { name: string; path: string; headers: Record<string, string> }[] = [
    { name: 'fixed answer (/app-config.json)', path: '/app-config.json', headers: {} },
    { name: 'signed out (visitor cookie)', path: '/remotes.json', headers: visitor },
    { name: 'signed in', path: '/remotes.json', headers: { authorization: `Bearer ${user!.token}` } },
  ];
  const results = [];
  for (const run of runs) {
    const options = { concurrency: 1, headers: { ...browserEncodings, ...run.headers } };
    await runLoad(`${env.url}${run.path}`, { ...options, seconds: 1 }); // warm-up
    results.push({ ...run, result: await runLoad(`${env.url}${run.path}`, { ...options, seconds: SECONDS }) });
  }
  const baseline = results[0]!.result.latenciesMs;
  return results.slice(1).map(({ name, result }) => ({
    metric: `/remotes.json p99, ${name}`,
    measured: percentile(result.latenciesMs, 99),
    unit: 'ms',
    target: { atMost: 10 },
    note:
      `p50 ${percentile(result.latenciesMs, 50).toFixed(2)} ms (fixed answer ${percentile(baseline, 50).toFixed(2)}, ` +
      `p99 ${percentile(baseline, 99).toFixed(1)}), ${result.requests} requests` +
      (result.errors ? `, ${result.errors} errors` : ''),
  }));
}
