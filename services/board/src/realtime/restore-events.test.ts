import type { BoardUpdatedEvent, CommentChangedEvent, CommentDto, IssueDto } from '@trackboard/contracts';
import { givenBoard } from '../testing/given-board';
import { connect, join, nextEvent } from './testing/in-process';
import { replicasForSuite } from './testing/replicas';

// Undoing a delete reaches every open board: the restore is announced to the board room like any
// board write, through the Redis adapter to a socket on the other replica. The requests go through
// the platform (replica A); the watching socket sits on replica B.

const replicas = replicasForSuite();

describe('undoing a delete', () => {
  it('brings the issue back to a board open on the other replica, where it was', async () => {
    const g = await givenBoard(replicas.t);
    const [, doomed] = [await g.addIssue('To Do', 'kept'), await g.addIssue('To Do', 'doomed')];
    const watcher = await connect(replicas.b, g.member);
    expect(await join(watcher, g.board.id)).toEqual({ ok: true });
    const as = replicas.t.as(g.lead.token);

    const removed = nextEvent<BoardUpdatedEvent>(
      watcher,
      'board_updated',
      (e) => !!e.removedIssueIds?.includes(doomed.id),
    );
    expect((await as.delete(`/api/issues/${doomed.id}`)).status).toBe(204);
    await removed;

    const back = nextEvent<BoardUpdatedEvent<IssueDto>>(watcher, 'board_updated', (e) =>
      e.issues.some((i) => (i as IssueDto).id === doomed.id),
    );
    await replicas.t.ok(as.post(`/api/issues/${doomed.id}/restore`));
    expect((await back).issues).toEqual([
      expect.objectContaining({ id: doomed.id, columnId: g.column('To Do').id, position: 1 }),
    ]);
  });

  it('brings the comment back to a dialog open on the other replica, with the count', async () => {
    const g = await givenBoard(replicas.t);
    const issue = await g.addIssue('To Do', 'discussed');
    const as = replicas.t.as(g.member.token);
    const comment = await replicas.t.ok<CommentDto>(as.post(`/api/issues/${issue.id}/comments`, { body: 'oops' }));
    expect((await as.delete(`/api/comments/${comment.id}`)).status).toBe(204);
    const watcher = await connect(replicas.b, g.lead);
    expect(await join(watcher, g.board.id)).toEqual({ ok: true });

    const changed = nextEvent<CommentChangedEvent>(watcher, 'comment_changed', (e) => e.issueId === issue.id);
    const counted = nextEvent<BoardUpdatedEvent<IssueDto>>(watcher, 'board_updated', (e) =>
      e.issues.some((i) => (i as IssueDto).id === issue.id),
    );
    await replicas.t.ok(as.post(`/api/comments/${comment.id}/restore`));
    expect(await changed).toEqual({ boardId: g.board.id, issueId: issue.id, commentCount: 1 });
    expect((await counted).issues).toEqual([expect.objectContaining({ id: issue.id, commentCount: 1 })]);
  });
});
