import { sql } from 'drizzle-orm';
import type { BulkEditResult } from '@trackboard/contracts';
import { queryRows } from '@trackboard/server-kit';
import { percentile } from './load';
import type { BenchEnv } from './split-env';
import type { Row } from './table';

// POST /issues/bulk through the gateway (split mode, two board replicas) on a board of 1,000
// issues: 500 of them given a priority, then 500 moved to another column and put back with an
// Undo's per-issue `each` — five rounds of each, timed to the answer. Each edit starts once the
// last one's 500 events have left the outbox: what it is measured against is the edit, not the
// relay and the consumers still busy with the one before (their time is printed apart).
const COUNT = 1_000;
const PICKED = 500;
const ROUNDS = 5;

const median = (values: number[]) => percentile(values, 50);

export async function benchBulk(env: BenchEnv): Promise<Row[]> {
  const board = await env.board(COUNT);
  const [lead] = await env.users(1);
  const ids = board.issueIds.flat().slice(0, PICKED);
  const relayed: number[] = [];
  /** Until the board's outbox is empty: every event recorded so far has gone to the bus. */
  const settled = async () => {
    const started = performance.now();
    for (;;) {
      const [row] = await queryRows<{ n: number }>(env.database.db, sql`select count(*)::int as n from board.outbox`);
      if (row!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    relayed.push(performance.now() - started);
  };
  const timed = async (body: unknown) => {
    await settled();
    const started = performance.now();
    const result = await env.call<BulkEditResult>('POST', '/api/issues/bulk', { as: lead, body });
    const ms = performance.now() - started;
    if (result.updated.length !== PICKED) throw new Error(`the bulk edit changed ${result.updated.length} issues`);
    return { ms, result };
  };

  const fields: number[] = [];
  for (let round = 0; round < ROUNDS; round++)
    fields.push((await timed({ ids, set: { priority: round % 2 ? 'LOW' : 'HIGH' } })).ms);

  const moves: number[] = [];
  const undos: number[] = [];
  const lastColumn = board.columnIds.at(-1)!;
  for (let round = 0; round < ROUNDS; round++) {
    const moved = await timed({ ids, set: { columnId: lastColumn } });
    moves.push(moved.ms);
    // Where each was: the seeded columns and places, as an Undo sends them.
    const each = Object.fromEntries(
      board.issueIds.flatMap((column, c) =>
        column.flatMap((id, position) =>
          ids.includes(id) ? [[id, { columnId: board.columnIds[c]!, position }] as const] : [],
        ),
      ),
    );
    undos.push((await timed({ ids, each })).ms);
  }

  const target = { atMost: 1_000 };
  const note = `${PICKED} of ${COUNT.toLocaleString('en')} issues, ${ROUNDS} rounds, max`;
  return [
    { metric: 'bulk edit: priority of 500, p50', measured: median(fields), unit: 'ms', target },
    { metric: 'bulk edit: priority of 500, slowest', measured: Math.max(...fields), unit: 'ms', target, note },
    { metric: 'bulk edit: move 500 to a column, p50', measured: median(moves), unit: 'ms', target },
    { metric: 'bulk edit: undo of that move (500 placed back), p50', measured: median(undos), unit: 'ms', target },
    {
      metric: 'bulk edit: its 500 events relayed from the outbox, p50',
      measured: median(relayed.slice(1)),
      unit: 'ms',
      note: 'after the answer; before the next edit',
    },
  ];
}
