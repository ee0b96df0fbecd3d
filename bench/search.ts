import { generateNKeysBetween } from 'fractional-indexing';
import { sql } from 'drizzle-orm';
import { statusForColumn, type BoardDto, type ProjectDto, type SearchResult } from '@trackboard/contracts';
import { queryRows } from '@trackboard/server-kit';
import { issues } from '../services/board/src/db/schema';
import { percentile } from './load';
import { MEMBERS, type BenchEnv, type BenchUser } from './split-env';
import type { Row } from './table';
import { browserEncodings, decodeJson, wireRequest } from './wire';

// Search through the gateway in split mode: 50,000 issues in 50 projects, seeded in
// bulk, with titles and descriptions drawn from a vocabulary by Zipf's law. The searcher is a member of all 50 projects, so every issue
// is in scope. Two-word queries as the palette sends them (the last word a prefix) are the
// target; a two-letter prefix (the palette's first request, the broadest) and an exact key are
// reported beside it, with how many issues the queries match. Every issue a query matches is
// read and ranked, so the time grows with that count, not with the table.
const PROJECTS = Number(process.env.BENCH_SEARCH_PROJECTS ?? 50);
const PER_PROJECT = Number(process.env.BENCH_SEARCH_ISSUES ?? 1000);
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 200);
const WARMUP = 20;

// Function words first (the commonest), then a tracker's own words, then made-up words for a
// long tail, drawn by Zipf's law (the word of rank r with weight 1/r): "the" is in nearly every
// issue, "deployment" in about one in six, a tail word in a handful.
const functionWords =
  'the to a is in of and on for it with when not this be we should after from an or but at as by are can if no'.split(
    ' ',
  );
const trackerWords = (
  'deployment pipeline login page error timeout database migration cache search filter board column card ' +
  'drag drop keyboard shortcut palette dialog button modal sidebar header footer theme dark light contrast ' +
  'font avatar profile account password reset email verification approval admin member project lead key ' +
  'label assignee due date priority type bug feature task story epic comment reply reaction markdown preview ' +
  'socket reconnect replica gateway proxy redis postgres index query slow fast memory leak crash restart ' +
  'docker compose healthcheck backup restore upload download export import csv json api endpoint request ' +
  'response token session logout expiry refresh permission forbidden validation message translation locale ' +
  'timezone calendar sprint release version changelog build bundle webpack remote federation shell route ' +
  'link history undo redo flaky test journey chromium screenshot layout mobile tablet scroll performance ' +
  'latency throughput metrics dashboard chart report audit log retention policy billing invoice customer ' +
  'support ticket incident outage alert pager oncall runbook'
).split(' ');
const syllables = 'ka lo mi nu pe ra si to va ze bri cho dra fle gru kle pla sto tri vo'.split(' ');
/** A small seeded generator, so every run seeds the same text. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}
const next = random(1307);
const tailWords = Array.from({ length: 3000 }, () =>
  Array.from({ length: 2 + Math.floor(next() * 3) }, () => syllables[Math.floor(next() * syllables.length)]).join(''),
);
const vocabulary = [...functionWords, ...trackerWords, ...tailWords];
/** Cumulative Zipf weights, to draw a word by binary search. */
const cumulative: number[] = [];
vocabulary.forEach((_, r) => cumulative.push((cumulative.at(-1) ?? 0) + 1 / (r + 1)));
function word(): string {
  const x = next() * cumulative.at(-1)!;
  let [lo, hi] = [0, cumulative.length - 1];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return vocabulary[lo]!;
}
const words = (min: number, max: number) =>
  Array.from({ length: min + Math.floor(next() * (max - min + 1)) }, word).join(' ');
/** A title and a description of a seeded issue. */
export const seededText = () => ({ title: words(3, 8), description: `${words(15, 45)}.\n\n${words(5, 25)}.` });

