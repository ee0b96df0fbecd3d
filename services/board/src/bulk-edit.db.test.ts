import type { BoardDto, BulkEditResult, IssueActivityDto, IssueDto, NotificationList } from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { listenToEvents, type EventListener } from './testing/domain-events';
import { givenBoard, issuesOf, titlesByColumn, type GivenBoard } from './testing/given-board';
import { recordEvents } from './testing/recorded-events';
import { until } from './testing/until';

// POST /issues/bulk: several issues of one board changed in one step — all or none, each issue
// with its own history and event, one board_updated for the room, one notification per person.
let t: TestPlatform;
let events: EventListener;
let rooms: ReturnType<typeof recordEvents>;
beforeAll(async () => {
  t = await createTestPlatform();
  events = listenToEvents(t);
  rooms = recordEvents(t);
});
afterAll(() => t.close());

const bulk = (token: string, body: unknown) => t.as(token).post('/api/issues/bulk', body);
const refusal = async (res: Response) => ({ status: res.status, body: (await res.json()) as { message: string } });
const ids = (issues: { id: string }[]) => issues.map((issue) => issue.id);
const history = (g: GivenBoard, issue: { id: string }) =>
  t.ok<IssueActivityDto[]>(t.as(g.member.token).get(`/api/issues/${issue.id}/activity`));

/** A board with `count` issues in To Do, made by the member (who then watches them). */
async function boardWith(count: number) {
  const g = await givenBoard(t);
  const made: IssueDto[] = [];
  for (let i = 1; i <= count; i++) made.push(await g.addIssue('To Do', `Issue ${i}`));
  return { g, made };
}

