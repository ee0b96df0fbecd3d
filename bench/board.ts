import { MEMBERS, type BenchBoard, type BenchEnv, type BenchUser } from './split-env';
import { cpuByPart, cpuPerOperation, percentile } from './load';
import type { Row } from './table';
import { browserEncodings, wireRequest } from './wire';

// Boards through the gateway in split mode, as the browser asks: a board fetch (time to the last
// byte and bytes on the wire, compressed as negotiated) at 500 and 5,000 issues, and MOVERS
// users moving cards at once on each board (moves/s, latency, the answer's bytes on the wire).
const MOVERS = Math.min(Number(process.env.BENCH_MOVERS ?? 50), MEMBERS);
const MOVES_EACH = Number(process.env.BENCH_MOVES_EACH ?? 20);
// Moves each mover makes first, not counted: the replicas' JIT and their connection pools warm up
// as they would in a service that is in use.
const WARMUP_MOVES = Number(process.env.BENCH_WARMUP_MOVES ?? 20);
const FETCHES = Number(process.env.BENCH_FETCHES ?? 20);
// The move load runs this many times in a row on each board, each run in its own rows: a tail
// that comes and goes shows as runs that differ, where one run would hide it.
const MOVE_RUNS = Number(process.env.BENCH_MOVE_RUNS ?? 5);

const sizes = [500, 5000] as const;
const label = (n: number) => n.toLocaleString('en');

/**
 * Fetches of the board as its members open it: `changed` makes a change first each time (a move
 * of one issue, not timed), so no replica has the board's issues remembered for its version.
 */
async function fetchFigures(env: BenchEnv, user: BenchUser, board: BenchBoard, changed = false) {
  const boardId = board.id;
  const headers = { ...browserEncodings, authorization: `Bearer ${user.token}`, 'x-forwarded-for': user.address };
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i < FETCHES + 2; i++) {
    if (changed)
      await env.call('PUT', `/api/issues/${board.issueIds[0]![0]}/position`, {
        as: user,
        body: {
          sourceColumnId: board.columnIds[0],
          destinationColumnId: board.columnIds[0],
          position: i % 2,
          boardId,
        },
      });
    const answer = await wireRequest(`${env.url}/api/boards/${boardId}`, { headers });
    if (answer.status !== 200) throw new Error(`board fetch answered ${answer.status}`);
    if (i >= 2) ms.push(answer.ms); // two warm-up fetches
    bytes = answer.bodyBytes;
  }
  return { p50: percentile(ms, 50), bytes };
}

/** The bench's processes by name: the gateway and the board replicas (the others are "other service"). */
const partOf = (env: BenchEnv) => (pid: number) =>
  pid === env.gateway.child.pid
    ? 'gateway'
    : env.boardReplicas.some((r) => r.child.pid === pid)
      ? 'board replicas'
      : undefined;

/** A small seeded generator, so every bench makes the same moves. */
function random(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % below;
  };
}

/**
 * `movers` moving cards of `board` at once through `url`, each its next move when the last
 * answered: random issues to random columns and indexes, the same ones for the same `pass` on
 * every bench. Each pass of a bench draws its own: a pass repeating the one before would move
 * the same issues to the columns they were already moved to (two thirds of the moves changed
 * column in the first pass, one in nine in the next).
 */
