import { sql } from 'drizzle-orm';
import type { BoardDto, IssueDto, ProjectDto } from '@trackboard/contracts';
import { queryRows } from '@trackboard/server-kit';
import { createTestPlatform, givenProject, type GivenProject, type TestPlatform } from '@trackboard/test-platform';

// A NUL byte in a text field was a 500 (PostgreSQL refuses it). Every text field of
// every service now refuses control characters with a 400 naming the field, and stores nothing.
let t: TestPlatform;
let p: GivenProject;
let board: BoardDto;
let issue: IssueDto;
let admin: string;
beforeAll(async () => {
  t = await createTestPlatform();
  p = await givenProject(t);
  board = await t.ok<BoardDto>(t.as(p.lead.token).get(`/api/boards/${p.project.boards[0]!.id}`));
  issue = await t.ok<IssueDto>(
    t.as(p.lead.token).post('/api/issues', { projectId: p.project.id, columnId: board.columns[0]!.id, title: 'T' }),
  );
  admin = (await t.admin()).token;
});
afterAll(() => t.close());

const NUL = '\u0000';
const rows = async () =>
  queryRows<{ n: number }>(
    t.database.db,
    sql`select (select count(*) from auth.users) + (select count(*) from auth.sessions)
      + (select count(*) from project.projects) + (select count(*) from board.issues)
      + (select count(*) from board.comments) as n`,
  );

type Case = [field: string, call: () => [method: string, path: string, body?: unknown, token?: string]];
const password = 'correct horse battery';
// prettier-ignore
const bodyCases: Case[] = [
  ['email',       () => ['POST', '/api/auth/login', { email: `ada${NUL}@example.test`, password }]],
  ['password',    () => ['POST', '/api/auth/login', { email: p.lead.email, password: `correct${NUL}horse` }]],
  ['name',        () => ['POST', '/api/auth/register', { name: `Ada${NUL}`, email: 'ada.nul@example.test', password }]],
  ['email',       () => ['POST', '/api/auth/register', { name: 'Ada', email: `ada${NUL}nul@example.test`, password }]],
  ['password',    () => ['POST', '/api/auth/register', { name: 'Ada', email: 'ada.nul@example.test', password: `${password}${NUL}` }]],
  ['token',       () => ['POST', '/api/auth/verify-email', { token: `abc${NUL}def` }]],
  ['email',       () => ['POST', '/api/auth/resend-verification', { email: `ada${NUL}@example.test` }]],
  ['name',        () => ['PUT', '/api/auth/profile', { name: `Ada${NUL}` }, p.member.token]],
  ['bio',         () => ['PUT', '/api/users/profile', { bio: `line${NUL}` }, p.member.token]],
  ['name',        () => ['POST', '/api/projects', { name: `Nul${NUL}`, key: 'NUL' }, p.member.token]],
  ['description', () => ['PUT', `/api/projects/${p.key}`, { description: `About\u0007` }, p.lead.token]],
  ['title',       () => ['POST', '/api/issues', { projectId: p.project.id, columnId: board.columns[0]!.id, title: `T${NUL}` }, p.lead.token]],
  ['links.0',     () => ['PATCH', `/api/issues/${issue.id}`, { links: [`https://x.test/${NUL}`] }, p.lead.token]],
  ['body',        () => ['POST', `/api/issues/${issue.id}/comments`, { body: `Hi\u001b[31m` }, p.lead.token]],
  ['name',        () => ['PUT', `/api/boards/${board.id}`, { name: `B${NUL}` }, p.lead.token]],
];
// prettier-ignore
const queryCases: Case[] = [
  ['query',       () => ['GET', '/api/users/search?query=ada%00', undefined, p.member.token]],
  ['searchTerm',  () => ['GET', '/api/admin/users?searchTerm=ada%00', undefined, admin]],
  ['email',       () => ['GET', `/api/users/stats?email=${encodeURIComponent(p.member.email)}%00`, undefined, p.member.token]],
];
const cases = [...bodyCases, ...queryCases];

describe('control characters in text fields', () => {
  it.each(cases)('%s: 400 naming the field, nothing stored (%#)', async (field, call) => {
    const [method, path, body, token] = call();
    const before = await rows();
    const res = await t.request(method, path, { token, body });
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 400,
      body: { message: `${field}: must not contain control characters` },
    });
    expect(await rows()).toEqual(before);
  });

  it('keeps line breaks and tabs where text spans lines', async () => {
    const description = 'First line\n\tindented second';
    const project = await t.ok<ProjectDto>(t.as(p.lead.token).put(`/api/projects/${p.key}`, { description }));
    expect(project.description).toBe(description);
    const comment = await t.ok<{ body: string }>(
      t.as(p.lead.token).post(`/api/issues/${issue.id}/comments`, { body: 'a\n\tb' }),
    );
    expect(comment.body).toBe('a\n\tb');
  });
});

// Half an emoji (a UTF-16 surrogate without its pair) is no text: JSON may carry one as `\ud83d`,
// PostgreSQL's jsonb refuses it (a 500 where an event carried it) and its text columns store
// U+FFFD instead. Refused like a control character, in the same fields. A query string cannot
// carry one (its bytes are not UTF-8 and stay percent-encoded), so only the bodies are sent.
const HALF_EMOJI = '\ud83d';
const unpaired = (value: unknown): unknown => {
  if (typeof value === 'string') return value.replace(/\p{Cc}/gu, HALF_EMOJI);
  if (Array.isArray(value)) return value.map(unpaired);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, unpaired(v)]));
  return value;
};

describe('unpaired surrogates in text fields', () => {
  it.each(bodyCases)('%s: 400 naming the field, nothing stored (%#)', async (field, call) => {
    const [method, path, body, token] = call();
    const before = await rows();
    const res = await t.request(method, path, { token, body: unpaired(body) });
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 400,
      body: { message: `${field}: must not contain unpaired surrogates` },
    });
    expect(await rows()).toEqual(before);
  });

  it('takes emoji and other characters beyond the first 65,536, whose two halves come together', async () => {
    const body = '😀 𝔘 👨‍👩‍👧‍👦 🇫🇷';
    const comment = await t.ok<{ body: string }>(t.as(p.lead.token).post(`/api/issues/${issue.id}/comments`, { body }));
    expect(comment.body).toBe(body);
  });
});