describe('a bulk edit', () => {
  it('sets the same fields on every issue named, in one step, each issue with its own history', async () => {
    const { g, made } = await boardWith(4);
    const chosen = made.slice(0, 3);
    const result = await t.ok<BulkEditResult>(
      bulk(g.member.token, {
        ids: ids(chosen),
        set: { columnId: g.column('Done').id, priority: 'HIGH', dueDate: '2031-02-03' },
      }),
    );
    expect(result.updated.map((issue) => [issue.title, issue.status, issue.priority, issue.dueDate])).toEqual([
      ['Issue 1', 'DONE', 'HIGH', '2031-02-03'],
      ['Issue 2', 'DONE', 'HIGH', '2031-02-03'],
      ['Issue 3', 'DONE', 'HIGH', '2031-02-03'],
    ]);
    expect(result.deletedIds).toEqual([]);
    // Appended to Done in the board's order; the issue left out stays.
    expect(titlesByColumn(await g.fetchBoard())).toEqual({
      'To Do': ['Issue 4'],
      'In Progress': [],
      Done: ['Issue 1', 'Issue 2', 'Issue 3'],
    });
    for (const issue of result.updated) expect(issue.version).toBe(1);
    const rows = await history(g, chosen[1]!);
    expect(rows.filter((row) => row.kind !== 'created').map((row) => [row.kind, row.field, row.from, row.to])).toEqual(
      expect.arrayContaining([
        ['updated', 'priority', 'MEDIUM', 'HIGH'],
        ['updated', 'dueDate', null, '2031-02-03'],
        ['moved', 'status', 'To Do', 'Done'],
      ]),
    );
    expect(rows.filter((row) => row.kind !== 'created')).toHaveLength(3);
  });

  it('tells the board room once, and records each issue’s event beside one for the whole edit', async () => {
    const { g, made } = await boardWith(3);
    const mark = await events.mark();
    const before = rooms.of(g.board.id).length;
    const result = await t.ok<BulkEditResult>(
      bulk(g.lead.token, { ids: ids(made), set: { assigneeId: g.member.user.id } }),
    );
    const told = rooms.of(g.board.id).slice(before);
    expect(told).toHaveLength(1);
    expect(told[0]!.version).toBe(result.boardVersion);
    expect(told[0]!.issues.map((issue) => issue.title).sort()).toEqual(['Issue 1', 'Issue 2', 'Issue 3']);
    const heard = await events.of(mark, 'issue.assigned', 'issues.bulk_updated');
    const perIssue = heard.filter((event) => event.type === 'issue.assigned');
    const [whole] = heard.filter((event) => event.type === 'issues.bulk_updated');
    expect(perIssue).toHaveLength(3);
    expect(new Set(perIssue.map((event) => event.bulkId)).size).toBe(1);
    expect(whole).toMatchObject({
      bulkId: perIssue[0]!.bulkId,
      boardId: g.board.id,
      actorId: g.lead.user.id,
      issues: made.map((issue) =>
        expect.objectContaining({ issueKey: issue.key, assigneeId: g.member.user.id, assigneeChanged: true }),
      ),
    });
  });

  it('tells each person once, however many of the issues concern them', async () => {
    const { g, made } = await boardWith(5);
    await t.ok(bulk(g.lead.token, { ids: ids(made), set: { assigneeId: g.member.user.id } }));
    const about = async () =>
      (await t.ok<NotificationList>(t.as(g.member.token).get('/api/notifications'))).notifications.filter((n) =>
        made.some((issue) => issue.id === n.issueId),
      );
    await until(async () => (await about()).length > 0, 'the member to be told');
    const [told, ...more] = await about();
    expect(more).toEqual([]);
    expect(told).toMatchObject({
      kind: 'assigned',
      issueKey: made[0]!.key,
      excerpt: `5 issues changed at once: ${made[0]!.key}, ${made[1]!.key}, ${made[2]!.key} and 2 more`,
    });
    // Moving them all to Done tells the member (watching as reporter and assignee) once again.
    await t.ok(bulk(g.lead.token, { ids: ids(made), set: { columnId: g.column('Done').id } }));
    await until(async () => (await about()).length === 2, 'the member to be told of the move');
    expect((await about()).map((n) => n.kind).sort()).toEqual(['assigned', 'status']);
  });

  it('adds and removes labels, keeping each issue’s others in the board’s order', async () => {
    const { g, made } = await boardWith(2);
    const label = (name: string) =>
      t.ok<{ id: string }>(t.as(g.member.token).post(`/api/boards/${g.board.id}/labels`, { name, color: 'red' }));
    const [alpha, beta, gamma] = [await label('alpha'), await label('beta'), await label('gamma')];
    await t.ok(t.as(g.member.token).patch(`/api/issues/${made[0]!.id}`, { labelIds: [gamma.id, alpha.id] }));
    const result = await t.ok<BulkEditResult>(
      bulk(g.member.token, { ids: ids(made), labels: { add: [beta.id], remove: [gamma.id] } }),
    );
    expect(Object.fromEntries(result.updated.map((issue) => [issue.title, issue.labelIds]))).toEqual({
      'Issue 1': [alpha.id, beta.id],
      'Issue 2': [beta.id],
    });
  });

  it('puts each issue back where it was with `each` (an Undo)', async () => {
    const { g, made } = await boardWith(5);
    const start = issuesOf(await g.fetchBoard()).map((issue) => [issue.id, issue.columnId, issue.position]);
    const chosen = [made[0]!, made[2]!, made[4]!];
    const label = await t.ok<{ id: string }>(
      t.as(g.member.token).post(`/api/boards/${g.board.id}/labels`, { name: 'urgent', color: 'red' }),
    );
    await t.ok(
      bulk(g.member.token, {
        ids: ids(chosen),
        set: { columnId: g.column('Done').id, priority: 'LOW' },
        labels: { add: [label.id] },
      }),
    );
    const each = Object.fromEntries(
      chosen.map((issue) => [
        issue.id,
        { columnId: issue.columnId, position: issue.position, priority: 'MEDIUM', labelIds: [] },
      ]),
    );
    await t.ok(bulk(g.member.token, { ids: ids(chosen), each }));
    const board = await g.fetchBoard();
    expect(issuesOf(board).map((issue) => [issue.id, issue.columnId, issue.position])).toEqual(start);
    expect(issuesOf(board).every((issue) => issue.priority === 'MEDIUM' && issue.labelIds.length === 0)).toBe(true);
  });
});

describe('all or none', () => {
  it('refuses the whole edit with 409 when an issue changed since its version, naming it as it is now', async () => {
    const { g, made } = await boardWith(3);
    await t.ok(t.as(g.lead.token).patch(`/api/issues/${made[1]!.id}`, { title: 'Changed meanwhile' }));
    const versions = Object.fromEntries(made.map((issue) => [issue.id, issue.version]));
    const res = await bulk(g.member.token, { ids: ids(made), versions, set: { priority: 'CRITICAL' } });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { message: string; issues: IssueDto[] };
    expect(body.message).toBe(
      'One of these issues was changed by someone else. Nothing was changed; the latest version is shown.',
    );
    expect(body.issues.map((issue) => [issue.id, issue.title])).toEqual([[made[1]!.id, 'Changed meanwhile']]);
    const board = await g.fetchBoard();
    expect(issuesOf(board).map((issue) => issue.priority)).toEqual(['MEDIUM', 'MEDIUM', 'MEDIUM']);
  });

  it('writes nothing when one label is not the board’s', async () => {
    const { g, made } = await boardWith(2);
    const other = await givenBoard(t);
    const foreign = await t.ok<{ id: string }>(
      t.as(other.member.token).post(`/api/boards/${other.board.id}/labels`, { name: 'elsewhere', color: 'blue' }),
    );
    const res = await bulk(g.member.token, { ids: ids(made), set: { priority: 'LOW' }, labels: { add: [foreign.id] } });
    expect(await refusal(res)).toEqual({ status: 400, body: { message: 'labelIds: must be labels of this board' } });
    expect(issuesOf(await g.fetchBoard()).map((issue) => [issue.priority, issue.version])).toEqual([
      ['MEDIUM', 0],
      ['MEDIUM', 0],
    ]);
  });
});

