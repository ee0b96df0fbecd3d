import { generateNKeysBetween } from 'fractional-indexing';
import { sql } from 'drizzle-orm';
import {
  statusInColumn,
  type BoardDto,
  type IssueStatus,
  type ProjectDto,
  type ProjectProgress,
} from '@trackboard/contracts';
import { activity, issues } from '../services/board/src/db/schema';
import { percentile } from './load';
import { MEMBERS, type BenchEnv } from './split-env';
import type { Row } from './table';
import { browserEncodings, decodeJson, wireRequest } from './wire';

// A project's progress through the gateway in split mode: 5,000 issues created over the last 100
// days, each moved about five times between To Do, In Progress, Review (a name that maps to no
// status) and Done, some reopened, seeded in bulk. The answer is read from that whole history, so
// its time grows with the project's moves.
const ISSUES = Number(process.env.BENCH_PROGRESS_ISSUES ?? 5000);
const ROUNDS = Number(process.env.BENCH_PROGRESS_ROUNDS ?? 50);
const WARMUP = 5;
const DAY = 24 * 60 * 60 * 1000;

/** A small seeded generator, so every run seeds the same history. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

/** Where a move from `column` goes: mostly onwards, sometimes back (a reopening). */
const onwards: Record<string, string[]> = {
  'To Do': ['In Progress', 'In Progress', 'Review', 'Done'],
  'In Progress': ['Review', 'Review', 'Done', 'To Do'],
  Review: ['Done', 'Done', 'In Progress'],
  Done: ['In Progress', 'To Do'],
};

export async function benchProgress(env: BenchEnv): Promise<Row[]> {
  // An account of its own, after the search bench's.
  const users = await env.users(MEMBERS + 4);
  const lead = users[MEMBERS + 3]!;
  const key = 'PROG';
  const project = await env.call<ProjectDto>('POST', '/api/projects', { as: lead, body: { name: 'Progress', key } });
  const boardId = project.boards[0]!.id;
  const review = await env.call<{ id: string }>('POST', `/api/boards/${boardId}/columns`, {
    as: lead,
    body: { name: 'Review' },
  });
  const board = await env.call<BoardDto>('GET', `/api/boards/${boardId}`, { as: lead });
  const columnId = (name: string) => Number(board.columns.find((c) => c.name === name)?.id ?? review.id);
  process.stderr.write(`  … seeding ${ISSUES.toLocaleString('en')} issues and their moves\n`);

  const next = random(2718);
  const now = Date.now();
  const ids = { projectId: Number(project.id), boardId: Number(boardId) };
  const ranks = generateNKeysBetween(null, null, ISSUES);
  const moves: (typeof activity.$inferInsert)[] = [];
  const rows = ranks.map((rank, i) => {
    const createdAt = now - next() * 100 * DAY;
    let [column, status, at] = ['To Do', 'TODO' as IssueStatus, createdAt];
    for (let m = Math.floor(next() * 11); m > 0 && at < now; m--) {
      const choices = onwards[column]!;
      const to = choices[Math.floor(next() * choices.length)]!;
      at = Math.min(now, at + next() * 4 * DAY);
      moves.push({
        ...ids,
        actorId: Number(lead.id),
        description: '',
        // The issue's index among the seeded rows until its id is known.
        issueId: i,
        kind: 'moved',
        field: 'status',
        fromValue: column,
        toValue: to,
        createdAt: new Date(at),
      });
      [column, status] = [to, statusInColumn(to, status)];
    }
    return {
      ...ids,
      number: i + 1,
      key: `${key}-${i + 1}`,
      columnId: columnId(column),
      title: `Issue ${i + 1}`,
      status,
      rank,
      reporterId: Number(lead.id),
      createdAt: new Date(createdAt),
    };
  });
  const issueIds: number[] = [];
  for (let start = 0; start < rows.length; start += 1000) {
    const added = await env.database.db
      .insert(issues)
      .values(rows.slice(start, start + 1000))
      .returning({ id: issues.id });
    issueIds.push(...added.map((a) => Number(a.id)));
  }
  for (const move of moves) move.issueId = issueIds[move.issueId!]!;
  for (let start = 0; start < moves.length; start += 1000)
    await env.database.db.insert(activity).values(moves.slice(start, start + 1000));
  await env.database.db.execute(sql`
    insert into board.issue_numbers (project_id, last_number) values (${ids.projectId}, ${rows.length})
    on conflict (project_id) do update set last_number = excluded.last_number`);
  // As autovacuum would after a bulk load.
  await env.database.db.execute(sql`vacuum analyze board.issues, board.activity`);

  const headers = { ...browserEncodings, authorization: `Bearer ${lead.token}`, 'x-forwarded-for': lead.address };
  const ms: number[] = [];
  let sampleSize = 0;
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    const answer = await wireRequest(`${env.url}/api/projects/${key}/progress`, { headers });
    if (answer.status !== 200) throw new Error(`progress: ${answer.status} ${answer.body.toString()}`);
    if (i < WARMUP) continue;
    ms.push(answer.ms);
    sampleSize = decodeJson<ProjectProgress>(answer).sampleSize;
  }
  const label = `${ISSUES.toLocaleString('en')} issues, ${moves.length.toLocaleString('en')} moves`;
  return [
    {
      metric: `project progress p50, ${label}`,
      measured: percentile(ms, 50),
      unit: 'ms',
      target: { atMost: 300 },
      note: `start to done measured on ${sampleSize} issues`,
    },
    { metric: `project progress p99, ${label}`, measured: percentile(ms, 99), unit: 'ms' },
  ];
}
