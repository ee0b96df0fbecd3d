import type { CommentDto, IssueActivityDto, IssueDto, IssueWriteResult, ProjectDto } from '@trackboard/contracts';
import { createLogger } from '@trackboard/server-kit';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { createPurge } from './domain/deletions';
import { givenBoard, titlesByColumn } from './testing/given-board';
import { until } from './testing/until';

// Deletes that can be undone: a deleted issue or comment leaves every read at once and comes
// back with POST …/restore until it is purged, a minute or so after its undo window.

/** How far the purge test has moved the service's clock on. */
let later = 0;
const clock = { now: () => new Date(Date.now() + later) };

let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform({ clock });
});
afterAll(() => t.close());

/** What each replica's timer runs (deletions.ts), run now on the service's clock. */
const purge = () => createPurge(t.database.db, clock, createLogger('test', 'silent')).purge();

async function givenIssueWithEverything() {
  const g = await givenBoard(t);
  const [first, second, third] = [
    await g.addIssue('To Do', 'First'),
    await g.addIssue('To Do', 'Second'),
    await g.addIssue('To Do', 'Third'),
  ];
  const label = await t.ok<{ id: string }>(
    t.as(g.lead.token).post(`/api/boards/${g.board.id}/labels`, { name: 'urgent', color: 'red' }),
  );
  await t.ok(t.as(g.member.token).patch(`/api/issues/${second.id}`, { labelIds: [label.id] }));
  const comment = await t.ok<CommentDto>(
    t.as(g.member.token).post(`/api/issues/${second.id}/comments`, { body: 'Needs a look' }),
  );
  await t.ok(
    t.as(g.lead.token).post(`/api/issues/${second.id}/comments`, { body: 'On it', parentCommentId: comment.id }),
  );
  return { ...g, first, second, third, label };
}

const status = async (response: Promise<Response>) => (await response).status;
const restoreIssue = (token: string, id: string) => t.as(token).post(`/api/issues/${id}/restore`);
const restoreComment = (token: string, id: string) => t.as(token).post(`/api/comments/${id}/restore`);
const issueCountOf = async (token: string, key: string) =>
  (await t.ok<ProjectDto & { boards: { issueCount: number }[] }>(t.as(token).get(`/api/projects/${key}`))).boards[0]!
    .issueCount;