describe('limits and who may', () => {
  it('names the field of a request it cannot take', async () => {
    const { g, made } = await boardWith(1);
    const cases: [unknown, string][] = [
      [{ ids: [], set: { priority: 'LOW' } }, 'ids: must name at least one issue'],
      [
        { ids: Array.from({ length: 501 }, (_, i) => String(i + 1)), set: { priority: 'LOW' } },
        'ids: must name at most 500 issues',
      ],
      [{ ids: [made[0]!.id, made[0]!.id], set: { priority: 'LOW' } }, 'ids: must not name an issue twice'],
      [{ ids: ids(made) }, 'set: must name a change (set, each, labels or delete)'],
      [{ ids: ids(made), delete: true, set: { priority: 'LOW' } }, 'delete: must not come with other changes'],
      [{ ids: ids(made), set: { priority: 'SOON' } }, 'set.priority: must be one of LOW, MEDIUM, HIGH, CRITICAL'],
      [{ ids: ids(made), set: { title: 'x' } }, 'set: has an unknown field "title"'],
      [{ ids: ids(made), each: { 999999: { priority: 'LOW' } } }, 'each: names an issue that ids does not'],
    ];
    for (const [body, message] of cases) {
      const { status, body: answer } = await refusal(await bulk(g.member.token, body));
      expect({ body, status, message: answer.message }).toEqual({ body, status: 400, message });
    }
  });

  it('answers 404 for an issue the caller cannot see, and 400 for issues of two boards', async () => {
    const { g, made } = await boardWith(1);
    const other = await givenBoard(t);
    const theirs = await other.addIssue('To Do', 'Theirs');
    const res = await bulk(g.member.token, { ids: [made[0]!.id, theirs.id], set: { priority: 'LOW' } });
    expect(await refusal(res)).toEqual({ status: 404, body: { message: 'Issue not found' } });
    expect(await refusal(await bulk(g.outsider.token, { ids: ids(made), set: { priority: 'LOW' } }))).toEqual({
      status: 404,
      body: { message: 'Issue not found' },
    });
    const second = await t.ok<BoardDto>(
      t.as(g.lead.token).post(`/api/projects/${g.project.id}/boards`, { name: 'Second' }),
    );
    const column = (await t.ok<BoardDto>(t.as(g.lead.token).get(`/api/boards/${second.id}`))).columns[0]!;
    const there = await t.ok<IssueDto>(
      t.as(g.lead.token).post('/api/issues', { projectId: g.project.id, columnId: column.id, title: 'There' }),
    );
    expect(await refusal(await bulk(g.lead.token, { ids: [made[0]!.id, there.id], set: { priority: 'LOW' } }))).toEqual(
      { status: 400, body: { message: 'ids: must all be issues of one board' } },
    );
  });

  it('deletes only for the lead or an admin, and each deleted issue can be restored', async () => {
    const { g, made } = await boardWith(3);
    expect(await refusal(await bulk(g.member.token, { ids: ids(made), delete: true }))).toEqual({
      status: 403,
      body: { message: 'Only an administrator or the project lead can delete an issue.' },
    });
    expect(issuesOf(await g.fetchBoard())).toHaveLength(3);
    const before = rooms.of(g.board.id).length;
    const result = await t.ok<BulkEditResult>(bulk(g.lead.token, { ids: ids(made.slice(0, 2)), delete: true }));
    expect(result.deletedIds).toEqual(ids(made.slice(0, 2)));
    const told = rooms.of(g.board.id).slice(before);
    expect(told.map((event) => event.removedIssueIds)).toEqual([ids(made.slice(0, 2))]);
    expect(titlesByColumn(await g.fetchBoard())['To Do']).toEqual(['Issue 3']);
    // Restored first to last (as an Undo does), each is back in its place.
    await t.ok(t.as(g.lead.token).post(`/api/issues/${made[0]!.id}/restore`));
    expect(titlesByColumn(await g.fetchBoard())['To Do']).toEqual(['Issue 1', 'Issue 3']);
    await t.ok(t.as(g.lead.token).post(`/api/issues/${made[1]!.id}/restore`));
    expect(titlesByColumn(await g.fetchBoard())['To Do']).toEqual(['Issue 1', 'Issue 2', 'Issue 3']);
  });

  it('refuses with 409 on an archived project', async () => {
    const { g, made } = await boardWith(1);
    await t.ok(t.as(g.lead.token).post(`/api/projects/${g.key}/archive`));
    expect(await refusal(await bulk(g.member.token, { ids: ids(made), set: { priority: 'LOW' } }))).toEqual({
      status: 409,
      body: { message: 'This project is archived.' },
    });
  });
});
