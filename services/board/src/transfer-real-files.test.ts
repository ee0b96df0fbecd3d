import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { CommentDto, IssueDto } from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard, type GivenBoard } from './testing/given-board';
import { freshKey, transfer } from './testing/given-import';

// Exports and imports with files nobody here wrote: a spreadsheet opening our CSV, Trello exports
// saved on Windows or from before Trello listed a board's labels, and text sent with CR LF.
let t: TestPlatform;
let io: ReturnType<typeof transfer>;
let g: GivenBoard;
beforeAll(async () => {
  t = await createTestPlatform();
  io = transfer(t);
  g = await givenBoard(t);
});
afterAll(() => t.close());

const fixture = (name: string) => readFileSync(join(__dirname, 'testing/fixtures', name), 'utf8');

describe('the CSV export in a spreadsheet', () => {
  const titles = [
    '=HYPERLINK("http://evil.example","click")',
    '+1 for this',
    '-2 days',
    '@SUM(A1:A9)',
    "'=quoted already",
    'A plain title',
  ];

  it('starts every cell that would be a formula with a quote; the JSON stays exact; our import takes it away', async () => {
    const b = await givenBoard(t);
    const lead = t.as(b.lead.token);
    const label = await t.ok<{ id: string }>(
      lead.post(`/api/boards/${b.board.id}/labels`, { name: '=cmd|calc', color: 'red' }),
    );
    for (const title of titles) await b.addIssue('To Do', title);
    const [first] = (await b.fetchBoard()).columns[0]!.issues;
    await t.ok(lead.patch(`/api/issues/${first!.id}`, { labelIds: [label.id] }));

    const res = await io.send('GET', `/api/projects/${b.key}/export?format=csv`, b.lead.token);
    const rows = parse(await res.text(), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.Title)).toEqual([
      `'=HYPERLINK("http://evil.example","click")`,
      "'+1 for this",
      "'-2 days",
      "'@SUM(A1:A9)",
      "''=quoted already",
      'A plain title',
    ]);
    expect(rows[0]!.Labels).toBe("'=cmd|calc");
    // No cell of the file starts like a formula.
    for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

    const json = await io.exportJson(b.lead.token, b.key);
    const issues = json.boards[0]!.columns[0]!.issues;
    expect(issues.map((i) => i.title)).toEqual(titles);
    expect(issues[0]!.labels).toEqual(['=cmd|calc']);

    const key = freshKey('F');
    const job = await io.importFile(
      b.lead.token,
      { format: 'csv', key, name: 'Back again' },
      await (await io.send('GET', `/api/projects/${b.key}/export?format=csv`, b.lead.token)).text(),
    );
    expect(job.status).toBe('succeeded');
    const back = (await io.exportJson(b.lead.token, key)).boards[0]!;
    expect(back.columns.flatMap((c) => c.issues.map((i) => i.title))).toEqual(titles);
    expect(back.labels.map((l) => l.name)).toEqual(['=cmd|calc']);
    expect(back.columns.flatMap((c) => c.issues)[0]!.labels).toEqual(['=cmd|calc']);
  });
});

