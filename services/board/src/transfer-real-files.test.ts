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
    // Checklists are task lists under their names, tickable; links (isUpload false, or an address
    // off trello.com) are Markdown links under "Links"; files uploaded to Trello stay there.
    expect(boxes).toMatchObject({
      title: 'Order boxes',
      labels: ['Logistics', 'red'],
      links: [],
      description: [
        '### Sizes\n\n- [x] Small\n- [ ] Large',
        '### Links\n\n- [Supplier](https://boxes.example/catalogue)\n- [Box sizes \\[draft\\]](https://docs.example/boxes_%28v2%29)',
      ].join('\n\n'),
    });
    const [boxesKey] = board.columns[0]!.issues.map((i) => i.key);
    const card = await t.ok<IssueDto>(t.as(g.lead.token).get(`/api/issues/by-key/${boxesKey}`));
    expect(card.tasks).toEqual({ done: 1, total: 2 });
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
        '2 files uploaded to Trello (Trello keeps them: download them from their cards)',
        '1 entry of Trello’s activity log (only comments come across)',
      ],
      warnings: [],
      warningCount: 0,
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
      warnings: [],
      warningCount: 0,
    });
  });
});

describe('a Jira Server CSV export', () => {
  it('maps what Jira exports, offers assignees by name or e-mail, and warns about what it did not know', async () => {
    const ada = await t.givenUser({ name: 'Ada Lovelace' });
    const grace = await t.givenUser({ name: 'Grace Hopper' });
    const file = fixture('jira-server.csv').replace('grace.hopper@example.com', grace.email);
    const key = freshKey('J');
    const job = await io.importFile(g.lead.token, { format: 'csv', key, name: 'Shop' }, file);
    expect(job).toMatchObject({ status: 'succeeded', total: 6, error: null });
    expect(job.people).toEqual(
      [
        { email: ada.email.toLowerCase(), issues: 1 },
        { email: grace.email.toLowerCase(), issues: 1 },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );
    expect(job.summary).toEqual({
      labels: 4,
      checklists: 0,
      comments: 2,
      attachments: 0,
      leftOut: [
        '10 columns not read: Issue id, Project key, Project name, Resolution, Reporter, Creator, Last Viewed, Resolved, Watchers, Sprint',
      ],
      warnings: [
        'line 10: Priority: "Blocker" taken as CRITICAL',
        'line 10: Issue Type: "Sub-task" taken as TASK',
        'line 11: Status: "Waiting for Vendor" is not a status here; taken as TODO',
        'line 11: Priority: "Whenever" is not a priority here; taken as MEDIUM',
        'line 11: Issue Type: "Spike" is not an issue type here; taken as TASK',
        'line 11: Due Date: "not a date" is not a date; left empty',
      ],
      warningCount: 6,
    });

    const [board] = (await io.exportJson(g.lead.token, key)).boards;
    expect(board!.labels.map((l) => l.name).sort()).toEqual(['checkout', 'docs', 'payments', 'platform']);
    const issues = board!.columns.flatMap((c) => c.issues.map((i) => ({ ...i, column: c.name })));
    const byKey = new Map(issues.map((i) => [i.key, i]));
    // Every issue has its own number in the file: the numbers stay.
    expect([...byKey.keys()].sort()).toEqual([101, 102, 103, 104, 105, 106].map((n) => `${key}-${n}`));
    expect(byKey.get(`${key}-101`)).toMatchObject({
      title: 'Checkout fails with an expired card',
      column: 'In Progress',
      status: 'IN_PROGRESS',
      type: 'BUG',
      priority: 'CRITICAL',
      labels: ['checkout', 'payments'],
      dueDate: '2024-12-05',
      description:
        'Steps:\n1. Add a card that expired\n2. Pay\n\nThe page stays blank.\n\nImported from Jira SHOP-101.',
      createdAt: '2024-11-20T15:15:00.000Z',
      updatedAt: '2024-11-21T09:02:00.000Z',
    });
    expect(byKey.get(`${key}-101`)!.comments.map((c) => c.body)).toEqual([
      '> Originally by jsmith on 21 November 2024\n\nReproduced on staging.\nLogs attached in the ticket.',
      '> Originally by alovelace on 21 November 2024\n\nFix is in review.',
    ]);
    expect(byKey.get(`${key}-103`)).toMatchObject({ type: 'EPIC', priority: 'HIGH', status: 'IN_PROGRESS' });
    // Updated before it was created (a clock or a hand edit): never earlier than its creation.
    expect(byKey.get(`${key}-104`)).toMatchObject({
      status: 'DONE',
      column: 'Done',
      createdAt: '2024-11-12T13:00:00.000Z',
      updatedAt: '2024-11-12T13:00:00.000Z',
      dueDate: '2024-12-31',
    });
    expect(byKey.get(`${key}-105`)).toMatchObject({
      status: 'TODO',
      dueDate: null,
      createdAt: '2024-11-18T09:30:00.000Z',
      updatedAt: '2024-11-18T10:00:00.000Z',
    });
    expect(byKey.get(`${key}-106`)).toMatchObject({ status: 'CLOSED', priority: 'LOW', column: 'Closed' });
  });

  it('fails a strict import on the values it does not know, listing them all', async () => {
    const job = await io.importFile(
      g.lead.token,
      { format: 'csv', key: freshKey('J'), name: 'Shop', strict: 'true' },
      fixture('jira-server.csv'),
    );
    expect(job.status).toBe('failed');
    expect(job.error).toMatchObject({ line: 10, field: 'Priority', errorCount: 6 });
    expect(job.error!.errors!.map((e) => e.message)).toContain(
      'line 11: Status: "Waiting for Vendor" is not a status here',
    );
  });
});

describe('CSV exports of Jira Cloud, Linear and Plane', () => {
  const issuesOf = async (key: string) =>
    (await io.exportJson(g.lead.token, key)).boards[0]!.columns.flatMap((c) => c.issues);

  it('takes a Jira Cloud status by its category', async () => {
    const csv = [
      'Summary,Issue key,Issue Type,Status,Status Category,Priority,Created',
      'Vendor contract,OPS-7,Task,Waiting for Vendor,In Progress,High,2024-11-18T09:30:00.000Z',
      'Renew the certificate,OPS-8,Task,Shipped,Done,Low,2024-11-19T09:30:00.000Z',
    ].join('\n');
    const key = freshKey('K');
    const job = await io.importFile(g.lead.token, { format: 'csv', key, name: 'Ops' }, csv);
    expect(job).toMatchObject({ status: 'succeeded', summary: { warnings: [], warningCount: 0 } });
    expect((await issuesOf(key)).map((i) => [i.title, i.status])).toEqual([
      ['Vendor contract', 'IN_PROGRESS'],
      ['Renew the certificate', 'DONE'],
    ]);
  });

  it('reads Linear’s columns, priorities and dates', async () => {
    const csv = [
      'ID,Team,Title,Description,Status,Estimate,Priority,Project,Creator,Assignee,Labels,Created,Updated,Due Date',
      'ENG-12,Engineering,Flaky login test,"Fails 1 in 20 runs.",In Review,3,Urgent,Web,Ann,,"Bug, CI",Mon Jan 22 2024 09:44:23 GMT+0000 (Coordinated Universal Time),Tue Jan 23 2024 10:00:00 GMT+0000 (Coordinated Universal Time),2024-02-01',
      'ENG-13,Engineering,Dark mode,,Backlog,,No priority,Web,Ann,,Feature,Mon Jan 22 2024 11:00:00 GMT+0000 (Coordinated Universal Time),,',
    ].join('\n');
    const key = freshKey('L');
    const job = await io.importFile(g.lead.token, { format: 'csv', key, name: 'Eng' }, csv);
    expect(job).toMatchObject({ status: 'succeeded', summary: { warningCount: 0 } });
    const issues = await issuesOf(key);
    expect(issues.find((i) => i.title === 'Dark mode')).toMatchObject({
      status: 'BACKLOG',
      priority: 'MEDIUM',
      labels: ['Feature'],
    });
    expect(issues).toContainEqual(
      expect.objectContaining({
        key: `${key}-12`,
        title: 'Flaky login test',
        status: 'IN_PROGRESS',
        priority: 'CRITICAL',
        labels: ['Bug', 'CI'],
        dueDate: '2024-02-01',
        description: 'Fails 1 in 20 runs.\n\nImported from Linear ENG-12.',
        createdAt: '2024-01-22T09:44:23.000Z',
        updatedAt: '2024-01-23T10:00:00.000Z',
      }),
    );
  });

  it('reads Plane’s Name and State', async () => {
    const csv = [
      'ID,Project,Name,Description,State,Start Date,Target Date,Priority,Created By,Assignee,Labels,Created At,Updated At',
      'WEB-3,Web,Empty cart message,,Todo,,2024-12-24,urgent,ann,"Ada Lovelace, Alan Turing",ux,2024-11-01 10:00,2024-11-02 10:00',
      'WEB-4,Web,Cancelled idea,,Cancelled,,,none,ann,,,2024-11-01 11:00,',
    ].join('\n');
    const key = freshKey('P');
    const job = await io.importFile(g.lead.token, { format: 'csv', key, name: 'Web' }, csv);
    expect(job).toMatchObject({ status: 'succeeded' });
    expect(job.summary!.leftOut).toEqual([
      '3 columns not read: Project, Start Date, Created By',
      '1 assignee beyond an issue’s first (an issue has one assignee)',
    ]);
    expect(await issuesOf(key)).toEqual([
      expect.objectContaining({
        title: 'Empty cart message',
        status: 'TODO',
        priority: 'CRITICAL',
        dueDate: '2024-12-24',
        labels: ['ux'],
        createdAt: '2024-11-01T10:00:00.000Z',
        updatedAt: '2024-11-02T10:00:00.000Z',
      }),
      expect.objectContaining({ title: 'Cancelled idea', status: 'CLOSED', priority: 'MEDIUM' }),
    ]);
  });
});

describe('a CSV in another encoding', () => {
  const importBytes = (bytes: Uint8Array<ArrayBuffer>) =>
    io.importFile(g.lead.token, { format: 'csv', key: freshKey('E'), name: 'Encoded' }, bytes);

  it('reads a Windows-1252 file as such, never as mojibake, and says so', async () => {
    const job = await importBytes(new Uint8Array(readFileSync(join(__dirname, 'testing/fixtures/windows-1252.csv'))));
    expect(job).toMatchObject({ status: 'succeeded', total: 2 });
    expect(job.summary!.warnings).toEqual(['The file is not UTF-8: it was read as Windows-1252 and converted.']);
    const issues = (await io.exportJson(g.lead.token, job.projectKey)).boards[0]!.columns.flatMap((c) => c.issues);
    expect(issues.map((i) => [i.title, i.description, i.labels])).toEqual([
      ['Café menu – “specials”', 'Prices in € and £', ['Küche']],
      ['Naïve résumé parser', 'Ça marche', []],
    ]);
  });

  it('reads UTF-16 with its byte-order mark (a spreadsheet’s “Unicode text”)', async () => {
    const text = 'Title,Labels\r\nZürich office,ünï\r\n';
    const bytes = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from(text, 'utf16le'))]);
    const job = await importBytes(bytes);
    expect(job).toMatchObject({ status: 'succeeded', summary: { warnings: [] } });
    const [issue] = (await io.exportJson(g.lead.token, job.projectKey)).boards[0]!.columns.flatMap((c) => c.issues);
    expect(issue).toMatchObject({ title: 'Zürich office', labels: ['ünï'] });
  });

  it('refuses a file that is not text, saying how to save it', async () => {
    const job = await importBytes(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x81, 0x9d, 0x0a]));
    expect(job).toMatchObject({ status: 'failed', error: { field: 'file', message: expect.stringMatching(/UTF-8/) } });
  });
});
