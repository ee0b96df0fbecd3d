import { sql } from 'drizzle-orm';
import { PURGE_AFTER_MS, type IssueActivityDto, type IssueDto, type LabelDto } from '@trackboard/contracts';
import { createLogger, queryRows } from '@trackboard/server-kit';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { createPurge } from './domain/deletions';
import { givenBoard } from './testing/given-board';

// An issue's history: GET /issues/:id/activity, newest first, a row for its
// creation, every field change, moves and comments, each written with the change itself.
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

const historyOf = (token: string, issue: { id: string }) =>
  t.ok<IssueActivityDto[]>(t.as(token).get(`/api/issues/${issue.id}/activity`));
/** The rows without their ids and times, oldest first. */
const story = (rows: IssueActivityDto[]) => rows.map(({ id: _id, at: _at, ...rest }) => rest).reverse();

describe('an issue’s history', () => {
  it('has a row for its creation, each field change, each move and each comment, newest first', async () => {
    const g = await givenBoard(t);
    const [lea, max] = [
      { id: g.lead.user.id, name: 'Lea Lead' },
      { id: g.member.user.id, name: 'Max Member' },
    ];
    const label = (name: string) =>
      t.ok<LabelDto>(t.as(g.member.token).post(`/api/boards/${g.board.id}/labels`, { name, color: 'red' }));
    const [bug, ui] = [await label('bug'), await label('UI')];
    const issue = await g.addIssue('To Do', 'Start');
    const patch = (body: unknown, token = g.member.token) =>
      t.ok<IssueDto>(t.as(token).patch(`/api/issues/${issue.id}`, body));
    await patch({ title: 'Renamed', description: 'Long text' });
    await patch({ assigneeId: g.lead.user.id, labelIds: [bug.id, ui.id] }, g.lead.token);
    await patch({ dueDate: '2030-05-01', priority: 'HIGH', type: 'BUG' });
    await patch({ title: 'Renamed', priority: 'HIGH', relatedCode: 'x()' }); // nothing the history records changed
    await patch({ assigneeId: null, labelIds: [ui.id], dueDate: null });
    await t.ok(
      t.as(g.member.token).put(`/api/issues/${issue.id}/position`, {
        sourceColumnId: g.column('To Do').id,
        destinationColumnId: g.column('In Progress').id,
        position: 0,
        boardId: g.board.id,
      }),
    );
    await patch({ columnId: g.column('Done').id }, g.lead.token);
    await t.ok(t.as(g.lead.token).post(`/api/issues/${issue.id}/comments`, { body: 'done!' }));

    const rows = await historyOf(g.member.token, issue);
    expect(story(rows)).toEqual([
      { kind: 'created', actor: max },
      { kind: 'updated', field: 'title', from: 'Start', to: 'Renamed', actor: max },
      { kind: 'updated', field: 'description', actor: max },
      { kind: 'updated', field: 'assignee', from: null, to: 'Lea Lead', actor: lea },
      { kind: 'updated', field: 'labels', from: null, to: 'bug, UI', actor: lea },
      { kind: 'updated', field: 'dueDate', from: null, to: '2030-05-01', actor: max },
      { kind: 'updated', field: 'priority', from: 'MEDIUM', to: 'HIGH', actor: max },
      { kind: 'updated', field: 'type', from: 'TASK', to: 'BUG', actor: max },
      { kind: 'updated', field: 'assignee', from: 'Lea Lead', to: null, actor: max },
      { kind: 'updated', field: 'labels', from: 'bug, UI', to: 'UI', actor: max },
      { kind: 'updated', field: 'dueDate', from: '2030-05-01', to: null, actor: max },
      { kind: 'moved', field: 'status', from: 'To Do', to: 'In Progress', actor: max },
      { kind: 'moved', field: 'status', from: 'In Progress', to: 'Done', actor: lea },
      { kind: 'commented', actor: lea },
    ]);
    const times = rows.map((r) => Date.parse(r.at));
    expect(times.every((time, i) => !Number.isNaN(time) && (i === 0 || time <= times[i - 1]!))).toBe(true);
  });

  it('records no move for a reorder within a column', async () => {
    const g = await givenBoard(t);
    const a = await g.addIssue('To Do', 'a');
    await g.addIssue('To Do', 'b');
    await t.ok(
      t.as(g.member.token).put(`/api/issues/${a.id}/position`, {
        sourceColumnId: g.column('To Do').id,
        destinationColumnId: g.column('To Do').id,
        position: 1,
        boardId: g.board.id,
      }),
    );
    expect(story(await historyOf(g.member.token, a)).map((r) => r.kind)).toEqual(['created']);
  });

  it('says where a deleted column’s issues went', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('In Progress', 'displaced');
    const gone = await t
      .as(g.lead.token)
      .delete(`/api/columns/${g.column('In Progress').id}?targetColumnId=${g.column('Done').id}`);
    expect(gone.status).toBe(204);
    expect(story(await historyOf(g.member.token, issue)).at(-1)).toEqual({
      kind: 'moved',
      field: 'status',
      from: 'In Progress',
      to: 'Done',
      actor: { id: g.lead.user.id, name: 'Lea Lead' },
    });
  });

  it('goes with its issue once that is purged; the dashboard’s lines about it stay', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'short-lived');
    await t.ok(t.as(g.member.token).patch(`/api/issues/${issue.id}`, { priority: 'LOW' }));
    expect((await t.as(g.lead.token).delete(`/api/issues/${issue.id}`)).status).toBe(204);
    const rows = () =>
      queryRows<{ description: string }>(
        t.database.db,
        sql`select description from board.activity where issue_id = ${Number(issue.id)} order by id`,
      );
    // Restorable for a while (undo-deletes.test.ts), with its history.
    expect(await rows()).toHaveLength(2);
    const purgedLater = { now: () => new Date(Date.now() + PURGE_AFTER_MS + 1000) };
    await createPurge(t.database.db, purgedLater, createLogger('test', 'silent')).purge();
    expect(await rows()).toEqual([{ description: 'Max Member created "short-lived"' }]);
  });

  it('is written with the change: a refused change leaves no row', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'x');
    await t.ok(t.as(g.lead.token).patch(`/api/issues/${issue.id}`, { title: 'y', version: 0 }));
    expect((await t.as(g.member.token).patch(`/api/issues/${issue.id}`, { title: 'z', version: 0 })).status).toBe(409);
    const foreign = await t.as(g.member.token).patch(`/api/issues/${issue.id}`, { title: 'w', labelIds: ['99999999'] });
    expect(foreign.status).toBe(400);
    expect(story(await historyOf(g.member.token, issue)).map((r) => [r.kind, r.to])).toEqual([
      ['created', undefined],
      ['updated', 'y'],
    ]);
  });

  it('is the issue’s: hidden from non-members like a missing issue', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'x');
    const res = await t.as(g.outsider.token).get(`/api/issues/${issue.id}/activity`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Issue not found' });
    expect(await historyOf((await t.admin()).token, issue)).toHaveLength(1);
  });

  it('keeps the dashboard’s lines: created, moved and commented have their text, field changes none', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'Line');
    await t.ok(
      t.as(g.member.token).patch(`/api/issues/${issue.id}`, { priority: 'LOW', columnId: g.column('Done').id }),
    );
    await t.ok(t.as(g.member.token).post(`/api/issues/${issue.id}/comments`, { body: 'hi' }));
    const lines = await queryRows<{ description: string; issue_key: string | null }>(
      t.database.db,
      sql`select description, issue_key from board.activity_feed where project_id = ${Number(g.project.id)} order by id`,
    );
    expect(lines).toEqual([
      { description: 'Max Member created "Line"', issue_key: `${g.key}-1` },
      { description: 'Max Member moved "Line" to Done', issue_key: `${g.key}-1` },
      { description: 'Max Member commented on "Line"', issue_key: `${g.key}-1` },
    ]);
  });
});
