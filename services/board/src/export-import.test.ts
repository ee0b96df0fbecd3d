import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import {
  messages,
  type BoardDto,
  type ExportComment,
  type ProjectDto,
  type ProjectExport,
} from '@trackboard/contracts';
import { importDuration, queryRows } from '@trackboard/server-kit';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard, type GivenBoard } from './testing/given-board';
import { freshKey, transfer } from './testing/given-import';
import { until } from './testing/until';

// A project's export (JSON and CSV) and imports (our JSON, a CSV, a Trello board), through the
// real apps.
let t: TestPlatform;
let io: ReturnType<typeof transfer>;
// One project for the whole file: the tests read it and import into new projects, none changes
// it (its people and some fifteen requests to fill it would otherwise be made again per test).
let g: GivenBoard;
beforeAll(async () => {
  t = await createTestPlatform();
  io = transfer(t);
  g = await givenRichProject();
});
afterAll(() => t.close());

const trelloFixture = readFileSync(join(__dirname, 'testing/fixtures/trello-board.json'), 'utf8');

/** A project with something of every kind: labels, an assignee, a due date, an estimate, comments with a reply and reactions, history, two boards. */
async function givenRichProject(): Promise<GivenBoard> {
  const g = await givenBoard(t);
  const lead = t.as(g.lead.token);
  const member = t.as(g.member.token);
  const bug = await t.ok<{ id: string }>(lead.post(`/api/boards/${g.board.id}/labels`, { name: 'Bug', color: 'red' }));
  const ui = await t.ok<{ id: string }>(lead.post(`/api/boards/${g.board.id}/labels`, { name: 'ui', color: 'blue' }));
  const first = await g.addIssue('To Do', 'Fix the login page');
  await t.ok(lead.put(`/api/projects/${g.key}`, { estimateScale: 'tshirt' }));
  await t.ok(
    member.patch(`/api/issues/${first.id}`, {
      estimate: 5,
      description: 'The button is **grey**.\n\n- [ ] check contrast',
      labelIds: [ui.id, bug.id],
      assigneeId: g.member.user.id,
      dueDate: '2026-05-04',
      priority: 'HIGH',
      type: 'BUG',
      relatedCode: 'src/login.tsx',
      links: ['https://example.com/a'],
      instructions: 'Open the page',
    }),
  );
  const second = await g.addIssue('To Do', 'Write the docs', g.lead.token);
  await g.addIssue('In Progress', 'Ship it');
  await t.ok(
    member.put(`/api/issues/${second.id}/position`, {
      sourceColumnId: g.column('To Do').id,
      destinationColumnId: g.column('Done').id,
      position: 0,
      boardId: g.board.id,
    }),
  );
  const comment = await t.ok<{ id: string }>(
    member.post(`/api/issues/${first.id}/comments`, { body: 'Seen on Safari' }),
  );
  await t.ok(lead.post(`/api/issues/${first.id}/comments`, { body: 'Thanks!', parentCommentId: comment.id }));
  await t.ok(lead.post(`/api/comments/${comment.id}/reactions`, { type: 'heart' }));
  await t.ok(member.post(`/api/comments/${comment.id}/reactions`, { type: 'thumbsup' }));
  await t.ok(lead.put(`/api/columns/${g.column('Done').id}`, { wipLimit: 5 }));
  const second_board = await t.ok<{ id: string }>(lead.post(`/api/projects/${g.project.id}/boards`, { name: 'Ops' }));
  const ops = await t.ok<BoardDto>(lead.get(`/api/boards/${second_board.id}`));
  await t.ok(
    lead.post('/api/issues', { projectId: g.project.id, columnId: ops.columns[0]!.id, title: 'Rotate the keys' }),
  );
  return g;
}

const projectOf = (token: string, key: string) => t.as(token).get(`/api/projects/${key}`);

