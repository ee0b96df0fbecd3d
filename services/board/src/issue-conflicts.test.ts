import type { IssueActivityDto, IssueDto } from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard, type GivenBoard } from './testing/given-board';
import { recordEvents } from './testing/recorded-events';

// Two people editing one issue: an edit carries the version it began from and the values of the
// fields it changes as they were then (`base`). Only a change to one of those fields since is a
// conflict (409 with the current issue); a change to another field is not.
let t: TestPlatform;
let events: ReturnType<typeof recordEvents>;
beforeAll(async () => {
  t = await createTestPlatform();
  events = recordEvents(t);
});
afterAll(() => t.close());

/** An issue with a description, at version 1. */
async function givenDescribed(g: GivenBoard, description: string) {
  const issue = await g.addIssue('To Do', 'Shared');
  return t.ok<IssueDto>(t.as(g.lead.token).patch(`/api/issues/${issue.id}`, { description, version: 0 }));
}
const patch = (g: GivenBoard, by: string, issue: IssueDto, body: object) =>
  t.as(by).patch(`/api/issues/${issue.id}`, body);
const current = (g: GivenBoard, issue: IssueDto) => t.ok<IssueDto>(t.as(g.member.token).get(`/api/issues/${issue.id}`));

describe('the lost update (two people edit one description)', () => {
  it('the second save gets 409 with the first one’s text; nothing of the second is written', async () => {
    const g = await givenBoard(t);
    const issue = await givenDescribed(g, 'Goals');
    const base = { description: 'Goals' };
    await t.ok(patch(g, g.lead.token, issue, { description: 'Goals\n- fast', version: 1, base }));
    const sent = events.of(g.board.id).length;
    const boardVersion = (await g.fetchBoard()).version;

    const stale = await patch(g, g.member.token, issue, { description: 'Summary\nGoals', version: 1, base });
    expect(stale.status).toBe(409);
    const body = await stale.json();
    expect(body.message).toBe('This issue was changed by someone else. The latest version is shown.');
    expect(body.issue).toMatchObject({ id: issue.id, description: 'Goals\n- fast', version: 2 });
    expect(await current(g, issue)).toMatchObject({ description: 'Goals\n- fast', version: 2 });
    expect(events.of(g.board.id)).toHaveLength(sent);
    expect((await g.fetchBoard()).version).toBe(boardVersion);
  });

  it('saved again on the current version (Keep mine, or a merge) it is written, and the history has both saves', async () => {
    const g = await givenBoard(t);
    const issue = await givenDescribed(g, 'Goals');
    await t.ok(
      patch(g, g.lead.token, issue, { description: 'Goals\n- fast', version: 1, base: { description: 'Goals' } }),
    );
    const merged = await t.ok<IssueDto>(
      patch(g, g.member.token, issue, {
        description: 'Summary\nGoals\n- fast',
        version: 2,
        base: { description: 'Goals\n- fast' },
      }),
    );
    expect(merged).toMatchObject({ description: 'Summary\nGoals\n- fast', version: 3 });
    const history = await t.ok<IssueActivityDto[]>(t.as(g.member.token).get(`/api/issues/${issue.id}/activity`));
    expect(history.filter((entry) => entry.field === 'description').map((entry) => entry.actor.name)).toEqual([
      'Max Member',
      'Lea Lead',
      'Lea Lead',
    ]);
  });

  it('without a base any change since the version is a conflict, as before', async () => {
    const g = await givenBoard(t);
    const issue = await givenDescribed(g, 'Goals');
    await t.ok(patch(g, g.lead.token, issue, { priority: 'HIGH', version: 1 }));
    expect((await patch(g, g.member.token, issue, { title: 'Renamed', version: 1 })).status).toBe(409);
  });
});

