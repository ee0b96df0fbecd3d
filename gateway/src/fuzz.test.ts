import { createHash, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { pgSchema } from 'drizzle-orm/pg-core';
import * as contracts from '@trackboard/contracts';
import { domainEventTypes } from '@trackboard/contracts/events';
import {
  createLogger,
  createOutbox,
  outboxTable,
  queryRows,
  type EventHandlers,
  type OpenApiDocument,
  type Outbox,
} from '@trackboard/server-kit';
import { createTestPlatform, givenProject, type TestPlatform } from '@trackboard/test-platform';
import { serviceNames, type ServiceName } from './route-table';

// Every route the services register, as an active user and as an administrator, gets malformed
// JSON, wrong types in every field, control characters, huge strings and absurd paging. Not one
// answer may be a 5xx, not one row may be added or removed anywhere, and no domain event may be
// recorded.
//
// The budget, per route and caller: BODY_CASES cases for a route that reads a JSON body,
// OTHER_CASES for one that does not (a GET, a DELETE: only its path and query are read, so
// the body's kinds need a case each, not dozens). They are drawn by a seeded generator from all
// the cases the route could be sent (over 300, but for a GET, which only takes queries): first a
// case of every kind (absurd paging, each query parameter of the route's own, malformed JSON, a
// body over the limit, each field of its own body, a foreign field), then the rest at random.
// Sending every case on every run took minutes; a new seed each run covers more of them over
// time. The seed is printed and named in every failure: FUZZ_SEED=<seed> replays a run exactly.
const BODY_CASES = 24;
const OTHER_CASES = 8;
const SEED = seedFrom(process.env.FUZZ_SEED);
const replay = `FUZZ_SEED=${SEED}`;

function seedFrom(text: string | undefined): number {
  if (!text) return randomInt(2 ** 32);
  const seed = Number(text);
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32)
    throw new Error(`FUZZ_SEED must be an integer from 0 to ${2 ** 32 - 1}, not ${text}`);
  return seed;
}

/**
 * mulberry32, seeded from the run's seed and `parts` (a caller and a route): each route's cases
 * depend on nothing else, so a route added or removed leaves the others' cases as they were.
 */
function generator(...parts: string[]) {
  let a = createHash('sha256')
    .update([SEED, ...parts].join('\n'))
    .digest()
    .readUInt32LE(0);
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { int, pick: <T>(items: readonly T[]): T => items[int(items.length)]! };
}
type Random = ReturnType<typeof generator>;

const KB = 1024;
// Built once, shared by every case that sends one.
const HUGE = 'x'.repeat(100 * KB);
const OVER_THE_BODY_LIMIT = JSON.stringify({ name: 'x'.repeat(1024 * KB + 1) });
// No CR: text that spans lines takes it, as a line break.
const controls = ['\u0000', '\u0001', '\u0007', '\b', '\u000b', '\f', '\u001b', '\u007f', '\u0085', '\u009f'];
const withControl = (random: Random, text: string) => `${text.slice(0, 1)}${random.pick(controls)}${text.slice(1)}`;
// Half an emoji (a surrogate without its pair): JSON carries one as `\ud83d`, no text field takes
// it. A query string cannot carry one (encodeURIComponent throws), so bodies only.
const halves = ['\ud83d', '\ude00'];
/** `text` with a character no text field of a body takes: a control character or half an emoji. */
const withBroken = (random: Random, text: string) =>
  `${text.slice(0, 1)}${random.pick([...controls, ...halves])}${text.slice(1)}`;
// Characters beyond the first 65,536 (emoji, 𝔘, a family joined by U+200D) are two UTF-16 units
// each: an excerpt cut between the two halves of one broke the JSON of an event, a 500. The long
// one, after a field's value and a space, is cut at an odd offset.
const ASTRAL = ['𝔘😀 👨‍👩‍👧‍👦 🇫🇷', '😀'.repeat(150)];
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
const absurdQueries = (random: Random) => [
  'page=-1&limit=1000000000',
  'page=NaN&limit=NaN',
  'page=1e400&limit=-5',
  'page=99999999999999999999&limit=100',
  'status=KING&sortField=password&sortOrder=sideways',
  `searchTerm=${encodeURIComponent(withControl(random, 'term'))}&query=%00&email=%00&targetColumnId=%00`,
  `searchTerm=${HUGE}&query=${HUGE}`,
];
/** For a query parameter of the route's own. */
const badParameters = (random: Random) => [
  '-1',
  'NaN',
  '1e400',
  '99999999999999999999',
  '',
  '%00',
  encodeURIComponent(withControl(random, 'value')),
  HUGE,
];