describe('export', () => {
  it('gives the whole project as JSON, people by e-mail, issues under their columns in order', async () => {
    const res = await io.send('GET', `/api/projects/${g.key}/export`, g.member.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${g.key}-export.json"`);
    const doc = (await res.json()) as ProjectExport;
    expect(doc).toMatchObject({
      format: 'trackboard-export',
      version: 1,
      project: {
        key: g.key,
        name: `Board ${g.key}`,
        lead: g.lead.email,
        members: [g.lead.email, g.member.email].sort(),
        estimateScale: 'tshirt',
      },
    });
    expect(doc.boards.map((b) => b.name)).toEqual([`Board ${g.key} Board`, 'Ops']);
    const [main] = doc.boards;
    expect(main!.labels).toEqual([
      { name: 'Bug', color: 'red' },
      { name: 'ui', color: 'blue' },
    ]);
    expect(main!.columns.map((c) => [c.name, c.wipLimit, c.issues.map((i) => i.key)])).toEqual([
      ['To Do', null, [`${g.key}-1`]],
      ['In Progress', null, [`${g.key}-3`]],
      ['Done', 5, [`${g.key}-2`]],
    ]);
    const issue = main!.columns[0]!.issues[0]!;
    expect(issue).toMatchObject({
      title: 'Fix the login page',
      description: 'The button is **grey**.\n\n- [ ] check contrast',
      status: 'TODO',
      type: 'BUG',
      priority: 'HIGH',
      dueDate: '2026-05-04',
      estimate: 5,
      assignee: g.member.email,
      reporter: g.member.email,
      labels: ['Bug', 'ui'],
      relatedCode: 'src/login.tsx',
      links: ['https://example.com/a'],
      instructions: 'Open the page',
    });
    expect(issue.comments).toEqual([
      expect.objectContaining({
        author: g.member.email,
        body: 'Seen on Safari',
        reactions: { thumbsup: [g.member.email], heart: [g.lead.email] },
        replies: [expect.objectContaining({ author: g.lead.email, body: 'Thanks!' })],
      }),
    ]);
    expect(issue.history.map((h) => [h.kind, h.field])).toEqual(
      expect.arrayContaining([
        ['created', null],
        ['updated', 'labels'],
        ['updated', 'assignee'],
        ['updated', 'dueDate'],
      ]),
    );
    const moved = main!.columns[2]!.issues[0]!;
    expect(moved.history).toContainEqual(expect.objectContaining({ kind: 'moved', from: 'To Do', to: 'Done' }));
    expect(moved.status).toBe('DONE');
  });

  it('gives the issues as CSV with the issue’s columns', async () => {
    const res = await io.send('GET', `/api/projects/${g.key}/export?format=csv`, g.lead.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${g.key}-export.csv"`);
    const rows = parse(await res.text(), { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([
      'Key',
      'Title',
      'Status',
      'Column',
      'Assignee',
      'Labels',
      'Priority',
      'Type',
      'Due date',
      'Created',
      'Updated',
    ]);
    expect(rows.map((r) => r.Key)).toEqual([`${g.key}-1`, `${g.key}-3`, `${g.key}-2`, `${g.key}-4`]);
    expect(rows[0]).toMatchObject({
      Title: 'Fix the login page',
      Status: 'TODO',
      Column: 'To Do',
      Assignee: g.member.email,
      Labels: 'Bug, ui',
      Priority: 'HIGH',
      Type: 'BUG',
      'Due date': '2026-05-04',
    });
    expect(rows[0]!.Created).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('answers 404 to a non-member, 400 to an unknown format, and lets an admin export', async () => {
    expect((await io.send('GET', `/api/projects/${g.key}/export`, g.outsider.token)).status).toBe(404);
    expect((await io.send('GET', `/api/projects/NOPE1/export`, g.lead.token)).status).toBe(404);
    const bad = await io.send('GET', `/api/projects/${g.key}/export?format=xml`, g.lead.token);
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/^format: /);
    expect((await io.send('GET', `/api/projects/${g.key}/export`, (await t.admin()).token)).status).toBe(200);
  });
});

/** What a round trip keeps whoever imports: everything but who did what (reporter, assignee, authors, reactions, history). */
const withoutPeople = (doc: ProjectExport) => {
  const { members: _members, lead: _lead, ...project } = comparable(doc).project;
  const comment = ({ author: _a, reactions: _r, editedAt: _e, body, replies, ...rest }: ExportComment): unknown => ({
    ...rest,
    body: body.replace(/^> Originally by .*\n\n/, ''),
    replies: (replies ?? []).map((r) => comment({ ...r, replies: [] })),
  });
  return {
    project,
    boards: comparable(doc).boards.map((b) => ({
      ...b,
      columns: b.columns.map((c) => ({
        ...c,
        issues: c.issues.map(({ reporter: _p, assignee: _as, history: _h, comments, ...i }) => ({
          ...i,
          comments: comments.map(comment),
        })),
      })),
    })),
  };
};

/** The export as it should survive a round trip: ids are not in it; the key's prefix and exportedAt differ. */
const comparable = (doc: ProjectExport) => {
  const { exportedAt: _at, project, boards } = doc;
  const { key: _key, ...rest } = project;
  return {
    project: rest,
    boards: boards.map((b) => ({
      ...b,
      columns: b.columns.map((c) => ({
        ...c,
        issues: c.issues.map((i) => ({ ...i, key: i.key.slice(i.key.indexOf('-')) })),
      })),
    })),
  };
};

describe('import of our own export', () => {
  it('round-trips: export → import under a new key → export gives the same content, as the importer’s', async () => {
    const before = await io.exportJson(g.lead.token, g.key);
    const key = freshKey('R');
    const job = await io.importFile(
      g.lead.token,
      { format: 'trackboard', key, name: before.project.name },
      JSON.stringify(before),
    );
    expect(job).toMatchObject({ status: 'succeeded', processed: 4, total: 4, projectKey: key, error: null });
    // The member is offered, not added; adding them gives them the issue the file assigns them.
    expect(job.people).toEqual([{ email: g.member.email, issues: 1 }]);
    expect((await projectOf(g.member.token, key)).status).toBe(404);
    await t.ok(
      io.send('POST', `/api/imports/${job.id}/people`, g.lead.token, JSON.stringify({ emails: [g.member.email] })),
    );
    expect((await projectOf(g.member.token, key)).status).toBe(200);

    const after = await io.exportJson(g.lead.token, key);
    expect(after.project.key).toBe(key);
    expect(after.boards[0]!.columns[0]!.issues[0]!.key).toBe(`${key}-1`);
    expect(withoutPeople(after)).toEqual(withoutPeople(before));
    const assignees = (doc: ProjectExport) =>
      doc.boards.flatMap((b) => b.columns.flatMap((c) => c.issues.map((i) => i.assignee)));
    expect(assignees(after)).toEqual(assignees(before));
    // The member's comment is the importer's now, saying whose it was; the lead's reply is as it was.
    const [comment] = after.boards[0]!.columns[0]!.issues[0]!.comments;
    expect(comment).toMatchObject({ author: g.lead.email, reactions: { thumbsup: [], heart: [g.lead.email] } });
    expect(comment!.body).toMatch(
      new RegExp(
        `^> Originally by ${g.member.email.replace(/[.]/g, '\\.')} on \\d+ \\w+ \\d{4} · 👍 1\n\nSeen on Safari$`,
      ),
    );
    expect(comment!.replies[0]).toMatchObject({ author: g.lead.email, body: 'Thanks!' });
  });

  it('fails a file with a wrong field, naming its JSON path, and writes nothing', async () => {
    const doc = await io.exportJson(g.lead.token, g.key);
    (doc.boards[0]!.columns[1]!.issues[0] as { priority: string }).priority = 'URGENT';
    const key = freshKey('F');
    const job = await io.importFile(g.lead.token, { format: 'trackboard', key, name: 'Broken' }, JSON.stringify(doc));
    expect(job.status).toBe('failed');
    expect(job.error).toMatchObject({ field: 'boards[0].columns[1].issues[0].priority' });
    expect(job.error!.message).toMatch(/^boards\[0\]\.columns\[1\]\.issues\[0\]\.priority: /);
    expect((await projectOf(g.lead.token, key)).status).toBe(404);
  });

  it('names every wrong field of a file in one answer', async () => {
    const doc = await io.exportJson(g.lead.token, g.key);
    (doc.boards[0]!.columns[1]!.issues[0] as { priority: string }).priority = 'URGENT';
    (doc.boards[0]!.columns[2]!.issues[0] as { dueDate: string }).dueDate = 'tomorrow';
    doc.boards[0]!.labels.push({ ...doc.boards[0]!.labels[0]! });
    const job = await io.importFile(
      g.lead.token,
      { format: 'trackboard', key: freshKey('F'), name: 'Broken' },
      JSON.stringify(doc),
    );
    expect(job.error).toMatchObject({ field: 'boards[0].columns[1].issues[0].priority', errorCount: 2 });
    expect(job.error!.errors!.map((e) => e.field)).toEqual([
      'boards[0].columns[1].issues[0].priority',
      'boards[0].columns[2].issues[0].dueDate',
    ]);
    // Once the schema holds, the file's own rules are checked whole too.
    const [label] = doc.boards[0]!.labels;
    doc.boards[0]!.labels.push({ ...label!, name: label!.name.toUpperCase() });
    doc.boards[0]!.columns[1]!.issues[0]!.priority = 'HIGH';
    doc.boards[0]!.columns[2]!.issues[0]!.dueDate = null;
    const again = await io.importFile(
      g.lead.token,
      { format: 'trackboard', key: freshKey('F'), name: 'Broken' },
      JSON.stringify(doc),
    );
    expect(again.error!.errors!.map((e) => e.message)).toEqual([
      `boards[0].labels[${doc.boards[0]!.labels.length - 2}].name: appears twice`,
      `boards[0].labels[${doc.boards[0]!.labels.length - 1}].name: appears twice`,
    ]);
  });

  it('answers 409 at once when the key is taken, before reading the file, and changes nothing', async () => {
    const doc = await io.exportJson(g.lead.token, g.key);
    const res = await io.send(
      'POST',
      `/api/imports?format=trackboard&key=${g.key}&name=Again`,
      g.lead.token,
      JSON.stringify(doc),
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: messages.projectKeyTaken });
    const jobs = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from board.import_jobs where project_key = ${g.key}`,
    );
    expect(jobs[0]!.n).toBe(0);
    expect(comparable(await io.exportJson(g.lead.token, g.key))).toEqual(comparable(doc));
  });
});

/** Imports of a format with an outcome, as /metrics counts them. */
const importsCounted = async (format: string, outcome: string) =>
  (await importDuration.get()).values.find(
    (v) =>
      v.metricName === 'trackboard_import_duration_seconds_count' &&
      v.labels.format === format &&
      v.labels.outcome === outcome,
  )?.value ?? 0;

describe('import of a CSV', () => {
  it('maps columns by header name, case aside, and ignores unknown ones', async () => {
    const csv = [
      'TITLE,status,Assignee,labels,PRIORITY,Type,Due Date,Notes,Description',
      `First,In Progress,${g.member.email},"api; Backend",high,bug,2026-07-01,ignored,"Two\nlines"`,
      'Second,,,,,,,,',
      'Third,done,,api,,,,,',
    ].join('\n');
    const key = freshKey('C');
    const before = await importsCounted('csv', 'succeeded');
    const job = await io.importFile(g.lead.token, { format: 'csv', key, name: 'From CSV' }, csv);
    expect(job).toMatchObject({ status: 'succeeded', total: 3 });
    expect(await importsCounted('csv', 'succeeded')).toBe(before + 1);
    expect(job.summary!.leftOut).toEqual(['1 column not read: Notes']);
    // The file's assignee is offered to the importer, not added or assigned.
    expect(job.people).toEqual([{ email: g.member.email, issues: 1 }]);
    const doc = await io.exportJson(g.lead.token, key);
    expect(doc.project.members).toEqual([g.lead.email]);
    const [board] = doc.boards;
    expect(board!.columns.map((c) => [c.name, c.issues.map((i) => i.title)])).toEqual([
      ['To Do', ['Second']],
      ['In Progress', ['First']],
      ['Done', ['Third']],
    ]);
    expect(board!.columns[1]!.issues[0]).toMatchObject({
      key: `${key}-1`,
      status: 'IN_PROGRESS',
      assignee: null,
      labels: ['api', 'Backend'],
      priority: 'HIGH',
      type: 'BUG',
      dueDate: '2026-07-01',
      description: 'Two\nlines',
    });
  });

  it('fails a file naming every bad line (where each record starts) and field at once, and leaves nothing', async () => {
    const csv = [
      'Title,Due date,Description,Labels',
      'Fine,2026-01-02,,',
      ',,"Spans',
      'two lines",',
      'Bad date,2026-02-30,,',
      'Third,,,"a\u0007b"',
    ].join('\n');
    const key = freshKey('B');
    const job = await io.importFile(g.lead.token, { format: 'csv', key, name: 'Bad CSV' }, csv);
    const titleMissing = { line: 3, field: 'Title', message: 'line 3: Title: is required' };
    const bell = { line: 6, field: 'Labels', message: `line 6: Labels: ${messages.controlCharacters}` };
    // An unknown value (a date that does not exist) is a warning, not a problem, unless the import is strict.
    expect(job).toMatchObject({
      status: 'failed',
      error: {
        ...titleMissing,
        message: `The file has 2 problems; the first: ${titleMissing.message}`,
        errors: [titleMissing, bell],
        errorCount: 2,
      },
    });
    expect((await projectOf(g.lead.token, key)).status).toBe(404);
    const left = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from board.issues where key like ${`${key}-%`}`,
    );
    expect(left[0]!.n).toBe(0);

    const strict = await io.importFile(g.lead.token, { format: 'csv', key, name: 'Bad CSV', strict: 'true' }, csv);
    expect(strict.error).toMatchObject({
      errorCount: 3,
      errors: [
        titleMissing,
        { line: 5, field: 'Due date', message: 'line 5: Due date: "2026-02-30" is not a date' },
        bell,
      ],
    });
  });

  it('lists the first 100 problems of a file and counts them all', async () => {
    const many = `Title\n${'"bad\u0007"\n'.repeat(250)}`;
    const failed = await io.importFile(g.lead.token, { format: 'csv', key: freshKey('H'), name: 'x' }, many);
    expect(failed.error).toMatchObject({ errorCount: 250 });
    expect(failed.error!.errors).toHaveLength(100);
    expect(failed.error!.errors![99]).toMatchObject({ line: 101 });
  });

  it('fails a CSV without a Title column on line 1', async () => {
    const job = await io.importFile(
      g.lead.token,
      { format: 'csv', key: freshKey('N'), name: 'x' },
      'Heading,Status\nA,TODO\n',
    );
    expect(job).toMatchObject({ status: 'failed', error: { line: 1, field: 'header' } });
  });
});

describe('import of a Trello board', () => {
  it('imports the fixture with every quirk', async () => {
    const ada = await t.givenUser({ name: 'Ada Lovelace' });
    const file = trelloFixture.replace('ada.lovelace@example.com', ada.email.toUpperCase());
    const key = freshKey('T');
    const job = await io.importFile(g.lead.token, { format: 'trello', key, name: 'Launch' }, file);
    expect(job).toMatchObject({ status: 'succeeded', total: 5, processed: 5 });

    const project = await t.ok<ProjectDto>(projectOf(g.lead.token, key));
    expect(project.description).toBe('Everything for the spring launch.');
    // Ada's e-mail matched an account: she is offered (with her card), not added; Grace's has none.
    expect(job.people).toEqual([{ email: ada.email, issues: 1 }]);
    expect(project.members.map((m) => m.email)).toEqual([g.lead.email]);

    const doc = await io.exportJson(g.lead.token, key);
    const [board] = doc.boards;
    expect(board!.name).toBe('Launch plan');
    // Lists by pos (floats), the closed list left out with its card; cards by pos, ties in file order.
    expect(board!.columns.map((c) => [c.name, c.issues.map((i) => [i.title, i.status])])).toEqual([
      ['Backlog', []],
      [
        'To Do',
        [
          ['Book the venue', 'TODO'],
          ['Write the press release', 'TODO'],
        ],
      ],
      ['Doing', [['Design the landing page', 'TODO']]],
      [
        'Done',
        [
          ['Same position, first in the file', 'DONE'],
          ['Same position, second in the file', 'DONE'],
        ],
      ],
    ]);
    // Colours mapped (sky → teal, _dark/_light shades, none and black → gray); a nameless label
    // takes its colour's name; "urgent" and "Urgent" are one label.
    expect(board!.labels).toEqual([
      { name: 'Backend', color: 'purple' },
      { name: 'Docs', color: 'green' },
      { name: 'Frontend', color: 'green' },
      { name: 'Legal', color: 'gray' },
      { name: 'No colour', color: 'gray' },
      { name: 'sky', color: 'teal' },
      { name: 'urgent', color: 'red' },
    ]);
    const [venue, release] = board!.columns[1]!.issues;
    expect(venue).toMatchObject({ dueDate: '2026-03-15', assignee: null, labels: ['sky', 'urgent'], comments: [] });
    // A due time late on the 31st in UTC-5 is the 1st of April in UTC.
    expect(release).toMatchObject({
      dueDate: '2026-04-01',
      assignee: null,
      labels: ['Docs', 'No colour'],
      description: [
        'Draft with **marketing**.',
        '### Steps\n\n- [x] First draft\n- [ ] Send to the press',
        '### Review\n\n- [ ] Legal sign-off',
      ].join('\n\n'),
      // The card id's first 8 hex digits are its creation time in seconds.
      createdAt: new Date(0x65a10000 * 1000).toISOString(),
      updatedAt: '2026-02-01T10:00:00.000Z',
    });
    // Comments oldest first, each the importer's, quoting its Trello author's name and day.
    expect(release!.comments.map((c) => [c.author, c.body, c.createdAt])).toEqual([
      [
        g.lead.email,
        '> Originally by Grace Hopper on 2 February 2026\n\nWho writes the first draft?',
        '2026-02-02T09:00:00.000Z',
      ],
      [
        g.lead.email,
        '> Originally by Ada Lovelace on 3 February 2026\n\nDraft is in the shared folder.',
        '2026-02-03T09:00:00.000Z',
      ],
    ]);
    expect(board!.columns[2]!.issues[0]!.labels).toEqual(['Backend', 'Frontend']);
  });

  it('fails a card without a name, naming the field', async () => {
    const board = JSON.parse(trelloFixture) as { cards: { name?: unknown }[] };
    delete board.cards[4]!.name;
    const job = await io.importFile(
      g.lead.token,
      { format: 'trello', key: freshKey('U'), name: 'x' },
      JSON.stringify(board),
    );
    expect(job).toMatchObject({ status: 'failed', error: { field: 'cards[4].name' } });
  });

  it('names every card that can’t be imported in one answer', async () => {
    const board = JSON.parse(trelloFixture) as { cards: { name: string; desc: string }[] };
    board.cards[0]!.desc = 'ring \u0007';
    board.cards[2]!.name = 'ring \u0007';
    const job = await io.importFile(
      g.lead.token,
      { format: 'trello', key: freshKey('U'), name: 'x' },
      JSON.stringify(board),
    );
    expect(job.error).toMatchObject({ errorCount: 2 });
    expect(job.error!.errors!.map((e) => e.message)).toEqual([
      `cards[0].desc: ${messages.controlCharacters}`,
      `cards[2].name: ${messages.controlCharacters}`,
    ]);
  });
});

describe('import requests', () => {
  it('refuses bad parameters with 400 naming the field, and a file over 20 MB with 413', async () => {
    for (const [query, field] of [
      ['format=xls&key=ABC&name=x', 'format'],
      ['format=csv&key=a-b&name=x', 'key'],
      ['format=csv&key=ABC', 'name'],
    ] as const) {
      const res = await io.send('POST', `/api/imports?${query}`, g.lead.token, 'Title\nA\n', 'text/csv');
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(new RegExp(`^${field}: `));
    }
    const huge = await io.send(
      'POST',
      '/api/imports?format=csv&key=HUGE1&name=x',
      g.lead.token,
      'x'.repeat(21 * 1024 * 1024),
      'text/csv',
    );
    expect(huge.status).toBe(413);
    // Only the import takes large bodies: any other route keeps 1 MiB.
    const big = await io.send(
      'POST',
      `/api/issues`,
      g.lead.token,
      JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) }),
    );
    expect(big.status).toBe(413);
  });

  it('shows a job only to the user who started it', async () => {
    const res = await io.send(
      'POST',
      `/api/imports?format=csv&key=${freshKey('O')}&name=x`,
      g.lead.token,
      'Title\nA\n',
      'text/csv',
    );
    const { id } = (await res.json()) as { id: string };
    expect((await io.send('GET', `/api/imports/${id}`, g.member.token)).status).toBe(404);
    expect((await io.send('GET', `/api/imports/${id}`, (await t.admin()).token)).status).toBe(404);
    await until(
      async () =>
        ((await (await io.send('GET', `/api/imports/${id}`, g.lead.token)).json()) as { status: string }).status ===
        'succeeded',
    );
  });
});

describe('a failure while writing', () => {
  it('rolls the whole import back and removes the project it created', async () => {
    const doc = await io.exportJson(g.lead.token, g.key);
    // Year 0 passes the file's checks (an ISO date-time) but PostgreSQL has no year 0: the
    // transaction fails after the project and its first board were made.
    doc.boards[0]!.columns[2]!.issues[0]!.createdAt = '0000-01-01T00:00:00.000Z';
    const key = freshKey('W');
    const job = await io.importFile(g.lead.token, { format: 'trackboard', key, name: 'Half' }, JSON.stringify(doc));
    expect(job).toMatchObject({ status: 'failed', error: { message: messages.importFailed } });
    expect((await projectOf(g.lead.token, key)).status).toBe(404);
    // The project's boards go once the board service has handled project.deleted.
    await until(async () => {
      const rows = await queryRows<{ n: number }>(
        t.database.db,
        sql`select (select count(*) from board.boards b where not exists
              (select 1 from project.project_directory p where p.id = b.project_id))::int
            + (select count(*) from board.issues where key like ${`${key}-%`})::int as n`,
      );
      return rows[0]!.n === 0;
    }, 'the failed import’s board to go');
  });
});
