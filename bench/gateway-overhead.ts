import { cpuSeconds, pairedLoad, percentile } from './load';
import type { BenchEnv } from './split-env';
import type { Row } from './table';
import { browserEncodings } from './wire';

// What the gateway adds in split mode: the same route directly on the board replicas (in turn,
// as the gateway uses them) and through the gateway, in alternating pairs (load.ts pairedLoad).
// Added p99 = p99 through the gateway − p99 direct. One client by default: the hop's own cost,
// not the queue of a saturated 2-core machine (BENCH_CONCURRENCY raises it).
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
const SECONDS = process.env.BENCH_SECONDS ? Number(process.env.BENCH_SECONDS) : undefined;

type Route = { name: string; direct: string[]; viaGateway: string; target: number; seconds: number };

export async function benchGatewayOverhead(env: BenchEnv): Promise<Row[]> {
  const [lead] = await env.users(1);
  const large = await env.board(5000);
  const headers = { ...browserEncodings, authorization: `Bearer ${lead!.token}`, 'x-forwarded-for': lead!.address };
  const replicas = env.boardReplicas.map((r) => r.url);
  const routes: Route[] = [
    {
      name: 'trivial route (/health)',
      direct: replicas.map((url) => `${url}/health`),
      viaGateway: `${env.url}/api/health/board`,
      target: 2,
      seconds: SECONDS ?? 6,
    },
    {
      // A few hundred pairs, so the p99 is not the single slowest request.
      name: '5,000-issue board fetch',
      direct: replicas.map((url) => `${url}/api/boards/${large.id}`),
      viaGateway: `${env.url}/api/boards/${large.id}`,
      target: 10,
      seconds: SECONDS ?? 30,
    },
  ];
  const gatewayPid = env.gateway.child.pid!;
  const rows: Row[] = [];
  for (const route of routes) {
    const options = { concurrency: CONCURRENCY, headers };
    await pairedLoad(route.direct, route.viaGateway, { ...options, seconds: 1 }); // warm-up
    const cpuBefore = cpuSeconds(gatewayPid);
    const { direct, viaGateway } = await pairedLoad(route.direct, route.viaGateway, {
      ...options,
      seconds: route.seconds,
    });
    const gatewayCpu = cpuSeconds(gatewayPid) - cpuBefore;
    const [d, g] = [direct.latenciesMs, viaGateway.latenciesMs];
    const errors = direct.errors + viaGateway.errors;
    rows.push(
      {
        metric: `gateway added p99, ${route.name}`,
        measured: percentile(g, 99) - percentile(d, 99),
        unit: 'ms',
        target: { atMost: route.target },
        note:
          `p99 ${percentile(d, 99).toFixed(1)} → ${percentile(g, 99).toFixed(1)} ms, ` +
          `p50 ${percentile(d, 50).toFixed(2)} → ${percentile(g, 50).toFixed(2)} ms, ` +
          `${g.length} pairs, ${CONCURRENCY} client${CONCURRENCY > 1 ? 's' : ''}` +
          (errors ? `, ${errors} errors` : ''),
      },
      {
        metric: `gateway CPU per request, ${route.name}`,
        measured: (gatewayCpu / viaGateway.requests) * 1000,
        unit: 'ms',
      },
    );
  }
  return rows;
}
