import { sql } from 'drizzle-orm';
import * as contracts from '@trackboard/contracts';
import { queryRows } from '@trackboard/server-kit';
import { createTestPlatform, givenProject, type TestPlatform } from '@trackboard/test-platform';
import { serviceNames, type ServiceName } from './route-table';

// Every route the services register, as an active user and as an administrator, gets malformed
// JSON, wrong types in every field, control characters, huge strings and absurd paging. Not one
// answer may be a 5xx, and not one row may be added or removed anywhere. A seeded generator
// picks the values: FUZZ_SEED=<seed> replays a failing run exactly.
const SEED = Number(process.env.FUZZ_SEED ?? 20_250_610);

/** mulberry32: small, fast and good enough to pick test values reproducibly. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
}
const random = generator(SEED);

const KB = 1024;
const controls = ['\u0000', '\u0001', '\u0007', '\b', '\u000b', '\f', '\r', '\u001b', '\u007f', '\u0085', '\u009f'];
const withControl = (text: string) => `${text.slice(0, 1)}${random.pick(controls)}${text.slice(1)}`;
const huge = (bytes: number) => 'x'.repeat(bytes);
// 'NaN' with a control character: not a number, and no valid text either (a bare 'NaN' is a fine
// comment body, so a run whose picks sent it there added a row).
// An array of a string is a valid `links`, so the one-element array holds an object.
const wrongTypes = [
  12345,
  -1,
  1.5,
  1e308,
  true,
  false,
  null,
  [],
  {},
  [{ x: 1 }],
  { connect: {} },
  [null],
  '',
  'NaN\u0000',
];
const malformedJson = ['{"broken', '[', '{"a":}', 'null', '[]', '"text"', '\u0000', '{"a":1}}', '['.repeat(100_000)];
const absurdQueries = [
  'page=-1&limit=1000000000',
  'page=NaN&limit=NaN',
  'page=1e400&limit=-5',
  'page=99999999999999999999&limit=100',
  'status=KING&sortField=password&sortOrder=sideways',
  `searchTerm=${encodeURIComponent(withControl('term'))}&query=%00&email=%00&targetColumnId=%00`,
  `searchTerm=${huge(100 * KB)}&query=${huge(100 * KB)}`,
];

/**
 * Every field any request schema names (the fuzzer sends each to every route). The answers'
 * schemas (`…Dto`, `…Response`, zod schemas too since issue 17) are left out: their fields are
 * no route's input, and they had tripled the requests sent.
 */
const fieldNames = [
  ...new Set(
    Object.entries(contracts).flatMap(([name, schema]) => {
      if (/(?:Dto|Response)$/.test(name)) return [];
      const def = (schema as { _zod?: { def?: { type?: string; shape?: object } } })?._zod?.def;
      return def?.type === 'object' && def.shape ? Object.keys(def.shape) : [];
    }),
  ),
];

/** Values that no field of this shape accepts, for a field of a well-formed body. */
function invalidLike(value: unknown): unknown[] {
  if (typeof value === 'string') return [random.pick([true, { x: 1 }, ['x'], 1.5]), withControl(value), huge(100 * KB)];
  if (typeof value === 'number') return ['0', -1, 1.5, 1e308, random.pick([true, {}, []])];
  if (Array.isArray(value)) return [[12345], [withControl('link')], [huge(100 * KB)], random.pick([12345, { x: 1 }])];
  return [random.pick(wrongTypes)];
}

let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

type Ids = {
  user: string;
  project: string;
  key: string;
  board: string;
  column: string;
  issue: string;
  comment: string;
};

/** Well-formed bodies (never sent as they are: only with one field made invalid). */
const wellFormed = (ids: Ids): Record<string, Record<string, unknown>> => ({
  'POST /api/auth/register': { name: 'Fuzz Person', email: 'fuzz.person@fuzz.test', password: 'correct horse battery' },
  'POST /api/auth/login': { email: 'fuzz.person@fuzz.test', password: 'not the password' },
  'POST /api/auth/verify-email': { token: 'a'.repeat(43) },
  'POST /api/auth/resend-verification': { email: 'nobody@fuzz.test' },
  'PUT /api/auth/profile': { name: 'Fuzzed', bio: 'About me' },
  'PUT /api/users/profile': { name: 'Fuzzed', bio: 'About me' },
  'PUT /api/auth/users/:id/status': { status: 'SUSPENDED', reason: 'Because' },
  'PUT /api/auth/users/:id': { name: 'Fuzzed', bio: 'About me' },
  'PUT /api/admin/users/:id/reject': { reason: 'Because' },
  'PUT /api/users': { name: 'Fuzzed', bio: 'About me' },
  'POST /api/projects': { name: 'Fuzz', key: 'FUZZ' },
  'PUT /api/projects/:key': { name: 'Fuzz', description: 'About', leadId: ids.user },
  'POST /api/projects/:key/members': { email: 'member@fuzz.test' },
  'POST /api/projects/:id/boards': { name: 'Board', columns: ['One'] },
  'PUT /api/boards/:id': { name: 'Board' },
  'POST /api/boards/:id/columns': { name: 'Column', position: 0 },
  'PUT /api/columns/:id': { name: 'Column', position: 0 },
  'POST /api/issues': {
    projectId: ids.project,
    columnId: ids.column,
    title: 'Title',
    description: 'About',
    position: 0,
  },
  'PATCH /api/issues/:id': { title: 'Title', description: 'About', owner: 'me', links: ['https://x.test'], version: 0 },
  'PUT /api/issues/:id/position': {
    sourceColumnId: ids.column,
    destinationColumnId: ids.column,
    position: 0,
    boardId: ids.board,
  },
  'POST /api/issues/:id/comments': { body: 'Comment', parentCommentId: ids.comment },
  'PUT /api/comments/:id': { body: 'Comment' },
  'POST /api/comments/:id/reactions': { type: 'heart' },
});

