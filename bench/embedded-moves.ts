import type { BoardDto, ProjectDto } from '@trackboard/contracts';
import { startEmbeddedApp } from '@trackboard/e2e/support/app-process';
import { moveFigures } from './board';
import { embeddedAdmin, finishedImport, startImport } from './import-while-serving';
import { issueIdsByColumn } from './split-env';
import type { Row } from './table';

// Embedded mode (`npm start`: one process, PGlite and its one connection for everyone): MOVERS
// people moving cards on a 600-issue board at once. Every move waits its turn for the one
// connection; what matters is that the turns are fair — a move that waits forty times the median
// is what a user notices — so the p99 is the figure, beside the split mode's in `board`.
const MOVERS = Number(process.env.BENCH_MOVERS ?? 50);
const ISSUES = 600;
const RUNS = Number(process.env.BENCH_MOVE_RUNS ?? 5);

export async function benchEmbeddedMoves(): Promise<Row[]> {
  const app = await startEmbeddedApp({ TRUST_PROXY: 'loopback' });
  try {
    const as = await embeddedAdmin(app.url);
    const { token } = as;
    const job = await finishedImport(as, await startImport(as, 'MOVE', ISSUES));
    const project = (await (await fetch(`${app.url}/api/projects/${job.projectKey}`, as)).json()) as ProjectDto;
    const board = (await (await fetch(`${app.url}/api/boards/${project.boards[0]!.id}`, as)).json()) as BoardDto;
    const target = {
      id: board.id,
      columnIds: board.columns.map((c) => c.id),
      issueIds: issueIdsByColumn(board),
    };
    // The administrator moves for everyone, from an address per mover (nothing limits moves per user).
    const movers = Array.from({ length: MOVERS }, (_, n) => ({ token, address: `10.78.0.${n + 1}` }));
    await moveFigures(app.url, movers, target, { pass: 0 }); // warm-up, not counted
    const rows: Row[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const moves = await moveFigures(app.url, movers, target, { pass: run });
      if (moves.failures) throw new Error(`${moves.failures} moves failed, the first: ${moves.firstFailure}`);
      rows.push(
        {
          metric: `embedded: moves/s, ${MOVERS} movers, ${ISSUES} issues, run ${run} of ${RUNS}`,
          measured: moves.perSecond,
          unit: '/s',
          note: `p50 ${moves.p50.toFixed(0)} ms`,
        },
        {
          metric: `embedded: move p99, ${MOVERS} movers, ${ISSUES} issues, run ${run} of ${RUNS}`,
          measured: moves.p99,
          unit: 'ms',
          target: { atMost: 1000 },
        },
      );
    }
    return rows;
  } finally {
    await app.stop();
  }
}