describe('a deleted issue', () => {
  it('leaves every read, and its restore brings it back where it was, with its comments, labels and history', async () => {
    const g = await givenIssueWithEverything();
    const as = t.as(g.member.token);
    expect(await issueCountOf(g.member.token, g.key)).toBe(3);

    expect(await status(t.as(g.lead.token).delete(`/api/issues/${g.second.id}`))).toBe(204);

    expect(titlesByColumn(await g.fetchBoard())['To Do']).toEqual(['First', 'Third']);
    expect(await status(as.get(`/api/issues/${g.second.id}`))).toBe(404);
    expect(await status(as.get(`/api/issues/by-key/${g.second.key}`))).toBe(404);
    expect(await status(as.get(`/api/issues/${g.second.id}/comments`))).toBe(404);
    expect(await status(as.get(`/api/issues/${g.second.id}/activity`))).toBe(404);
    expect(await status(as.patch(`/api/issues/${g.second.id}`, { title: 'Edited meanwhile' }))).toBe(404);
    expect(await status(as.post(`/api/issues/${g.second.id}/comments`, { body: 'late' }))).toBe(404);
    const move = {
      sourceColumnId: g.column('To Do').id,
      destinationColumnId: g.column('Done').id,
      position: 0,
      boardId: g.board.id,
    };
    expect(await status(as.put(`/api/issues/${g.second.id}/position`, move))).toBe(404);
    expect(await t.ok<{ issues: unknown[] }>(as.get(`/api/search?q=${g.second.key}`))).toMatchObject({ issues: [] });
    expect(await issueCountOf(g.member.token, g.key)).toBe(2);
    const exported = await (await as.get(`/api/projects/${g.key}/export`)).text();
    expect(exported).not.toContain('Second');
    expect(exported).not.toContain('Needs a look');
    // Positions count the issues on the board only: the third is second now, and a move lands where asked.
    const onBoard = await g.fetchBoard();
    expect(onBoard.columns[0]!.issues.map((i) => i.position)).toEqual([0, 1]);

    const restored = await t.ok<IssueWriteResult>(restoreIssue(g.lead.token, g.second.id));
    expect(restored).toMatchObject({
      id: g.second.id,
      columnId: g.column('To Do').id,
      position: 1,
      labelIds: [g.label.id],
      commentCount: 2,
      boardVersion: expect.any(Number),
    });
    expect(titlesByColumn(await g.fetchBoard())['To Do']).toEqual(['First', 'Second', 'Third']);
    const thread = await t.ok<CommentDto[]>(as.get(`/api/issues/${g.second.id}/comments`));
    expect(thread.map((c) => [c.body, c.replies.map((r) => r.body)])).toEqual([['Needs a look', ['On it']]]);
    const history = await t.ok<IssueActivityDto[]>(as.get(`/api/issues/${g.second.id}/activity`));
    expect(history.map((h) => h.kind)).toEqual(['commented', 'commented', 'updated', 'created']);
    expect(await t.ok<{ issues: { key: string }[] }>(as.get(`/api/search?q=${g.second.key}`))).toMatchObject({
      issues: [{ key: g.second.key }],
    });
    expect(await issueCountOf(g.member.token, g.key)).toBe(3);

    const again = await restoreIssue(g.lead.token, g.second.id);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'This issue is not deleted.' });
  });

  it('comes back to the end of the first column when its own column went meanwhile', async () => {
    const g = await givenIssueWithEverything();
    const review = await t.ok<{ id: string }>(
      t.as(g.lead.token).post(`/api/boards/${g.board.id}/columns`, { name: 'Review' }),
    );
    const moved = await t.ok<{ issues: IssueDto[] }>(
      t.as(g.member.token).put(`/api/issues/${g.first.id}/position`, {
        sourceColumnId: g.column('To Do').id,
        destinationColumnId: review.id,
        position: 0,
        boardId: g.board.id,
      }),
    );
    expect(moved.issues[0]!.columnId).toBe(review.id);
    expect(await status(t.as(g.lead.token).delete(`/api/issues/${g.first.id}`))).toBe(204);
    expect(await status(t.as(g.lead.token).delete(`/api/columns/${review.id}`))).toBe(204);
    const restored = await t.ok<IssueWriteResult>(restoreIssue(g.lead.token, g.first.id));
    expect(restored).toMatchObject({ columnId: g.column('To Do').id, status: 'TODO' });
    expect(titlesByColumn(await g.fetchBoard())['To Do']).toEqual(['Second', 'Third', 'First']);
  });

  it('is purged a while after its undo window: its restore answers 404 from then on', async () => {
    const g = await givenIssueWithEverything();
    expect(await status(t.as(g.lead.token).delete(`/api/issues/${g.first.id}`))).toBe(204);
    expect(await status(t.as(g.lead.token).delete(`/api/issues/${g.second.id}`))).toBe(204);
    later += 69_000;
    await purge();
    expect(await status(restoreIssue(g.lead.token, g.first.id))).toBe(200);
    later += 2_000;
    await purge();
    const gone = await restoreIssue(g.lead.token, g.second.id);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ message: 'Issue not found' });
    expect(titlesByColumn(await g.fetchBoard())['To Do']).toEqual(['First', 'Third']);
  });

  it('comes back unassigned when its assignee left the project meanwhile', async () => {
    const g = await givenIssueWithEverything();
    for (const issue of [g.first, g.second])
      await t.ok(t.as(g.lead.token).patch(`/api/issues/${issue.id}`, { assigneeId: g.member.user.id }));
    expect(await status(t.as(g.lead.token).delete(`/api/issues/${g.second.id}`))).toBe(204);
    await t.ok(t.as(g.lead.token).delete(`/api/projects/${g.key}/members/${g.member.user.id}`));
    await until(
      async () => (await t.ok<IssueDto>(t.as(g.lead.token).get(`/api/issues/${g.first.id}`))).assigneeId === null,
      'the issue on the board was unassigned',
    );
    expect(await t.ok<IssueWriteResult>(restoreIssue(g.lead.token, g.second.id))).toMatchObject({ assigneeId: null });
  });

  it('is restored only on a project that is not archived', async () => {
    const g = await givenIssueWithEverything();
    expect(await status(t.as(g.lead.token).delete(`/api/issues/${g.first.id}`))).toBe(204);
    await t.ok(t.as(g.lead.token).post(`/api/projects/${g.key}/archive`));
    const refused = await restoreIssue(g.lead.token, g.first.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: 'This project is archived.' });
  });
});

