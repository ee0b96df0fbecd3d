import type { IssueDto } from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard } from './testing/given-board';
import { recordEvents } from './testing/recorded-events';

// Due dates, priority and type: validated with a message naming the field, in
// the stale-edit rule and in board_updated.
let t: TestPlatform;
let events: ReturnType<typeof recordEvents>;
beforeAll(async () => {
  t = await createTestPlatform();
  events = recordEvents(t);
});
afterAll(() => t.close());

describe('the due date', () => {
  it('is a calendar date or null, set on creation or by PATCH, and sent to the room', async () => {
    const g = await givenBoard(t);
    const issue = await t.ok<IssueDto>(
      t.as(g.member.token).post('/api/issues', {
        projectId: g.project.id,
        columnId: g.column('To Do').id,
        title: 'due',
        dueDate: '2026-02-28',
      }),
    );
    expect(issue.dueDate).toBe('2026-02-28');
    const moved = await t.ok<IssueDto>(
      t.as(g.member.token).patch(`/api/issues/${issue.id}`, { dueDate: '2028-02-29' }),
    );
    expect(moved.dueDate).toBe('2028-02-29');
    expect(events.of(g.board.id).at(-1)!.issues[0]).toMatchObject({ id: issue.id, dueDate: '2028-02-29' });
    expect(
      (await t.ok<IssueDto>(t.as(g.member.token).patch(`/api/issues/${issue.id}`, { dueDate: null }))).dueDate,
    ).toBeNull();
    expect((await g.addIssue('To Do', 'no date')).dueDate).toBeNull();
  });

  it('refuses what is not a real date, naming the field, and writes nothing', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'x');
    for (const dueDate of [
      '2026-02-30',
      '2026-13-01',
      '26-01-01',
      '2026-1-1',
      'tomorrow',
      20260101,
      '2026-01-01T00:00:00Z',
    ]) {
      const res = await t.as(g.member.token).patch(`/api/issues/${issue.id}`, { dueDate, title: 'changed' });
      expect({ dueDate, status: res.status, body: await res.json() }).toEqual({
        dueDate,
        status: 400,
        body: { message: 'dueDate: must be a date (YYYY-MM-DD)' },
      });
    }
    expect(await t.ok<IssueDto>(t.as(g.member.token).get(`/api/issues/${issue.id}`))).toMatchObject({
      title: 'x',
      dueDate: null,
      version: 0,
    });
  });
});

describe('priority and type', () => {
  it('are edited by PATCH and refused outside their lists', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'x');
    const edited = await t.ok<IssueDto>(
      t.as(g.member.token).patch(`/api/issues/${issue.id}`, { priority: 'CRITICAL', type: 'BUG' }),
    );
    expect(edited).toMatchObject({ priority: 'CRITICAL', type: 'BUG', version: 1 });
    for (const body of [{ priority: 'URGENT' }, { type: 'SPIKE' }]) {
      const res = await t.as(g.member.token).patch(`/api/issues/${issue.id}`, body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(new RegExp(`^${Object.keys(body)[0]}: `));
    }
  });
});

describe('the stale-edit rule', () => {
  it.each([
    ['dueDate', { dueDate: '2030-01-01' }],
    ['priority', { priority: 'LOW' }],
    ['type', { type: 'EPIC' }],
    ['labelIds', { labelIds: [] }],
    ['assigneeId', { assigneeId: null }],
  ])('holds for %s: an edit based on an older copy gets 409 and the current issue', async (_field, change) => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'contested');
    await t.ok(t.as(g.lead.token).patch(`/api/issues/${issue.id}`, { title: 'lead first', version: 0 }));
    const sent = events.boardUpdates.length;
    const stale = await t.as(g.member.token).patch(`/api/issues/${issue.id}`, { ...change, version: 0 });
    expect(stale.status).toBe(409);
    expect((await stale.json()).issue).toMatchObject({ title: 'lead first', version: 1 });
    expect(events.boardUpdates.length).toBe(sent);
    expect((await t.ok<IssueDto>(t.as(g.member.token).get(`/api/issues/${issue.id}`))).version).toBe(1);
  });
});
