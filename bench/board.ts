import { generateNKeysBetween } from 'fractional-indexing';
import type { BoardDto, ProjectDto } from '@trackboard/contracts';
import { issues } from '../services/board/src/db/schema';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { percentile } from './load';

// Board service figures (in-process, through its Hono app; on PostgreSQL when DATABASE_URL
// is set, else PGlite): fetch time for 500 vs 5,000 issues, statements per fetch, and move
// latency with 50 concurrent movers.
const MOVERS = Number(process.env.BENCH_MOVERS ?? 50);
const MOVES_EACH = Number(process.env.BENCH_MOVES_EACH ?? 10);

/** A project's board filled with `count` issues spread over its columns (seeded in bulk). */
async function boardWith(
  t: TestPlatform,
  token: string,
  leadId: string,
  count: number,
  key: string,
): Promise<BoardDto> {
  const project = await t.ok<ProjectDto>(t.as(token).post('/api/projects', { name: `Bench ${count}`, key }));
  const board = await t.ok<BoardDto>(t.as(token).get(`/api/boards/${project.boards[0]!.id}`));
  const perColumn = Math.ceil(count / board.columns.length);
  for (const [c, column] of board.columns.entries()) {
    const n = Math.min(perColumn, count - c * perColumn);
    const ranks = generateNKeysBetween(null, null, n);
    for (let start = 0; start < n; start += 1000) {
      await t.database.db.insert(issues).values(
        ranks.slice(start, start + 1000).map((rank, i) => ({
          boardId: Number(board.id),
          projectId: Number(project.id),
          columnId: Number(column.id),
          title: `Issue ${c}-${start + i}`,
          description: 'Seeded for the benchmark',
          status: 'TODO',
          rank,
          reporterId: Number(leadId),
        })),
      );
    }
  }
  return board;
}

async function timeFetches(t: TestPlatform, token: string, boardId: string, times: number): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < times + 2; i++) {
    const started = performance.now();
    const res = await t.as(token).get(`/api/boards/${boardId}`);
    await res.arrayBuffer();
    if (i >= 2) ms.push(performance.now() - started); // two warm-up fetches
  }
  return ms;
}

export async function benchBoard(): Promise<void> {
  if (process.env.DATABASE_URL) process.env.TEST_DB = 'postgres';
  let counting = false;
  let statements = 0;
  const t = await createTestPlatform({ onQuery: () => void (counting && statements++) });
  try {
    const lead = await t.givenUser({ name: 'Bench Lead' });
    const stamp = Date.now().toString(36).slice(-5).toUpperCase();
    const small = await boardWith(t, lead.token, lead.user.id, 500, `S${stamp}`);
    const large = await boardWith(t, lead.token, lead.user.id, 5000, `L${stamp}`);

    const smallMs = await timeFetches(t, lead.token, small.id, 20);
    const largeMs = await timeFetches(t, lead.token, large.id, 10);
    const stmtsFor = async (id: string) => {
      statements = 0;
      counting = true;
      await (await t.as(lead.token).get(`/api/boards/${id}`)).arrayBuffer();
      counting = false;
      return statements;
    };
    const [smallStatements, largeStatements] = [await stmtsFor(small.id), await stmtsFor(large.id)];

    // 50 movers at once, each moving random issues of the 500-issue board.
    const loaded = await t.ok<BoardDto>(t.as(lead.token).get(`/api/boards/${small.id}`));
    const ids = loaded.issues.map((i) => i.id);
    const columnIds = loaded.columns.map((c) => c.id);
    const latencies: number[] = [];
    let failures = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: MOVERS }, async (_, mover) => {
        for (let m = 0; m < MOVES_EACH; m++) {
          const id = ids[(mover * 7919 + m * 104729) % ids.length]!;
          const t0 = performance.now();
          const res = await t.as(lead.token).put(`/api/issues/${id}/position`, {
            sourceColumnId: columnIds[0],
            destinationColumnId: columnIds[(mover + m) % columnIds.length],
            position: (mover * 31 + m * 17) % 150,
            boardId: small.id,
          });
          await res.arrayBuffer();
          if (res.status !== 200) failures++;
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const median = (xs: number[]) => percentile(xs, 50);

    console.log(`\nBoard service (in-process on ${t.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'})`);
    console.log(
      `  board fetch, 500 issues:   median ${median(smallMs).toFixed(1)} ms, p90 ${percentile(smallMs, 90).toFixed(1)} ms`,
    );
    console.log(
      `  board fetch, 5,000 issues: median ${median(largeMs).toFixed(1)} ms, p90 ${percentile(largeMs, 90).toFixed(1)} ms`,
    );
    console.log(`  ratio 5,000 / 500: ${(median(largeMs) / median(smallMs)).toFixed(1)}× for 10× the issues`);
    console.log(
      `  statements per fetch (incl. the session check): ${smallStatements} at 500 issues, ${largeStatements} at 5,000`,
    );
    console.log(
      `  moves, ${MOVERS} concurrent movers × ${MOVES_EACH}: p50 ${median(latencies).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, ${(latencies.length / seconds).toFixed(0)} moves/s, failures ${failures}`,
    );
  } finally {
    await t.close();
  }
}