export async function moveFigures(
  url: string,
  movers: Pick<BenchUser, 'token' | 'address'>[],
  board: Pick<BenchBoard, 'id' | 'columnIds' | 'issueIds'>,
  { movesEach = MOVES_EACH, pass }: { movesEach?: number; pass: number },
) {
  // Where each issue is, as the movers believe (the server's copy decides where a move starts).
  const columnOf = new Map<string, number>();
  board.issueIds.forEach((ids, c) => ids.forEach((id) => columnOf.set(id, c)));
  const sizesByColumn = board.issueIds.map((ids) => ids.length);
  const allIds = board.issueIds.flat();
  const latencies: number[] = [];
  const answerBytes: number[] = [];
  let failures = 0;
  let firstFailure = '';
  const started = performance.now();
  await Promise.all(
    movers.map(async (mover, m) => {
      const next = random((m + 1) * 7919 + movesEach + pass * 104_729);
      const headers = { ...browserEncodings, authorization: `Bearer ${mover.token}`, 'x-forwarded-for': mover.address };
      for (let i = 0; i < movesEach; i++) {
        const id = allIds[next(allIds.length)]!;
        const from = columnOf.get(id)!;
        const to = next(board.columnIds.length);
        const answer = await wireRequest(`${url}/api/issues/${id}/position`, {
          method: 'PUT',
          headers,
          body: {
            sourceColumnId: board.columnIds[from],
            destinationColumnId: board.columnIds[to],
            position: next(sizesByColumn[to]! + 1),
            boardId: board.id,
          },
        });
        latencies.push(answer.ms);
        if (answer.status !== 200) {
          failures++;
          firstFailure ||= `${answer.status} ${answer.body.toString().slice(0, 120)}`;
          continue;
        }
        answerBytes.push(answer.bodyBytes);
        sizesByColumn[from]!--;
        sizesByColumn[to]!++;
        columnOf.set(id, to);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    perSecond: (latencies.length - failures) / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    answerP50: percentile(answerBytes, 50),
    answerMax: Math.max(...answerBytes),
    failures,
    firstFailure,
    count: latencies.length,
  };
}

export async function benchBoard(env: BenchEnv): Promise<Row[]> {
  const [lead, ...members] = await env.users(MEMBERS + 1);
  const rows: Row[] = [];
  const moveRows: Row[] = [];
  for (const size of sizes) {
    const board = await env.board(size);
    const fetch = await fetchFigures(env, lead!, board);
    const afterChange = await fetchFigures(env, lead!, board, true);
    rows.push(
      {
        metric: `board fetch p50, ${label(size)} issues`,
        measured: fetch.p50,
        unit: 'ms',
        ...(size === 5000 && { target: { atMost: 60 } }),
      },
      {
        metric: `board fetch p50 after a change, ${label(size)} issues`,
        measured: afterChange.p50,
        unit: 'ms',
        // The answer after a change: the replica's kept cards assembled, compressed again.
        ...(size === 5000 && { target: { atMost: 30 } }),
        note: 'the kept cards assembled and compressed again',
      },
      {
        metric: `board fetch on the wire (br, gzip), ${label(size)} issues`,
        measured: fetch.bytes,
        unit: 'bytes',
        ...(size === 5000 && { target: { atMost: 400 * 1024 } }),
      },
    );
    if (WARMUP_MOVES > 0)
      await moveFigures(env.url, members.slice(0, MOVERS), board, { movesEach: WARMUP_MOVES, pass: 0 });
    const answers: number[] = [];
    let largestAnswer = 0;
    const cpuBefore = cpuByPart(partOf(env));
    let moved = 0;
    for (let run = 1; run <= MOVE_RUNS; run++) {
      const moves = await moveFigures(env.url, members.slice(0, MOVERS), board, { pass: run });
      moved += moves.count - moves.failures;
      answers.push(moves.answerP50);
      largestAnswer = Math.max(largestAnswer, moves.answerMax);
      const failed = moves.failures
        ? `; ${moves.failures} of ${moves.count} moves failed, the first: ${moves.firstFailure}`
        : '';
      moveRows.push(
        {
          metric: `moves/s, ${MOVERS} movers, ${label(size)} issues, run ${run} of ${MOVE_RUNS}`,
          measured: moves.perSecond,
          unit: '/s',
          target: { atLeast: 300 },
          note: `p50 ${moves.p50.toFixed(0)} ms${failed}`,
        },
        {
          metric: `move p99, ${MOVERS} movers, ${label(size)} issues, run ${run} of ${MOVE_RUNS}`,
          measured: moves.p99,
          unit: 'ms',
          target: { atMost: 250 },
        },
      );
    }
    const cpu = cpuPerOperation(cpuBefore, cpuByPart(partOf(env)), moved);
    moveRows.push({
      metric: `CPU per move, ${label(size)} issues (all processes)`,
      measured: cpu.reduce((sum, part) => sum + part.ms, 0),
      unit: 'ms',
      note: cpu
        .filter((part) => part.ms >= 0.05)
        .sort((a, b) => b.ms - a.ms)
        .map((part) => `${part.part} ${part.ms.toFixed(2)}`)
        .join(', '),
    });
    moveRows.push({
      metric: `move answer on the wire (p50), ${label(size)} issues`,
      measured: percentile(answers, 50),
      unit: 'bytes',
      target: { atMost: 4 * 1024 },
      note: largestAnswer > 0 ? `largest ${(largestAnswer / 1024).toFixed(2)} KB` : undefined,
    });
  }
  return [...rows, ...moveRows];
}