/** Real rows for path parameters (so the domain code is reached), except where the route acts without a body. */
function pathOf(method: string, path: string, ids: Ids) {
  const missing = method === 'DELETE' || /\/(un)?archive$/.test(path);
  const idFor = (segment: string) =>
    ({ boards: ids.board, columns: ids.column, issues: ids.issue, comments: ids.comment, projects: ids.project })[
      segment
    ] ?? (segment === 'dashboard' ? ids.project : ids.user);
  return path
    .replace(':key', missing ? 'NOSUCHKEY' : ids.key)
    .replace(':userId', '987654')
    .replace(':id', missing ? '987654' : idFor(path.split('/')[2]!));
}

type Request = { method: string; path: string; body?: unknown };
function requestsFor(method: string, route: string, ids: Ids): Request[] {
  const path = pathOf(method, route, ids);
  const requests: Request[] = absurdQueries.map((query) => ({ method, path: `${path}?${query}` }));
  if (method === 'GET') return requests;
  requests.push(...malformedJson.map((body) => ({ method, path, body })));
  requests.push({ method, path, body: JSON.stringify({ name: huge(1024 * KB + 1) }) });
  for (const field of fieldNames)
    for (const value of [random.pick(wrongTypes), withControl('value'), huge(100 * KB)])
      requests.push({ method, path, body: { [field]: value } });
  const base = wellFormed(ids)[`${method} ${route}`] ?? {};
  for (const [field, value] of Object.entries(base))
    for (const bad of invalidLike(value)) requests.push({ method, path, body: { ...base, [field]: bad } });
  return requests;
}

async function rowCounts(): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    t.database.db,
    sql`select table_schema || '.' || table_name as name from information_schema.tables
        where table_schema in ('auth', 'project', 'board', 'admin', 'notification') and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[name] = (
      await queryRows<{ n: number }>(t.database.db, sql.raw(`select count(*)::int as n from ${name}`))
    )[0]!.n;
  return counts;
}

/**
 * The counts once every event already written has been handled: events reach their handlers
 * after the answer (the outbox relay), so count when the outboxes are empty and nothing has
 * moved for longer than a relay's poll.
 */
async function settledRowCounts(): Promise<Record<string, number>> {
  for (;;) {
    const first = await rowCounts();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const second = await rowCounts();
    const outboxesEmpty = Object.entries(second).every(([table, n]) => !table.endsWith('.outbox') || n === 0);
    if (outboxesEmpty && JSON.stringify(first) === JSON.stringify(second)) return second;
  }
}

describe(`fuzzing every route (FUZZ_SEED=${SEED})`, () => {
  it('answers no 5xx and adds or removes no row', async () => {
    const { key, project, lead } = await givenProject(t);
    const board = await t.ok<contracts.BoardDto>(t.as(lead.token).get(`/api/boards/${project.boards[0]!.id}`));
    const column = board.columns[0]!.id;
    const issue = await t.ok<contracts.IssueDto>(
      t.as(lead.token).post('/api/issues', { projectId: project.id, columnId: column, title: 'Fuzzed' }),
    );
    const comment = await t.ok<{ id: string }>(
      t.as(lead.token).post(`/api/issues/${issue.id}/comments`, { body: 'Hi' }),
    );
    const ids: Ids = {
      user: lead.user.id,
      project: project.id,
      key,
      board: board.id,
      column,
      issue: issue.id,
      comment: comment.id,
    };
    const callers = { user: lead.token, admin: (await t.admin()).token };
    // Watching takes no body: both callers watch the fuzzed issue already, so a PUT …/watch changes no row.
    for (const token of Object.values(callers)) await t.ok(t.as(token).put(`/api/issues/${issue.id}/watch`));

    const routes = serviceNames.flatMap((service) =>
      t.platform.apps[service].routes
        .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL')
        .map((r) => ({ ...r, service })),
    );
    const unique = [...new Map(routes.map((r) => [`${r.method} ${r.path}`, r])).values()];
    // Logging out ends the caller's session: those go last, outside the row count.
    const [logouts, others] = [
      unique.filter((r) => r.path.endsWith('/logout')),
      unique.filter((r) => !r.path.endsWith('/logout')),
    ];

    const failures: string[] = [];
    let sent = 0;
    // Straight to the service that registered the route: routes the gateway keeps internal are fuzzed too.
    const send = async (who: keyof typeof callers, service: ServiceName, { method, path, body }: Request) => {
      const res = await t.platform.apps[service].request(path, {
        method,
        headers: {
          authorization: `Bearer ${callers[who]}`,
          'x-forwarded-for': '10.0.0.1',
          'content-type': 'application/json',
        },
        body: body === undefined || typeof body === 'string' ? body : JSON.stringify(body),
      });
      sent++;
      if (res.status >= 500)
        failures.push(`${who} ${method} ${path.slice(0, 120)} ${JSON.stringify(body)?.slice(0, 120)} → ${res.status}`);
      await res.arrayBuffer();
    };

    const before = await settledRowCounts();
    for (const who of ['user', 'admin'] as const)
      for (const route of others)
        for (const request of requestsFor(route.method, route.path, ids)) await send(who, route.service, request);
    const after = await settledRowCounts();
    for (const who of ['user', 'admin'] as const)
      for (const route of logouts)
        for (const request of requestsFor(route.method, route.path, ids)) await send(who, route.service, request);

    expect({ seed: SEED, failures }).toEqual({ seed: SEED, failures: [] });
    expect(after).toEqual(before);
    expect(sent).toBeGreaterThan(5000);
  }, 480_000); // ~160 s alone on this machine; room for a busy one
});
