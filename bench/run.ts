// npm run bench [-- <name>…] — one table of figures against the targets. Needs
// DATABASE_URL (a scratch database is made from it) and REDIS_URL; `shell` and `reload` need
// the built web app (npm run build:web), `reload` Chromium.
import { profileDir, startBenchEnv, type BenchEnv } from './split-env';
import { benchAdmin } from './admin';
import { benchAttachments } from './attachments';
import { benchBoard } from './board';
import { benchBulk } from './bulk';
import { benchEmbeddedMoves } from './embedded-moves';
import { benchFanout } from './fanout';
import { benchFilter } from './filter';
import { benchGatewayOverhead } from './gateway-overhead';
import { benchImport } from './import';
import { benchList } from './list';
import { benchImportEmbedded, benchImportSplit } from './import-while-serving';
import { benchLogin } from './login';
import { benchProgress } from './progress';
import { benchRealtime } from './realtime';
import { benchReleases } from './releases';
import { benchSearch } from './search';
import { benchSockets } from './sockets';
import { formatTable, met, type Row } from './table';
import { benchShell, benchWarmReload } from './web';
import { benchWebhooks } from './webhooks';
import { closeWireAgent } from './wire';

type Bench = (env: () => Promise<BenchEnv>) => Promise<Row[]>;

// In the table's order. The admin bench comes last: it adds tens of thousands of accounts.
const benches: [string, Bench][] = [
  ['board', async (env) => benchBoard(await env())],
  ['embedded', () => benchEmbeddedMoves()],
  ['shell', () => benchShell()],
  ['reload', async (env) => benchWarmReload(await env())],
  ['filter', async (env) => benchFilter(await env())],
  ['list', async (env) => benchList(await env())],
  ['sockets', async (env) => benchSockets(await env())],
  ['gateway', async (env) => benchGatewayOverhead(await env())],
  ['realtime', async (env) => benchRealtime(await env())],
  // A deployment of its own: two gateways, four board replicas, one of which it kills.
  ['fanout', () => benchFanout(progress)],
  ['login', async (env) => benchLogin(await env())],
  ['search', async (env) => benchSearch(await env())],
  ['progress', async (env) => benchProgress(await env())],
  [
    'import',
    async (env) => [
      ...(await benchImport(await env())),
      ...(await benchImportSplit(await env())),
      ...(await benchImportEmbedded()),
    ],
  ],
  ['releases', async (env) => benchReleases(await env())],
  ['webhooks', async (env) => benchWebhooks(await env())],
  ['attachments', async (env) => benchAttachments(await env())],
  ['bulk', async (env) => benchBulk(await env())],
  ['admin', async (env) => benchAdmin(await env())],
];

const progress = (line: string) => process.stderr.write(`  … ${line}\n`);

async function main(): Promise<number> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((w) => !benches.some(([name]) => name.includes(w)));
  if (unknown.length) {
    console.error(`unknown bench ${unknown.join(', ')}; one of: ${benches.map(([n]) => n).join(', ')}`);
    return 2;
  }
  let env: Promise<BenchEnv> | undefined;
  const sharedEnv = () => (env ??= startBenchEnv(progress));
  const rows: Row[] = [];
  let failed = false;
  try {
    for (const [name, bench] of benches) {
      if (wanted.length && !wanted.some((w) => name.includes(w))) continue;
      process.stderr.write(`▶ ${name}\n`);
      const started = performance.now();
      try {
        rows.push(...(await bench(sharedEnv)));
      } catch (err) {
        failed = true;
        console.error(err);
        rows.push({
          metric: `${name}: failed`,
          measured: null,
          unit: 'count',
          note: String((err as Error).message).split('\n')[0],
        });
      }
      process.stderr.write(`  ${name} took ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
    }
  } finally {
    closeWireAgent();
    if (env) await (await env.catch(() => undefined))?.stop();
  }
  console.log(`\n${formatTable(rows)}\n`);
  const missed = rows.filter((r) => met(r) === false).length;
  if (missed) console.log(`${missed} target(s) not met`);
  if (process.env.BENCH_PROFILE) console.log(`CPU profile of ${process.env.BENCH_PROFILE}: ${profileDir}`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
