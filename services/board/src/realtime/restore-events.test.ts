import type { Socket as ClientSocket } from 'socket.io-client';
import type { BoardUpdatedEvent, CommentChangedEvent, CommentDto, IssueDto } from '@trackboard/contracts';
import { redisForTests, type TestRedis } from '@trackboard/test-platform/redis';
import { givenBoard } from '../testing/given-board';
import { closeAll, connect, join } from './testing/in-process';
import { startReplicas, type Replicas } from './testing/replicas';

// Undoing a delete reaches every open board: the restore is announced to the board room like any
// board write, through the Redis adapter to a socket on the other replica. The requests go through
// the platform (replica A); the watching socket sits on replica B.

let redis: TestRedis;
let replicas: Replicas;
beforeAll(async () => {
  redis = await redisForTests();
  replicas = await startReplicas(redis.url);
});
afterAll(async () => {
  await closeAll();
  await replicas?.close();
  await redis?.stop();
});

/** Resolves with the next event of that name the socket receives that matches. */
function next<T>(socket: ClientSocket, name: string, matches: (event: T) => boolean): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} arrived`)), 10_000);
    const listener = (event: T) => {
      if (!matches(event)) return;
      clearTimeout(timer);
      socket.off(name, listener);
      resolve(event);
    };
    socket.on(name, listener);
  });
}

describe('undoing a delete', () => {
  it('brings the issue back to a board open on the other replica, where it was', async () => {
    const g = await givenBoard(replicas.t);
    const [, doomed] = [await g.addIssue('To Do', 'kept'), await g.addIssue('To Do', 'doomed')];
    const watcher = await connect(replicas.b, g.member);
    expect(await join(watcher, g.board.id)).toEqual({ ok: true });
    const as = replicas.t.as(g.lead.token);

    const removed = next<BoardUpdatedEvent>(watcher, 'board_updated', (e) => !!e.removedIssueIds?.includes(doomed.id));
    expect((await as.delete(`/api/issues/${doomed.id}`)).status).toBe(204);
    await removed;

    const back = next<BoardUpdatedEvent<IssueDto>>(watcher, 'board_updated', (e) =>
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

    const changed = next<CommentChangedEvent>(watcher, 'comment_changed', (e) => e.issueId === issue.id);
    const counted = next<BoardUpdatedEvent<IssueDto>>(watcher, 'board_updated', (e) =>
      e.issues.some((i) => (i as IssueDto).id === issue.id),
    );
    await replicas.t.ok(as.post(`/api/comments/${comment.id}/restore`));
    expect(await changed).toEqual({ boardId: g.board.id, issueId: issue.id, commentCount: 1 });
    expect((await counted).issues).toEqual([expect.objectContaining({ id: issue.id, commentCount: 1 })]);
  });
});
