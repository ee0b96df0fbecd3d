import { generateKeyPair } from '@trackboard/server-kit';
import { startSplit } from '../gateway/src/split-launcher';
import { requireEnv, scratchDatabase } from '../e2e/support/environment';
import { freePortRange } from '../e2e/support/ports';
import { cpuSeconds, percentile, runLoad, type LoadResult } from './load';

// Gateway overhead in split mode: the same route hit directly on the board service and
// through the gateway, alternating rounds so drift on the machine hits both alike.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

export async function benchGatewayOverhead(): Promise<void> {
  const keys = generateKeyPair();
  const database = await scratchDatabase();
  const base = await freePortRange(6);
  const split = await startSplit({
    env: {
      DATABASE_URL: database.url,
      REDIS_URL: requireEnv('REDIS_URL'),
      JWT_PUBLIC_KEY: keys.publicKeyPem,
      JWT_PRIVATE_KEY: keys.privateKeyPem,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'admin@bench.test',
      ADMIN_PASSWORD: 'bench-admin-password',
    },
    gatewayPort: base,
    basePort: base + 1,
    boardReplicas: 1,
    stdio: 'ignore',
  });
  try {
    const login = await fetch(`${split.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@bench.test', password: 'bench-admin-password' }),
    });
    const { token } = await login.json();
    const headers = { authorization: `Bearer ${token}` };
    const board = split.processes.find((p) => p.name === 'board-1')!;
    const gatewayPid = split.processes.find((p) => p.name === 'gateway')!.child.pid!;
    // A project's first board (a board belongs to a project that exists).
    const project = await (
      await fetch(`${split.url}/api/projects`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: '{"name":"Bench","key":"BENCH"}',
      })
    ).json();
    const created = project.boards[0];

    const routes = [
      {
        name: 'trivial route (service /health)',
        direct: `${board.url}/health`,
        viaGateway: `${split.url}/api/health/board`,
      },
      {
        name: 'database route (GET /api/boards/:id)',
        direct: `${board.url}/api/boards/${created.id}`,
        viaGateway: `${split.url}/api/boards/${created.id}`,
      },
    ];
    console.log(
      `\nGateway overhead (split mode, ${CONCURRENCY} keep-alive clients, ${ROUNDS}×${SECONDS}s alternating rounds)`,
    );
    for (const route of routes) {
      await runLoad(route.viaGateway, { concurrency: CONCURRENCY, seconds: 1, headers }); // warm-up
      await runLoad(route.direct, { concurrency: CONCURRENCY, seconds: 1, headers });
      const direct: LoadResult[] = [];
      const gateway: LoadResult[] = [];
      let gatewayCpu = 0;
      for (let round = 0; round < ROUNDS; round++) {
        direct.push(await runLoad(route.direct, { concurrency: CONCURRENCY, seconds: SECONDS, headers }));
        const cpuBefore = cpuSeconds(gatewayPid);
        gateway.push(await runLoad(route.viaGateway, { concurrency: CONCURRENCY, seconds: SECONDS, headers }));
        gatewayCpu += cpuSeconds(gatewayPid) - cpuBefore;
      }
      const sum = (rs: LoadResult[]) => ({
        rps: rs.reduce((a, r) => a + r.requests, 0) / rs.reduce((a, r) => a + r.seconds, 0),
        lat: rs.flatMap((r) => r.latenciesMs),
        errors: rs.reduce((a, r) => a + r.errors, 0),
        requests: rs.reduce((a, r) => a + r.requests, 0),
      });
      const d = sum(direct);
      const g = sum(gateway);
      console.log(`  ${route.name}`);
      console.log(
        `    direct:       ${d.rps.toFixed(0)} req/s, p50 ${percentile(d.lat, 50).toFixed(2)} ms, p99 ${percentile(d.lat, 99).toFixed(2)} ms, errors ${d.errors}`,
      );
      console.log(
        `    via gateway:  ${g.rps.toFixed(0)} req/s, p50 ${percentile(g.lat, 50).toFixed(2)} ms, p99 ${percentile(g.lat, 99).toFixed(2)} ms, errors ${g.errors}`,
      );
      console.log(`    throughput ratio (gateway/direct): ${(g.rps / d.rps).toFixed(2)}×`);
      console.log(`    added p99 latency: ${(percentile(g.lat, 99) - percentile(d.lat, 99)).toFixed(2)} ms`);
      console.log(`    gateway CPU time per request: ${((gatewayCpu / g.requests) * 1e6).toFixed(0)} µs`);
    }
  } finally {
    await split.stop();
    await database.drop();
  }
}