describe('a deleted comment', () => {
  it('leaves the thread and the count with its replies; its restore brings them all back', async () => {
    const g = await givenIssueWithEverything();
    const thread = () => t.ok<CommentDto[]>(t.as(g.member.token).get(`/api/issues/${g.second.id}/comments`));
    const [comment] = await thread();
    const reply = comment!.replies[0]!;

    expect(await status(t.as(g.member.token).delete(`/api/comments/${comment!.id}`))).toBe(204);
    expect(await thread()).toEqual([]);
    expect((await t.ok<IssueDto>(t.as(g.member.token).get(`/api/issues/${g.second.id}`))).commentCount).toBe(0);
    expect(await status(t.as(g.lead.token).put(`/api/comments/${reply.id}`, { body: 'edited' }))).toBe(404);
    const answer = await t
      .as(g.member.token)
      .post(`/api/issues/${g.second.id}/comments`, { body: 'late', parentCommentId: comment!.id });
    expect(answer.status).toBe(400);
    // A reply of the deleted comment comes back only with it.
    const orphan = await restoreComment(g.lead.token, reply.id);
    expect(orphan.status).toBe(409);
    expect(await orphan.json()).toEqual({ message: 'The comment this replies to is deleted: restore it first.' });

    const restored = await t.ok<CommentDto>(restoreComment(g.member.token, comment!.id));
    expect(restored).toMatchObject({ id: comment!.id, body: 'Needs a look' });
    expect((await thread()).map((c) => [c.body, c.replies.map((r) => r.body)])).toEqual([['Needs a look', ['On it']]]);
    expect((await t.ok<IssueDto>(t.as(g.member.token).get(`/api/issues/${g.second.id}`))).commentCount).toBe(2);
    const again = await restoreComment(g.member.token, comment!.id);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'This comment is not deleted.' });
  });

  it('deleted on its own, a reply comes back on its own', async () => {
    const g = await givenIssueWithEverything();
    const thread = () => t.ok<CommentDto[]>(t.as(g.member.token).get(`/api/issues/${g.second.id}/comments`));
    const reply = (await thread())[0]!.replies[0]!;
    expect(await status(t.as(g.lead.token).delete(`/api/comments/${reply.id}`))).toBe(204);
    expect((await thread())[0]!.replies).toEqual([]);
    expect(await status(restoreComment(g.lead.token, reply.id))).toBe(200);
    expect((await thread())[0]!.replies.map((r) => r.body)).toEqual(['On it']);
  });

  it('is purged a while after its undo window: its restore answers 404 from then on', async () => {
    const g = await givenIssueWithEverything();
    const [comment] = await t.ok<CommentDto[]>(t.as(g.member.token).get(`/api/issues/${g.second.id}/comments`));
    expect(await status(t.as(g.member.token).delete(`/api/comments/${comment!.id}`))).toBe(204);
    later += 71_000;
    await purge();
    const gone = await restoreComment(g.member.token, comment!.id);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ message: 'Comment not found' });
  });

  it('of a deleted issue is not restored on its own', async () => {
    const g = await givenIssueWithEverything();
    const [comment] = await t.ok<CommentDto[]>(t.as(g.member.token).get(`/api/issues/${g.second.id}/comments`));
    expect(await status(t.as(g.member.token).delete(`/api/comments/${comment!.id}`))).toBe(204);
    expect(await status(t.as(g.lead.token).delete(`/api/issues/${g.second.id}`))).toBe(204);
    expect(await status(restoreComment(g.member.token, comment!.id))).toBe(404);
  });
});

describe('a restore', () => {
  it('of a malformed id is a 400 naming it', async () => {
    const g = await givenBoard(t);
    for (const path of ['/api/issues/abc/restore', '/api/comments/0/restore']) {
      const res = await t.as(g.lead.token).post(path);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/^id: /);
    }
  });
});