describe('a change to another field meanwhile', () => {
  it.each([
    ['labels', { labelIds: [] }],
    ['priority', { priority: 'HIGH' }],
    ['description', { description: 'Their words' }],
    ['column', { columnId: 'Done' }],
  ])('(%s) does not conflict with a title edit: both stay', async (_name, change) => {
    const g = await givenBoard(t);
    const issue = await givenDescribed(g, 'Goals');
    const theirs = 'columnId' in change ? { columnId: g.column('Done').id } : change;
    await t.ok(patch(g, g.lead.token, issue, { ...theirs, version: 1 }));
    const edited = await t.ok<IssueDto>(
      patch(g, g.member.token, issue, { title: 'Renamed', version: 1, base: { title: 'Shared' } }),
    );
    expect(edited).toMatchObject({ title: 'Renamed', version: 3, ...theirs });
    expect(await current(g, issue)).toMatchObject({ title: 'Renamed', ...theirs });
  });

  it('a picker’s change is checked the same way: its field, not the whole issue', async () => {
    const g = await givenBoard(t);
    const issue = await givenDescribed(g, 'Goals');
    await t.ok(patch(g, g.lead.token, issue, { description: 'Theirs', version: 1, base: { description: 'Goals' } }));
    await t.ok(patch(g, g.member.token, issue, { priority: 'LOW', version: 1, base: { priority: 'MEDIUM' } }));
    const lost = await patch(g, g.lead.token, issue, { priority: 'HIGH', version: 2, base: { priority: 'MEDIUM' } });
    expect(lost.status).toBe(409);
    expect((await lost.json()).issue).toMatchObject({ priority: 'LOW', description: 'Theirs', version: 3 });
  });

  it('the same field set to the same value meanwhile is no conflict', async () => {
    const g = await givenBoard(t);
    const issue = await givenDescribed(g, 'Goals');
    const base = { description: 'Goals' };
    await t.ok(patch(g, g.lead.token, issue, { description: 'Agreed', version: 1, base }));
    await t.ok(patch(g, g.member.token, issue, { description: 'Agreed', version: 1, base }));
  });

  it('labels compare as a set, ids as ids', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'Labelled');
    const [a, b] = await Promise.all(
      ['alpha', 'beta'].map((name) =>
        t.ok<{ id: string }>(t.as(g.lead.token).post(`/api/boards/${g.board.id}/labels`, { name, color: 'blue' })),
      ),
    );
    await t.ok(patch(g, g.lead.token, issue, { labelIds: [a!.id, b!.id], version: 0 }));
    await t.ok(patch(g, g.lead.token, issue, { title: 'Relabelled', version: 1 }));
    await t.ok(
      patch(g, g.member.token, issue, {
        labelIds: [a!.id],
        assigneeId: Number(g.member.user.id),
        version: 1,
        base: { labelIds: [Number(b!.id), a!.id], assigneeId: null },
      }),
    );
    expect(await current(g, issue)).toMatchObject({ labelIds: [a!.id], assigneeId: g.member.user.id });
  });
});

describe('the board room', () => {
  it('hears who made an edit, so an open dialog can name them', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'Watched');
    await t.ok(patch(g, g.lead.token, issue, { description: 'Seen live', version: 0 }));
    expect(events.of(g.board.id).at(-1)).toMatchObject({
      issues: [expect.objectContaining({ id: issue.id, description: 'Seen live' })],
      actor: { id: g.lead.user.id, name: 'Lea Lead' },
    });
  });
});

describe('a base the server cannot read', () => {
  it.each([
    [{ description: 5 }, /^base\.description: /],
    [{ labelIds: ['x'] }, /^base\.labelIds\.0: must be an id$/],
    [{ reporterId: '1' }, /^base/],
  ])('%j is refused with 400 naming the field', async (base, message) => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'x');
    const res = await patch(g, g.member.token, issue, { title: 'y', version: 0, base });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(message);
  });

  it('a base alone is no change', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'x');
    const res = await patch(g, g.member.token, issue, { version: 0, base: { title: 'x' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'No changes provided for update.' });
  });
});