/**
 * Every field any request schema names (any route may be sent any of them, as a foreign
 * field). The answers' schemas (`…Dto`, `…Response`, zod schemas too) are left out: their
 * fields are no route's input.
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

/** Whether `value` is of the JSON Schema type `type` (an integer is a whole number). */
function isOfType(type: string, value: unknown): boolean {
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'array') return Array.isArray(value);
  if (type === 'null') return value === null;
  if (type === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value);
  return typeof value === type;
}

/**
 * The wrong types for a field whose schema takes `types`: values of none of them. A value of the
 * field's own type may be well-formed (`{ enabled: true }` is a whole cycle plan, and changes
 * rows). A field whose types are unknown gets them all.
 */
const wrongTypesFor = (types: readonly string[]) =>
  wrongTypes.filter((value) => !types.some((type) => isOfType(type, value)));

/** Values that no field of this shape (whose schema takes `types`) accepts, for a field of a well-formed body. */
function invalidLike(random: Random, value: unknown, types: readonly string[]): unknown[] {
  if (typeof value === 'string') return [random.pick([true, { x: 1 }, ['x'], 1.5]), withBroken(random, value), HUGE];
  if (typeof value === 'number') return ['0', -1, 1.5, 1e308, random.pick([true, {}, []])];
  if (Array.isArray(value)) return [[12345], [withBroken(random, 'link')], [HUGE], random.pick([12345, { x: 1 }])];
  return [random.pick(wrongTypesFor(types))];
}

type Ids = {
  user: string;
  project: string;
  key: string;
  board: string;
  column: string;
  issue: string;
  comment: string;
};
/** Stands in for the real ids where the cases are only described (the fingerprint). */
const placeholders: Ids = {
  user: ':user',
  project: ':project',
  key: ':key',
  board: ':board',
  column: ':column',
  issue: ':issue',
  comment: ':comment',
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
  return (
    path
      .replace(':key', missing ? 'NOSUCHKEY' : ids.key)
      .replace(':userId', '987654')
      // A task's index: the issue's first (it has none, so a well-formed tick is a 409).
      .replace(':index', '0')
      .replace(':id', missing ? '987654' : idFor(path.split('/')[2]!))
  );
}

type Route = { method: string; path: string; service: ServiceName };
/**
 * What the route's own OpenAPI description says it takes: its query parameters, and its body's
 * fields with the JSON types each one takes (none when its schema names none).
 */
