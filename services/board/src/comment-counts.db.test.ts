import type { CommentDto, IssueDto } from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard, issuesOf } from './testing/given-board';
import { recordEvents } from './testing/recorded-events';

// commentCount stays exact as comments come and go, and every comment change is
// told to the board room: comment_changed for an open dialog, board_updated when the count moves.
let t: TestPlatform;
let events: ReturnType<typeof recordEvents>;
beforeAll(async () => {
  t = await createTestPlatform();
  events = recordEvents(t);
});
afterAll(() => t.close());

async function givenIssue() {
  const g = await givenBoard(t);
  const issue = await g.addIssue('To Do', 'talk');
  const say = (body: string, parentCommentId: string | null = null, token = g.member.token) =>
    t.ok<CommentDto>(t.as(token).post(`/api/issues/${issue.id}/comments`, { body, parentCommentId }));
  const count = async () => (await t.ok<IssueDto>(t.as(g.member.token).get(`/api/issues/${issue.id}`))).commentCount;
  return { ...g, issue, say, count };
}

describe('commentCount', () => {
  it('counts replies, and loses a deleted comment’s replies with it', async () => {
    const d = await givenIssue();
    expect(d.issue.commentCount).toBe(0);
    const root = await d.say('root');
    const reply = await d.say('reply', root.id);
    await d.say('reply to the reply', reply.id);
    const other = await d.say('other');
    expect(await d.count()).toBe(4);
    expect(issuesOf(await d.fetchBoard())[0]!.commentCount).toBe(4);
    expect((await t.as(d.lead.token).delete(`/api/comments/${root.id}`)).status).toBe(204);
    expect(await d.count()).toBe(1);
    expect((await t.as(d.member.token).delete(`/api/comments/${other.id}`)).status).toBe(204);
    expect(await d.count()).toBe(0);
  });

  it('stays exact under concurrent comments, replies and deletions', async () => {
    const d = await givenIssue();
    const roots = [await d.say('a'), await d.say('b'), await d.say('c')];
    const replies = await Promise.all(roots.map((r) => d.say(`re ${r.body}`, r.id)));
    await Promise.all([
      ...Array.from({ length: 12 }, (_, i) =>
        d.say(`new ${i}`, i % 2 ? null : roots[2]!.id, i % 3 ? d.member.token : d.lead.token),
      ),
      t.as(d.lead.token).delete(`/api/comments/${roots[0]!.id}`),
      t.as(d.member.token).delete(`/api/comments/${replies[1]!.id}`),
    ]);
    const tree = await t.ok<CommentDto[]>(t.as(d.member.token).get(`/api/issues/${d.issue.id}/comments`));
    const all = (list: CommentDto[]): number => list.reduce((n, c) => n + 1 + all(c.replies), 0);
    expect(all(tree)).toBe(6 + 12 - 2 - 1);
    expect(await d.count()).toBe(all(tree));
  });

  it('is not an edit: an open copy of the issue is not stale after a comment', async () => {
    const d = await givenIssue();
    await d.say('hello');
    const edited = await t.ok<IssueDto>(
      t.as(d.member.token).patch(`/api/issues/${d.issue.id}`, { title: 'still mine', version: 0 }),
    );
    expect(edited).toMatchObject({ title: 'still mine', version: 1, commentCount: 1 });
  });
});

describe('comment events', () => {
  it('adding or deleting a comment: board_updated with the issue and its count, then comment_changed', async () => {
    const d = await givenIssue();
    const before = (await d.fetchBoard()).version;
    const res = await t.platform.apps.board.request(`/api/issues/${d.issue.id}/comments`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${d.member.token}`,
        'x-origin-id': 'tab-7',
      },
      body: JSON.stringify({ body: 'hi' }),
    });
    expect(res.status).toBe(201);
    const comment: CommentDto = await res.json();
    expect(events.of(d.board.id).at(-1)).toMatchObject({ version: before + 1, originId: 'tab-7' });
    expect(events.of(d.board.id).at(-1)!.issues).toEqual([
      expect.objectContaining({ id: d.issue.id, commentCount: 1, version: 0 }),
    ]);
    expect(events.commentChanges.at(-1)).toEqual({
      boardId: d.board.id,
      issueId: d.issue.id,
      commentCount: 1,
      originId: 'tab-7',
    });
    expect((await t.as(d.member.token).delete(`/api/comments/${comment.id}`)).status).toBe(204);
    expect(events.of(d.board.id).at(-1)).toMatchObject({ version: before + 2, issues: [{ commentCount: 0 }] });
    expect(events.commentChanges.at(-1)).toEqual({ boardId: d.board.id, issueId: d.issue.id, commentCount: 0 });
  });

  it('editing or reacting: comment_changed only (the count is unchanged)', async () => {
    const d = await givenIssue();
    const comment = await d.say('typo');
    const [updates, changes] = [events.boardUpdates.length, events.commentChanges.length];
    await t.ok(t.as(d.member.token).put(`/api/comments/${comment.id}`, { body: 'fixed' }));
    await t.ok(t.as(d.lead.token).post(`/api/comments/${comment.id}/reactions`, { type: 'heart' }));
    expect(events.boardUpdates.length).toBe(updates);
    expect(events.commentChanges.slice(changes)).toEqual([
      { boardId: d.board.id, issueId: d.issue.id, commentCount: 1 },
      { boardId: d.board.id, issueId: d.issue.id, commentCount: 1 },
    ]);
  });

  it('a refused comment change tells nobody', async () => {
    const d = await givenIssue();
    const comment = await d.say('mine');
    const changes = events.commentChanges.length;
    expect((await t.as(d.lead.token).put(`/api/comments/${comment.id}`, { body: 'lead edits' })).status).toBe(403);
    expect((await t.as(d.outsider.token).delete(`/api/comments/${comment.id}`)).status).toBe(404);
    expect((await t.as(d.member.token).post(`/api/issues/${d.issue.id}/comments`, { body: ' ' })).status).toBe(400);
    expect(events.commentChanges.length).toBe(changes);
  });
});
