import { sql } from 'drizzle-orm';
import { createLogger, createOutbox, queryRows } from '@trackboard/server-kit';
import type { BoardDto, IssueActivityDto, IssueDto, IssueWriteResult, ProjectDto } from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { outbox as outboxTable } from './db/schema';
import { createBoardWrites } from './domain/board-writes';
import { createTaskCountBackfill } from './domain/task-counts';
import { givenBoard, issuesOf, type GivenBoard } from './testing/given-board';
import { freshKey, transfer } from './testing/given-import';
import { issueEventTypes, listenToEvents, type EventListener } from './testing/domain-events';
import { recordEvents } from './testing/recorded-events';

// Ticking a task of a description (PUT /issues/:id/tasks/:index): one mark of the description as
// it is when the tick is written, so people ticking different tasks never undo each other; a
// tick of a task that moved or changed is refused with the current issue. A card's "2/5" comes
// from counts stored with every description.
let t: TestPlatform;
let events: EventListener;
let rooms: ReturnType<typeof recordEvents>;
beforeAll(async () => {
  t = await createTestPlatform();
  events = listenToEvents(t);
  rooms = recordEvents(t);
});
afterAll(() => t.close());

const CHECKLIST = [
  'Plan:',
  '',
  '- [ ] Build it',
  '- [x] Test it',
  '  - [ ] Nested',
  '',
  '```',
  '- [ ] not a task',
  '```',
  '* [ ] Ship it',
].join('\n');

async function givenChecklist(g: GivenBoard, description = CHECKLIST) {
  const issue = await g.addIssue('To Do', 'Release');
  return t.ok<IssueDto>(t.as(g.member.token).patch(`/api/issues/${issue.id}`, { description }));
}
const tick = (token: string, issue: { id: string }, index: number | string, body: unknown) =>
  t.as(token).put(`/api/issues/${issue.id}/tasks/${index}`, body);
const current = (g: GivenBoard, issue: { id: string }) =>
  t.ok<IssueDto>(t.as(g.member.token).get(`/api/issues/${issue.id}`));
const historyOf = (g: GivenBoard, issue: { id: string }) =>
  t.ok<IssueActivityDto[]>(t.as(g.member.token).get(`/api/issues/${issue.id}/activity`));