describe('CR LF line breaks', () => {
  it('are stored as LF in an issue’s description and a comment, not refused', async () => {
    const member = t.as(g.member.token);
    const created = await member.post('/api/issues', {
      projectId: g.project.id,
      columnId: g.column('To Do').id,
      title: 'Pasted from Windows',
      description: 'first\r\nsecond\rthird',
    });
    expect(created.status).toBe(201);
    const issue = (await created.json()) as IssueDto;
    expect(issue.description).toBe('first\nsecond\nthird');
    const patched = await t.ok<IssueDto>(member.patch(`/api/issues/${issue.id}`, { description: 'a\r\n\r\nb' }));
    expect(patched.description).toBe('a\n\nb');
    const comment = await t.ok<CommentDto>(member.post(`/api/issues/${issue.id}/comments`, { body: 'Seen\r\nhere' }));
    expect(comment.body).toBe('Seen\nhere');
  });

  it('import from a Trello export saved on Windows, as LF', async () => {
    const key = freshKey('W');
    const job = await io.importFile(
      g.lead.token,
      { format: 'trello', key, name: 'Windows' },
      fixture('trello-crlf.json'),
    );
    expect(job).toMatchObject({ status: 'succeeded', error: null });
    const [steps, mac] = (await io.exportJson(g.lead.token, key)).boards[0]!.columns[0]!.issues;
    expect(steps!.description).toBe('1. Open the page\n2. Click Save\n\nExpected: saved');
    expect(steps!.comments[0]!.body).toMatch(/\n\nSeen it\ntoo$/);
    expect(mac!.description).toBe('first\nsecond');
  });

  it('import from our JSON and from a CSV, as LF', async () => {
    await g.addIssue('Done', 'Line breaks');
    const doc = await io.exportJson(g.lead.token, g.key);
    const issue = doc.boards[0]!.columns.flatMap((c) => c.issues).find((i) => i.title === 'Line breaks')!;
    issue.description = 'x\r\ny\rz';
    const key = freshKey('J');
    const job = await io.importFile(
      g.lead.token,
      { format: 'trackboard', key, name: 'From JSON' },
      JSON.stringify(doc),
    );
    expect(job).toMatchObject({ status: 'succeeded' });
    const imported = (await io.exportJson(g.lead.token, key)).boards[0]!.columns.flatMap((c) => c.issues);
    expect(imported.find((i) => i.title === 'Line breaks')!.description).toBe('x\ny\nz');

    const csv = 'Title,Description\r\n"Two lines","one\r\ntwo"\r\n';
    const csvKey = freshKey('C');
    expect(await io.importFile(g.lead.token, { format: 'csv', key: csvKey, name: 'CSV' }, csv)).toMatchObject({
      status: 'succeeded',
    });
    const fromCsv = (await io.exportJson(g.lead.token, csvKey)).boards[0]!.columns.flatMap((c) => c.issues);
    expect(fromCsv[0]!.description).toBe('one\ntwo');
  });
});

describe('an older Trello export, with labels only on its cards', () => {
  it('takes the labels from the cards, and the job says what came across and what was left out', async () => {
    const key = freshKey('L');
    const job = await io.importFile(
      g.lead.token,
      { format: 'trello', key, name: 'Office' },
      fixture('trello-card-labels.json'),
    );
    expect(job).toMatchObject({ status: 'succeeded', total: 2 });
    const board = (await io.exportJson(g.lead.token, key)).boards[0]!;
    expect(board.labels).toEqual([
      { name: 'Cleanup', color: 'green' },
      { name: 'Logistics', color: 'orange' },
      { name: 'red', color: 'red' },
    ]);
    const [boxes] = board.columns[0]!.issues;
    const [van] = board.columns[1]!.issues;
    expect(boxes).toMatchObject({
      title: 'Order boxes',
      labels: ['Logistics', 'red'],
      links: ['https://trello.com/1/cards/c1/attachments/f1/download/quote.pdf', 'https://boxes.example/catalogue'],
      description: '**Sizes**\n\n- [x] Small\n- [ ] Large',
    });
    expect(van).toMatchObject({ title: 'Book the van', labels: ['Logistics'] });
    expect(job.summary).toEqual({
      labels: 3,
      checklists: 1,
      comments: 1,
      attachments: 2,
      leftOut: [
        '1 archived list with 1 card',
        '1 archived card',
        '1 card member beyond the first (an issue has one assignee)',
        '1 entry of Trello’s activity log (only comments come across)',
      ],
    });
  });

  it('says what came across from a CSV and our own JSON too', async () => {
    const doc = await io.exportJson(g.lead.token, g.key);
    const job = await io.importFile(
      g.lead.token,
      { format: 'trackboard', key: freshKey('S'), name: 'Again' },
      JSON.stringify(doc),
    );
    const comments = doc.boards
      .flatMap((b) => b.columns.flatMap((c) => c.issues.flatMap((i) => i.comments)))
      .reduce((n, c) => n + 1 + c.replies.length, 0);
    expect(job.summary).toEqual({
      labels: doc.boards.reduce((n, b) => n + b.labels.length, 0),
      checklists: 0,
      comments,
      attachments: 0,
      leftOut: [],
    });
  });
});
