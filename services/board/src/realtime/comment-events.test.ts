import type { BoardUpdatedEvent, CommentChangedEvent, CommentDto, IssueDto } from '@trackboard/contracts';
import { givenBoard } from '../testing/given-board';
import { connect, join, nextEvent } from './testing/in-process';
import { replicasForSuite } from './testing/replicas';

// Live comments: a comment added, edited, reacted to or deleted through one board
// replica reaches a socket on the other replica (the Redis adapter), as comment_changed, and a
// change of the count as board_updated with the issue. Two replicas over one database and a
// real Redis (testing/replicas.ts); the requests go through the platform (replica A), the
// watching socket sits on replica B.

const replicas = replicasForSuite();

describe('comment events across replicas', () => {
  it('reach a socket on the other replica for each comment change, with the count', async () => {
    const g = await givenBoard(replicas.t);
    const issue = await g.addIssue('To Do', 'discussed');
    const watcher = await connect(replicas.b, g.lead);
    expect(await join(watcher, g.board.id)).toEqual({ ok: true });
    const about = (e: CommentChangedEvent) => e.issueId === issue.id;
    const as = replicas.t.as(g.member.token);

    let changed = nextEvent<CommentChangedEvent>(watcher, 'comment_changed', about);
    const counted = nextEvent<BoardUpdatedEvent>(watcher, 'board_updated', (e) => e.boardId === g.board.id);
    const comment = await replicas.t.ok<CommentDto>(as.post(`/api/issues/${issue.id}/comments`, { body: 'first' }));
    expect(await changed).toEqual({ boardId: g.board.id, issueId: issue.id, commentCount: 1 });
    expect((await counted).issues).toEqual([expect.objectContaining({ id: issue.id, commentCount: 1 })]);

    changed = nextEvent(watcher, 'comment_changed', about);
    await replicas.t.ok(as.put(`/api/comments/${comment.id}`, { body: 'edited' }));
    expect(await changed).toMatchObject({ issueId: issue.id, commentCount: 1 });

    changed = nextEvent(watcher, 'comment_changed', about);
    await replicas.t.ok(replicas.t.as(g.lead.token).post(`/api/comments/${comment.id}/reactions`, { type: 'heart' }));
    expect(await changed).toMatchObject({ issueId: issue.id, commentCount: 1 });

    changed = nextEvent(watcher, 'comment_changed', about);
    const uncounted = nextEvent<BoardUpdatedEvent<IssueDto>>(
      watcher,
      'board_updated',
      (e) => e.boardId === g.board.id && e.issues.some((i) => (i as IssueDto).commentCount === 0),
    );
    expect((await as.delete(`/api/comments/${comment.id}`)).status).toBe(204);
    expect(await changed).toMatchObject({ issueId: issue.id, commentCount: 0 });
    expect((await uncounted).issues[0]).toMatchObject({ id: issue.id, commentCount: 0 });
  });

  it('do not reach a socket outside the board’s room', async () => {
    const [g, other] = [await givenBoard(replicas.t), await givenBoard(replicas.t)];
    const issue = await g.addIssue('To Do', 'private');
    const [inRoom, elsewhere] = [await connect(replicas.b, g.lead), await connect(replicas.b, other.lead)];
    expect(await join(inRoom, g.board.id)).toEqual({ ok: true });
    expect(await join(elsewhere, other.board.id)).toEqual({ ok: true });
    const stray: unknown[] = [];
    elsewhere.on('comment_changed', (e) => stray.push(e));
    const heard = nextEvent<CommentChangedEvent>(inRoom, 'comment_changed', (e) => e.issueId === issue.id);
    await replicas.t.ok(replicas.t.as(g.member.token).post(`/api/issues/${issue.id}/comments`, { body: 'hi' }));
    await heard;
    // A marker from the same replica, after the comment: once it is in, a stray event would be too.
    const marker = nextEvent<BoardUpdatedEvent>(elsewhere, 'board_updated', (e) => e.boardId === other.board.id);
    await other.addIssue('To Do', 'marker');
    await marker;
    expect(stray).toEqual([]);
  });
});