type Inputs = { query: string[]; fields: Map<string, string[]> };
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
const partsOf = (schema: JsonSchema) => [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
/** The JSON types a schema names, its own and its parts' (a field's schema may be a union). */
const typesOf = (schema: JsonSchema): string[] => [...[schema.type ?? []].flat(), ...partsOf(schema).flatMap(typesOf)];
type Operation = {
  parameters?: { in?: string; name?: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

function inputsOf(document: OpenApiDocument, { method, path }: Route): Inputs {
  const item = document.paths?.[path.replace(/:(\w+)/g, '{$1}')] as Record<string, Operation> | undefined;
  const operation = item?.[method.toLowerCase()];
  const properties = (schema: JsonSchema | undefined): [string, JsonSchema][] =>
    schema ? [...Object.entries(schema.properties ?? {}), ...partsOf(schema).flatMap(properties)] : [];
  const fields = new Map<string, string[]>();
  for (const [name, schema] of properties(operation?.requestBody?.content?.['application/json']?.schema))
    fields.set(name, [...(fields.get(name) ?? []), ...typesOf(schema)]);
  return { query: (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name!), fields };
}

type Case = { method: string; path: string; body?: unknown };

/** Every case this route could be sent, by kind. */
function casesByKind(random: Random, { method, path: route }: Route, inputs: Inputs, ids: Ids) {
  const path = pathOf(method, route, ids);
  const kinds = new Map<string, Case[]>();
  const add = (kind: string, ...cases: Case[]) => kinds.set(kind, [...(kinds.get(kind) ?? []), ...cases]);
  add('absurd paging', ...absurdQueries(random).map((query) => ({ method, path: `${path}?${query}` })));
  for (const name of inputs.query)
    add(
      `query ${name}`,
      ...[...badParameters(random), `1&${name}=2`].map((value) => ({ method, path: `${path}?${name}=${value}` })),
    );
  if (method === 'GET') return kinds;
  add('malformed JSON', ...malformedJson.map((body) => ({ method, path, body })));
  add('body over the limit', { method, path, body: OVER_THE_BODY_LIMIT });
  const base = wellFormed(ids)[`${method} ${route}`] ?? {};
  for (const field of new Set([...inputs.fields.keys(), ...Object.keys(base)])) {
    const types = inputs.fields.get(field) ?? [];
    // One field made invalid in an otherwise well-formed body reaches furthest; alone, it is a wrong type.
    if (field in base)
      add(
        `field ${field}`,
        ...invalidLike(random, base[field], types).map((bad) => ({ method, path, body: { ...base, [field]: bad } })),
      );
    add(
      `field ${field}`,
      ...[random.pick(wrongTypesFor(types)), withBroken(random, 'value'), HUGE].map((value) => ({
        method,
        path,
        body: { [field]: value },
      })),
    );
  }
  for (const field of fieldNames.filter((name) => !kinds.has(`field ${name}`)))
    add(
      'foreign field',
      ...[random.pick(wrongTypes), withBroken(random, 'value'), HUGE].map((value) => ({
        method,
        path,
        body: { [field]: value },
      })),
    );
  return kinds;
}

/** The route's budget: a case of every kind, then the rest drawn from all that is left. */
function casesFor(who: string, route: Route, inputs: Inputs, ids: Ids): Case[] {
  const random = generator(who, route.method, route.path);
  const take = <T>(items: T[]) => items.splice(random.int(items.length), 1)[0]!;
  const byKind = casesByKind(random, route, inputs, ids);
  const budget = [...byKind.keys()].some((kind) => kind.startsWith('field ')) ? BODY_CASES : OTHER_CASES;
  const kinds = [...byKind.values()];
  const chosen: Case[] = [];
  // The kinds in a random order: were a route to have more kinds than its budget, each run would leave out others.
  for (const order = [...kinds]; order.length && chosen.length < budget;) chosen.push(take(take(order)));
  const rest = kinds.flat();
  while (rest.length && chosen.length < budget) chosen.push(take(rest));
  return chosen;
}

/**
 * The route's well-formed body with astral-plane text after one text field's value (each field,
 * each text, one at a time: a list's every item), and the text in each query parameter of its
 * own. Valid requests mostly: they reach the domain code, its events and their consumers.
 */
function astralCases({ method, path: route }: Route, inputs: Inputs, ids: Ids): Case[] {
  const path = pathOf(method, route, ids);
  const base = wellFormed(ids)[`${method} ${route}`] ?? {};
  const withText = (value: unknown, text: string) => {
    if (typeof value === 'string') return `${value} ${text}`;
    if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
      return value.map((i) => `${i}/${text}`);
    return undefined;
  };
  return ASTRAL.flatMap((text) => [
    ...inputs.query.map((name) => ({ method, path: `${path}?${name}=${encodeURIComponent(text)}` })),
    ...Object.entries(base).flatMap(([field, value]) => {
      const changed = withText(value, text);
      return changed === undefined ? [] : [{ method, path, body: { ...base, [field]: changed } }];
    }),
  ]);
}

/** A case in a line: long strings cut short. */
function brief({ method, path, body }: Case) {
  const cut = (text: string) =>
    text.length > 80 ? `${contracts.truncateText(text, 40)}…(${text.length} chars)` : text;
  const json = JSON.stringify(body, (_key, value: unknown) => (typeof value === 'string' ? cut(value) : value));
  return `${method} ${cut(path)}${body === undefined ? '' : ` ${cut(json ?? '')}`}`;
}

let t: TestPlatform;
/** The test's own relays over every outbox (no poll): it relays when it needs to. */
let relays: Outbox[] = [];
const heard: contracts.DomainEvent[] = [];
const schemas = ['auth', 'project', 'board', 'admin', 'notification'];
beforeAll(async () => {
  t = await createTestPlatform();
  const log = createLogger('fuzz', 'silent');
  const outboxes = await queryRows<{ schema: string }>(
    t.database.db,
    sql`select table_schema as schema from information_schema.tables
        where table_name = 'outbox' and table_schema in ${schemas} order by 1`,
  );
  relays = outboxes.map(({ schema }) =>
    createOutbox({ db: t.database.db, table: outboxTable(pgSchema(schema)), bus: t.events, log, pollMs: 0 }),
  );
  const record = (event: contracts.DomainEvent) => void heard.push(event);
  await t.events.listen(Object.fromEntries(domainEventTypes.map((type) => [type, record])) as EventHandlers);
});
afterAll(async () => {
  await Promise.all(relays.map((relay) => relay.close()));
  await t?.close();
});

/** The row count of every table of every service, read in one statement (one snapshot). */
let countRows: ReturnType<typeof sql.raw>;
async function rowCounts(): Promise<Record<string, number>> {
  if (!countRows) {
    const tables = await queryRows<{ name: string }>(
      t.database.db,
      sql`select table_schema || '.' || table_name as name from information_schema.tables
          where table_schema in ${schemas} and table_type = 'BASE TABLE' order by 1`,
    );
    countRows = sql.raw(
      `select ${tables.map(({ name }) => `(select count(*)::int from ${name}) as "${name}"`).join(', ')}`,
    );
  }
  return (await queryRows<Record<string, number>>(t.database.db, countRows))[0]!;
}

/**
 * The counts once every event written so far has been handled. An event leaves its outbox only
 * once every consumer has handled it (the in-memory bus awaits them), and a consumer records
 * its own events in that same transaction: so once every outbox is empty in one snapshot,
 * nothing written so far has anything left to do. Events still waiting are relayed here and now
 * rather than at a relay's next poll; rows a service's relay holds (it is sending them) are
 * waited for.
 */
async function settledRowCounts(): Promise<Record<string, number>> {
  for (const deadline = Date.now() + 20_000; ;) {
    const counts = await rowCounts();
    if (Object.entries(counts).every(([table, n]) => !table.endsWith('.outbox') || n === 0)) return counts;
    if (Date.now() > deadline) throw new Error(`events left unhandled in the outboxes (${replay})`);
    const relayed = await Promise.all(relays.map((relay) => relay.relayPending()));
    if (!relayed.some(Boolean)) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

type Callers = { user: string; admin: string };

/**
 * A project of the lead's with a board, an issue and a comment: their ids, and the callers (the
 * lead and an administrator). Both watch the issue already, so a PUT …/watch (no body) changes no row.
 */
async function givenTarget(): Promise<{ ids: Ids; callers: Callers }> {
  const { key, project, lead } = await givenProject(t);
  const board = await t.ok<contracts.BoardDto>(t.as(lead.token).get(`/api/boards/${project.boards[0]!.id}`));
  const column = board.columns[0]!.id;
  const issue = await t.ok<contracts.IssueDto>(
    t.as(lead.token).post('/api/issues', { projectId: project.id, columnId: column, title: 'Fuzzed' }),
  );
  const comment = await t.ok<{ id: string }>(t.as(lead.token).post(`/api/issues/${issue.id}/comments`, { body: 'Hi' }));
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
  for (const token of Object.values(callers)) await t.ok(t.as(token).put(`/api/issues/${issue.id}/watch`));
  return { ids, callers };
}

/** Every /api route the services register (once), with what its OpenAPI description says it takes. */
async function apiRoutes(): Promise<{ routes: Route[]; inputs: Map<Route, Inputs> }> {
  const all: Route[] = serviceNames.flatMap((service) =>
    t.platform.apps[service].routes
      .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL')
      .map((r) => ({ method: r.method, path: r.path, service })),
  );
  const routes = [...new Map(all.map((r) => [`${r.method} ${r.path}`, r])).values()];
  const documents = Object.fromEntries(
    await Promise.all(
      serviceNames.map(async (service) => {
        const res = await t.platform.apps[service].request('/openapi.json');
        return [service, (await res.json()) as OpenApiDocument] as const;
      }),
    ),
  );
  return { routes, inputs: new Map(routes.map((r) => [r, inputsOf(documents[r.service]!, r)])) };
}

/** Sends a case straight to the service that registered the route: routes the gateway keeps internal are fuzzed too. */
async function send(token: string, service: ServiceName, { method, path, body }: Case) {
  const res = await t.platform.apps[service].request(path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '10.0.0.1', 'content-type': 'application/json' },
    body: body === undefined || typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

describe(`fuzzing every route (${replay})`, () => {
  // Before the fuzzing, which ends by logging both callers out (the administrator's session is the platform's one).
  it('answers no 5xx to astral-plane text in any text field, and handles every event it records', async () => {
    const { ids, callers } = await givenTarget();
    const { routes, inputs } = await apiRoutes();
    const failures: string[] = [];
    for (const who of ['user', 'admin'] as const)
      for (const route of routes.filter((r) => !r.path.endsWith('/logout')))
        for (const request of astralCases(route, inputs.get(route)!, ids)) {
          const { status, text } = await send(callers[who], route.service, request);
          if (status >= 500) failures.push(`${who} ${brief(request)} → ${status} ${text.slice(0, 200)}`);
        }
    // Throws when an event stays in its outbox: a consumer that fails on the text.
    await settledRowCounts();
    expect(failures).toEqual([]);
  }, 60_000);

  it('answers no 5xx and adds or removes no row', async () => {
    const { ids, callers } = await givenTarget();
    const { routes: unique, inputs } = await apiRoutes();
    // Logging out ends the caller's session: those go last, outside the row count.
    const [logouts, others] = [
      unique.filter((r) => r.path.endsWith('/logout')),
      unique.filter((r) => !r.path.endsWith('/logout')),
    ];
    const plan = (route: Route) => (['user', 'admin'] as const).map((who) => ({ who, route }));
    const batches = [...others.flatMap(plan), ...logouts.flatMap(plan)];

    // The cases described without the run's ids (a fresh project's key differs each run): the
    // same seed gives the same fingerprint.
    const described = batches.flatMap(({ who, route }) =>
      casesFor(who, route, inputs.get(route)!, placeholders).map((c) => `${who} ${brief(c)}`),
    );
    const fingerprint = createHash('sha256').update(described.join('\n')).digest('hex').slice(0, 12);
    console.log(
      `fuzz seed: ${SEED} (replay with ${replay}): ${described.length} cases on ${unique.length} routes, ` +
        `fingerprint ${fingerprint}`,
    );

    const failures: string[] = [];
    let sent = 0;
    const sendAs = async (who: keyof Callers, service: ServiceName, request: Case) => {
      const { status, text } = await send(callers[who], service, request);
      sent++;
      if (status >= 500) failures.push(`${who} ${brief(request)} → ${status} ${text.slice(0, 200)} (${replay})`);
    };

    let counts = await settledRowCounts();
    for (const { who, route } of batches) {
      const isLogout = logouts.includes(route);
      const mark = heard.length;
      for (const request of casesFor(who, route, inputs.get(route)!, ids)) await sendAs(who, route.service, request);
      if (isLogout) continue;
      // Counted after each route, so that a change names the route that made it.
      const now = await settledRowCounts();
      const changed = Object.keys({ ...counts, ...now }).filter((table) => counts[table] !== now[table]);
      if (changed.length)
        failures.push(
          `${who} ${route.method} ${route.path}: ${changed.map((table) => `${table} ${counts[table]} → ${now[table]}`).join(', ')} (${replay})`,
        );
      const events = heard.slice(mark).map((event) => event.type);
      if (events.length)
        failures.push(`${who} ${route.method} ${route.path}: recorded ${events.join(', ')} (${replay})`);
      counts = now;
    }

    expect({ replay, failures }).toEqual({ replay, failures: [] });
    expect(sent).toBe(described.length);
    // The routes were found (were the apps to list them differently, this would fuzz nothing).
    expect(others.length).toBeGreaterThan(50);
  }, 120_000); // 13–20 s measured (19–25 s with jest's start) beside other jobs, load average ~12 on 2 cores
});