async function seedProject(env: BenchEnv, lead: BenchUser, searcher: BenchUser, n: number) {
  const key = `S${n}`;
  const project = await env.call<ProjectDto>('POST', '/api/projects', {
    as: lead,
    body: { name: `Search ${n}`, key },
  });
  await env.call('POST', `/api/projects/${key}/members`, { as: lead, body: { email: searcher.email } });
  const board = await env.call<BoardDto>('GET', `/api/boards/${project.boards[0]!.id}`, { as: lead });
  const perColumn = Math.ceil(PER_PROJECT / board.columns.length);
  const rows = board.columns.flatMap((column, c) => {
    const count = Math.max(0, Math.min(perColumn, PER_PROJECT - c * perColumn));
    return generateNKeysBetween(null, null, count).map((rank) => ({ column, rank }));
  });
  await env.database.db.insert(issues).values(
    rows.map(({ column, rank }, i) => ({
      boardId: Number(board.id),
      projectId: Number(project.id),
      number: i + 1,
      key: `${key}-${i + 1}`,
      columnId: Number(column.id),
      ...seededText(),
      status: statusForColumn(column.name),
      rank,
      reporterId: Number(lead.id),
    })),
  );
  await env.database.db.execute(sql`
    insert into board.issue_numbers (project_id, last_number) values (${Number(project.id)}, ${rows.length})
    on conflict (project_id) do update set last_number = excluded.last_number`);
}

async function timings(env: BenchEnv, as: BenchUser, queries: string[]) {
  const headers = { ...browserEncodings, authorization: `Bearer ${as.token}`, 'x-forwarded-for': as.address };
  const ms: number[] = [];
  let hits = 0;
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    const q = queries[i % queries.length]!;
    const answer = await wireRequest(`${env.url}/api/search?q=${encodeURIComponent(q)}`, { headers });
    if (answer.status !== 200) throw new Error(`search ${q}: ${answer.status} ${answer.body.toString()}`);
    if (i < WARMUP) continue;
    ms.push(answer.ms);
    hits += decodeJson<SearchResult>(answer).issues.length;
  }
  if (hits === 0) throw new Error('no search found anything');
  return { p50: percentile(ms, 50), p99: percentile(ms, 99) };
}

/** How many issues each query matches, counted as the search builds its tsquery (last word a prefix). */
const matchCounts = (env: BenchEnv, queries: string[]) =>
  Promise.all(
    queries.map(async (q) => {
      const [row] = await queryRows<{ n: number }>(
        env.database.db,
        sql`select count(*)::int as n from board.issues
          where search @@ regexp_replace(websearch_to_tsquery('simple', ${q})::text, '''$', ''':*')::tsquery`,
      );
      return row!.n;
    }),
  );

export async function benchSearch(env: BenchEnv): Promise<Row[]> {
  // Two accounts of their own, after the board bench's lead and members.
  const users = await env.users(MEMBERS + 3);
  const [lead, searcher] = [users[MEMBERS + 1]!, users[MEMBERS + 2]!];
  const total = PROJECTS * PER_PROJECT;
  const label = `${total.toLocaleString('en')} issues in ${PROJECTS} projects`;
  process.stderr.write(`  … seeding ${label}\n`);
  for (let n = 1; n <= PROJECTS; n++) await seedProject(env, lead, searcher, n);
  // As autovacuum would after a bulk load: statistics, and the GIN index's pending list (where
  // fast updates wait) merged into the index, which a search would otherwise read through.
  await env.database.db.execute(sql`vacuum analyze board.issues`);

  // Pairs of the tracker's words, the second cut to a prefix as if still being typed.
  const pick = random(4242);
  const trackerWord = () => trackerWords[Math.floor(pick() * trackerWords.length)]!;
  const twoWords = Array.from({ length: 50 }, () => {
    const second = trackerWord();
    return `${trackerWord()} ${second.slice(0, Math.max(4, second.length - 2))}`;
  });
  const shortPrefixes = ['de', 'pa', 'se', 'ca', 'bo', 'lo', 're', 'mi'];
  const pair = await timings(env, searcher, twoWords);
  const short = await timings(env, searcher, shortPrefixes);
  const key = await timings(
    env,
    searcher,
    Array.from({ length: 20 }, (_, i) => `s${1 + (i % PROJECTS)}-${1 + ((i * 37) % PER_PROJECT)}`),
  );
  const note = async (queries: string[]) => {
    const counts = await matchCounts(env, queries);
    return `matching issues per query: median ${percentile(counts, 50)}, most ${Math.max(...counts)}`;
  };
  return [
    {
      metric: `search p50, two words, ${label}`,
      measured: pair.p50,
      unit: 'ms',
      target: { atMost: 30 },
      note: await note(twoWords),
    },
    { metric: `search p99, two words, ${label}`, measured: pair.p99, unit: 'ms' },
    {
      metric: `search p50, a two-letter prefix, ${label}`,
      measured: short.p50,
      unit: 'ms',
      note: await note(shortPrefixes),
    },
    { metric: `search p99, a two-letter prefix, ${label}`, measured: short.p99, unit: 'ms' },
    { metric: `search p50, an exact key, ${label}`, measured: key.p50, unit: 'ms' },
  ];
}
