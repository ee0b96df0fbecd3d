import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { messages, type BoardDto, type ImportJobDto, type ProjectDto } from '@trackboard/contracts';
import { queryRows } from '@trackboard/server-kit';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard } from './testing/given-board';
import { freshKey, transfer } from './testing/given-import';
import { until } from './testing/until';

// What bounds an import: its size, the text it may bring, the numbers its keys may carry, a
// replica that dies under it — and that it never stops the instance serving everyone else.
let t: TestPlatform;
let io: ReturnType<typeof transfer>;
let importer: Awaited<ReturnType<TestPlatform['givenUser']>>;
beforeAll(async () => {
  t = await createTestPlatform();
  io = transfer(t);
  importer = await t.givenUser({ name: 'Ivy Importer' });
});
afterAll(() => t.close());

const csvOf = (rows: number) => `Title\n${Array.from({ length: rows }, (_, i) => `Issue ${i + 1}`).join('\n')}\n`;
const projectStatus = async (key: string) => (await t.as(importer.token).get(`/api/projects/${key}`)).status;

describe('an import’s size', () => {
  it('refuses a file of more issues than an import takes, naming the limit, and writes nothing', async () => {
    // 130,000 rows: past the limit, and past what one spread of numbers into Math.max can hold.
    const key = freshKey('L');
    const job = await io.importFile(importer.token, { format: 'csv', key, name: 'Huge' }, csvOf(130_000));
    expect(job).toMatchObject({
      status: 'failed',
      error: { field: 'file', message: 'The file holds 130,000 issues; an import takes at most 50,000.' },
    });
    expect(await projectStatus(key)).toBe(404);
  });
});

describe('text an import brings', () => {
  it('refuses control characters in any CSV cell, naming the line and the column', async () => {
    const key = freshKey('X');
    const csv = 'Title,Labels,Column\nFine,ok,To Do\nAlso fine,"B\u001b[2J",To Do\n';
    const job = await io.importFile(importer.token, { format: 'csv', key, name: 'Escapes' }, csv);
    expect(job).toMatchObject({
      status: 'failed',
      error: { line: 3, field: 'Labels', message: `line 3: Labels: ${messages.controlCharacters}` },
    });
    expect(await projectStatus(key)).toBe(404);
  });

  it('refuses control characters in a Trello list, label or comment, naming the path', async () => {
    const fixture = readFileSync(join(__dirname, 'testing/fixtures/trello-board.json'), 'utf8');
    const cases: [(board: TrelloFile) => void, string][] = [
      [(b) => (b.lists[1]!.name = 'To\u0007Do'), 'lists[1].name'],
      [(b) => (b.labels[0]!.name = 'Back\u0008end'), 'labels[0].name'],
      [(b) => (b.actions.find((a) => a.type === 'commentCard')!.data.text = 'Who\u001b[2J?'), 'actions[0].data.text'],
    ];
    for (const [spoil, field] of cases) {
      const board = JSON.parse(fixture) as TrelloFile;
      spoil(board);
      const key = freshKey('Y');
      const job = await io.importFile(importer.token, { format: 'trello', key, name: 'Bells' }, JSON.stringify(board));
      expect(job).toMatchObject({
        status: 'failed',
        error: { field, message: `${field}: ${messages.controlCharacters}` },
      });
      expect(await projectStatus(key)).toBe(404);
    }
  });
});
type TrelloFile = {
  lists: { name: string }[];
  labels: { name: string }[];
  actions: { type: string; data: { text: string } }[];
};

describe('issue numbers', () => {
  it('stops at the last number a key can carry rather than make an issue no key reaches', async () => {
    const g = await givenBoard(t);
    await g.addIssue('To Do', 'The last one', g.lead.token);
    const exported = await io.exportJson(g.lead.token, g.key);
    exported.boards[0]!.columns[0]!.issues[0]!.key = `${g.key}-999999999`;
    const key = freshKey('K');
    const job = await io.importFile(
      g.lead.token,
      { format: 'trackboard', key, name: 'Last' },
      JSON.stringify(exported),
    );
    expect(job).toMatchObject({ status: 'succeeded', total: 1 });

    const project = await t.ok<ProjectDto>(t.as(g.lead.token).get(`/api/projects/${key}`));
    const board = await t.ok<BoardDto>(t.as(g.lead.token).get(`/api/boards/${project.boards[0]!.id}`));
    const next = await t
      .as(g.lead.token)
      .post('/api/issues', { projectId: project.id, columnId: board.columns[0]!.id, title: 'One more' });
    expect(next.status).toBe(409);
    expect(((await next.json()) as { message: string }).message).toBe(messages.issueNumbersUsedUp);
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from board.issues where key like ${`${key}-%`}`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});

describe('a replica that stops mid-import', () => {
  it('leaves a job that reads failed once it has been silent, and its half-made project is removed', async () => {
    // What a killed replica leaves: its project made, some issues in, the job 'running' and no
    // longer touched.
    const g = await givenBoard(t);
    await g.addIssue('To Do', 'Half of an import', g.lead.token);
    const [job] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into board.import_jobs (user_id, format, project_key, status, total, processed, project_id, updated_at)
          values (${g.lead.user.id}, 'csv', ${g.key}, 'running', 10, 1, ${g.project.id}, now() - interval '1 minute')
          returning id::text`,
    );
    const read = await t.ok<ImportJobDto>(t.as(g.lead.token).get(`/api/imports/${job!.id}`));
    expect(read).toMatchObject({ status: 'failed', error: { message: messages.importAbandoned } });
    expect((await t.as(g.lead.token).get(`/api/projects/${g.key}`)).status).toBe(404);
  });
});

describe('an import while others work', () => {
  it('lets another user’s board fetch through between its batches', async () => {
    const g = await givenBoard(t);
    const res = await io.send(
      'POST',
      `/api/imports?format=csv&key=${freshKey('S')}&name=Big`,
      importer.token,
      csvOf(5_000),
      'text/csv',
    );
    const { id } = (await res.json()) as ImportJobDto;
    const job = async () => (await (await io.send('GET', `/api/imports/${id}`, importer.token)).json()) as ImportJobDto;
    // Some issues are in, most are not: the import is under way…
    await until(async () => (await job()).processed > 0, 'the first batch to be written');
    // …and another user's board answers before it ends (one transaction held it to the end).
    await g.fetchBoard();
    const during = await job();
    expect(during.status).toBe('running');
    expect(during.processed).toBeLessThan(5_000);
    await until(async () => (await job()).status === 'succeeded', 'the import to finish');
  });
});