describe('ticking a task', () => {
  it('changes only that task’s mark, bumps the version and answers the issue with its counts', async () => {
    const g = await givenBoard(t);
    const issue = await givenChecklist(g);
    expect(issue.tasks).toEqual({ done: 1, total: 4 });

    const ticked = await t.ok<IssueWriteResult>(tick(g.lead.token, issue, 0, { checked: true, text: 'Build it' }));
    expect(ticked.description).toBe(CHECKLIST.replace('- [ ] Build it', '- [x] Build it'));
    expect(ticked).toMatchObject({ version: issue.version + 1, tasks: { done: 2, total: 4 }, rebalanced: [] });

    const unticked = await t.ok<IssueWriteResult>(tick(g.lead.token, issue, 1, { checked: false, text: 'Test it' }));
    expect(unticked.description).toBe(
      CHECKLIST.replace('- [ ] Build it', '- [x] Build it').replace('- [x] Test it', '- [ ] Test it'),
    );
    expect(unticked).toMatchObject({ version: issue.version + 2, tasks: { done: 1, total: 4 } });
    expect(await current(g, issue)).toMatchObject({ description: unticked.description, version: issue.version + 2 });
  });

  it('counts a nested task and skips the one in a code block', async () => {
    const g = await givenBoard(t);
    const issue = await givenChecklist(g);
    const ticked = await t.ok<IssueDto>(tick(g.member.token, issue, 3, { checked: true, text: 'Ship it' }));
    expect(ticked.description).toContain('* [x] Ship it');
    expect(ticked.description).toContain('- [ ] not a task');
    await t.ok(tick(g.member.token, issue, 2, { checked: true, text: 'Nested' }));
    expect((await current(g, issue)).tasks).toEqual({ done: 3, total: 4 });
  });

  it('does nothing to a task already as wanted: 200, no new version, no history, no event', async () => {
    const g = await givenBoard(t);
    const issue = await givenChecklist(g);
    const board = await g.fetchBoard();
    const [history, sent, mark] = [await historyOf(g, issue), rooms.of(g.board.id).length, await events.mark()];

    const again = await t.ok<IssueWriteResult>(tick(g.member.token, issue, 1, { checked: true, text: 'Test it' }));
    expect(again).toMatchObject({ description: CHECKLIST, version: issue.version, boardVersion: board.version });
    expect(await historyOf(g, issue)).toEqual(history);
    expect(rooms.of(g.board.id)).toHaveLength(sent);
    expect(await events.since(mark)).toEqual([]);
    expect((await g.fetchBoard()).version).toBe(board.version);
  });

  it.each([
    ['its text differs from what the ticker saw', 0, 'Build that'],
    ['there is no task at that index', 4, 'Ship it'],
  ])('answers 409 with the current issue when %s, and writes nothing', async (_case, index, text) => {
    const g = await givenBoard(t);
    const issue = await givenChecklist(g);
    const res = await tick(g.member.token, issue, index, { checked: true, text });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.message).toBe(
      `The description has no task at index ${index} that reads as you saw it: it was changed by someone else. The latest version is shown.`,
    );
    expect(body.issue).toMatchObject({ id: issue.id, description: CHECKLIST, version: issue.version });
    expect(await current(g, issue)).toMatchObject({ description: CHECKLIST, version: issue.version });
  });

  it('finds the task in the description as it is now: an edit above it makes its index stale', async () => {
    const g = await givenBoard(t);
    const issue = await givenChecklist(g);
    await t.ok(t.as(g.lead.token).patch(`/api/issues/${issue.id}`, { description: `- [ ] First\n${CHECKLIST}` }));
    expect((await tick(g.member.token, issue, 0, { checked: true, text: 'Build it' })).status).toBe(409);
    const ticked = await t.ok<IssueDto>(tick(g.member.token, issue, 1, { checked: true, text: 'Build it' }));
    expect(ticked.description).toBe(`- [ ] First\n${CHECKLIST.replace('- [ ] Build it', '- [x] Build it')}`);
  });

  it('keeps both ticks when two people tick different tasks at once', async () => {
    const g = await givenBoard(t);
    const issue = await givenChecklist(g);
    const answers = await Promise.all([
      tick(g.lead.token, issue, 0, { checked: true, text: 'Build it' }),
      tick(g.member.token, issue, 3, { checked: true, text: 'Ship it' }),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    expect(await current(g, issue)).toMatchObject({
      description: CHECKLIST.replace('- [ ] Build it', '- [x] Build it').replace('* [ ] Ship it', '* [x] Ship it'),
      version: issue.version + 2,
      tasks: { done: 3, total: 4 },
    });
  });

  it('refuses a non-member with 404, and a malformed index or body with 400 naming the field', async () => {
    const g = await givenBoard(t);
    const issue = await givenChecklist(g);
    expect((await tick(g.outsider.token, issue, 0, { checked: true, text: 'Build it' })).status).toBe(404);
    const refusals = [
      [0, { checked: 'yes', text: 'Build it' }, /^checked: /],
      [0, { checked: true }, /^text: /],
      [0, { checked: true, text: 'Build it', extra: 1 }, /extra/],
      ['x', { checked: true, text: 'Build it' }, /^index: must be a whole number from 0/],
      ['-1', { checked: true, text: 'Build it' }, /^index: /],
      ['01', { checked: true, text: 'Build it' }, /^index: /],
    ] as const;
    for (const [index, body, message] of refusals) {
      const res = await tick(g.member.token, issue, index, body);
      expect({ index, body, status: res.status }).toEqual({ index, body, status: 400 });
      expect((await res.json()).message).toMatch(message);
    }
    expect(await current(g, issue)).toMatchObject({ description: CHECKLIST, version: issue.version });
  });

  it('is told in the history as ticked or unticked, naming the task as a reader sees it', async () => {
    const g = await givenBoard(t);
    const issue = await givenChecklist(g, '- [ ] Ask **Grace** about [the docs](https://example.com)\n- [x] Done');
    await t.ok(
      tick(g.lead.token, issue, 0, { checked: true, text: 'Ask **Grace** about [the docs](https://example.com)' }),
    );
    await t.ok(tick(g.member.token, issue, 1, { checked: false, text: 'Done' }));
    const [unticked, ticked] = await historyOf(g, issue);
    expect(ticked).toMatchObject({
      kind: 'ticked',
      field: 'description',
      from: null,
      to: 'Ask Grace about the docs',
      actor: { name: 'Lea Lead' },
    });
    expect(unticked).toMatchObject({
      kind: 'unticked',
      field: 'description',
      to: 'Done',
      actor: { name: 'Max Member' },
    });
  });

  it('goes with its history into an export, and back with an import', async () => {
    const g = await givenBoard(t);
    const issue = await givenChecklist(g);
    // By the lead, who imports it again: an import tells only the importer's own doings.
    await t.ok(tick(g.lead.token, issue, 0, { checked: true, text: 'Build it' }));
    const { exportJson, importFile } = transfer(t);
    const exported = await exportJson(g.lead.token, g.key);
    const history = exported.boards[0]!.columns.flatMap((c) => c.issues).find((i) => i.key === issue.key)!.history;
    expect(history).toContainEqual(expect.objectContaining({ kind: 'ticked', field: 'description', to: 'Build it' }));

    const key = freshKey('T');
    const job = await importFile(g.lead.token, { format: 'trackboard', key, name: 'Copied' }, JSON.stringify(exported));
    expect(job.status).toBe('succeeded');
    const project = await t.ok<ProjectDto>(t.as(g.lead.token).get(`/api/projects/${key}`));
    const board = await t.ok<BoardDto>(t.as(g.lead.token).get(`/api/boards/${project.boards[0]!.id}`));
    const copy = issuesOf(board).find((i) => i.title === 'Release')!;
    expect(copy.tasks).toEqual({ done: 2, total: 4 });
    const copied = await t.ok<IssueActivityDto[]>(t.as(g.lead.token).get(`/api/issues/${copy.id}/activity`));
    expect(copied).toContainEqual(expect.objectContaining({ kind: 'ticked', to: 'Build it' }));
  });

  it('is announced as a description edit: the board room hears the issue, the bus issue.updated', async () => {
    const g = await givenBoard(t);
    const issue = await givenChecklist(g);
    const mark = await events.mark();
    const sent = rooms.of(g.board.id).length;
    const ticked = await t.ok<IssueWriteResult>(tick(g.lead.token, issue, 0, { checked: true, text: 'Build it' }));
    const { boardVersion, rebalanced: _rebalanced, ...updated } = ticked;
    expect(rooms.of(g.board.id).slice(sent)).toEqual([
      expect.objectContaining({
        version: boardVersion,
        issues: [{ ...updated }],
        complete: false,
        actor: { id: g.lead.user.id, name: 'Lea Lead' },
      }),
    ]);
    const heard = (await events.of(mark, ...issueEventTypes)).filter((e) => e.issueId === issue.id);
    expect(heard).toEqual([
      expect.objectContaining({
        type: 'issue.updated',
        actorId: g.lead.user.id,
        fields: ['description'],
        changes: { description: { from: CHECKLIST, to: ticked.description } },
      }),
    ]);
  });
});

describe('the task counts a card shows', () => {
  /** The board's answer as sent (undefined keys are not in JSON). */
  const boardJson = async (g: GivenBoard) =>
    (await (await t.as(g.member.token).get(`/api/boards/${g.board.id}`)).json()) as BoardDto;

  it('are in the board answer only for a description with tasks, kept on create and edit', async () => {
    const g = await givenBoard(t);
    const created = await t.ok<IssueDto>(
      t.as(g.member.token).post('/api/issues', {
        projectId: g.project.id,
        columnId: g.column('To Do').id,
        title: 'With tasks',
        description: '- [x] one\n- [ ] two',
      }),
    );
    expect(created.tasks).toEqual({ done: 1, total: 2 });
    const plain = await g.addIssue('To Do', 'Without');
    const cards = issuesOf(await boardJson(g));
    expect(cards.find((c) => c.id === created.id)?.tasks).toEqual({ done: 1, total: 2 });
    expect(cards.find((c) => c.id === plain.id)).not.toHaveProperty('tasks');

    await t.ok(t.as(g.member.token).patch(`/api/issues/${created.id}`, { description: 'No more tasks' }));
    expect(issuesOf(await boardJson(g)).find((c) => c.id === created.id)).not.toHaveProperty('tasks');
  });

  it('are counted for imported issues', async () => {
    const g = await givenBoard(t);
    const key = freshKey('T');
    const job = await transfer(t).importFile(
      g.lead.token,
      { format: 'csv', key, name: 'Imported tasks' },
      'Title,Description\nChecklist,"- [x] a\n- [x] b\n- [ ] c"\n',
    );
    expect(job.status).toBe('succeeded');
    const project = await t.ok<ProjectDto>(t.as(g.lead.token).get(`/api/projects/${key}`));
    const board = await t.ok<BoardDto>(t.as(g.lead.token).get(`/api/boards/${project.boards[0]!.id}`));
    expect(issuesOf(board).map((i) => i.tasks)).toEqual([{ done: 2, total: 3 }]);
  });

  it('are counted once for issues written before they were stored, and their boards fetched anew', async () => {
    const g = await givenBoard(t);
    const issue = await givenChecklist(g);
    const plain = await g.addIssue('To Do', 'Plain');
    // As the rows stood before migration 0018 counted nothing (the board's version bumped, so the
    // replica reads them rather than answering from the cards it keeps).
    await t.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`update board.issues set task_done = null, task_total = null where board_id = ${Number(g.board.id)}`,
      );
      await tx.execute(sql`update board.boards set version = version + 1 where id = ${Number(g.board.id)}`);
    });
    // Fetched now, the board is answered without counts, and the answer remembered at its version.
    const before = await g.fetchBoard();
    expect(issuesOf(before).find((c) => c.id === issue.id)).not.toHaveProperty('tasks');

    const sent = rooms.of(g.board.id).length;
    // What a board replica starting now runs (app.ts).
    const log = createLogger('test', 'silent');
    const outbox = createOutbox({ db: t.database.db, table: outboxTable, bus: t.events, log, pollMs: 0 });
    const writes = createBoardWrites(t.database.db, (e) => t.platform.realtime.emitBoardUpdated(e), outbox);
    await createTaskCountBackfill(t.database.db, writes, log).run();
    await outbox.close();

    const after = await g.fetchBoard();
    expect(after.version).toBe(before.version + 1);
    expect(issuesOf(after).find((c) => c.id === issue.id)?.tasks).toEqual({ done: 1, total: 4 });
    expect(issuesOf(after).find((c) => c.id === plain.id)).not.toHaveProperty('tasks');
    expect(rooms.of(g.board.id).slice(sent)).toEqual([expect.objectContaining({ columnsChanged: true })]);
    const [uncounted] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from board.issues where board_id = ${Number(g.board.id)} and task_total is null`,
    );
    expect(uncounted!.n).toBe(0);
  });
});
