import type { Socket as ClientSocket } from 'socket.io-client';
import type { BoardDto, BoardUpdatedEvent, IssueDto } from '@trackboard/contracts';
import { givenBoard, givenBoardPeople } from '../testing/given-board';
import { connect, join, nextEvent } from './testing/in-process';
import { replicasForSuite } from './testing/replicas';

// A card that shows another issue's state — the blocked mark, a parent's sub-issues done — changes
// live when that issue is on another board: that board's room hears it at a version of its own,
// through the Redis adapter to a socket on the other replica.

const replicas = replicasForSuite();

/** The next board_updated the socket receives that carries this issue, and the issue's card in it. */
async function nextCard(socket: ClientSocket, issueId: string): Promise<{ event: BoardUpdatedEvent; card: IssueDto }> {
  const carries = (event: BoardUpdatedEvent) => (event.issues as IssueDto[]).find((issue) => issue.id === issueId);
  const event = await nextEvent<BoardUpdatedEvent>(socket, 'board_updated', (e) => !!carries(e));
  return { event, card: carries(event)! };
}

describe('cards on another board', () => {
  it('show a blocker from another project being linked, finished, opened again and unlinked', async () => {
    const people = await givenBoardPeople(replicas.t);
    const [here, there] = [await givenBoard(replicas.t, people), await givenBoard(replicas.t, people)];
    const blocker = await here.addIssue('To Do', 'Blocker');
    const blocked = await there.addIssue('To Do', 'Waits');
    const watcher = await connect(replicas.b, people.member);
    expect(await join(watcher, there.board.id)).toEqual({ ok: true });
    const as = replicas.t.as(people.member.token);
    const versionOfThere = async () => (await replicas.t.ok<BoardDto>(as.get(`/api/boards/${there.board.id}`))).version;

    let heard = nextCard(watcher, blocked.id);
    const link = await replicas.t.ok<{ id: string }>(
      as.post(`/api/issues/${blocker.id}/relations`, { type: 'blocks', issueKey: blocked.key }),
    );
    const linked = await heard;
    expect(linked.card.blocked).toBe(true);
    expect(linked.event.version).toBe(await versionOfThere());

    heard = nextCard(watcher, blocked.id);
    const moveTo = (column: string) =>
      replicas.t.ok(
        as.put(`/api/issues/${blocker.id}/position`, {
          sourceColumnId: blocker.columnId,
          destinationColumnId: here.column(column).id,
          position: 0,
          boardId: here.board.id,
        }),
      );
    await moveTo('Done');
    expect((await heard).card.blocked).toBe(false);

    // Opened again by an edit of its column rather than a move.
    heard = nextCard(watcher, blocked.id);
    await replicas.t.ok(as.patch(`/api/issues/${blocker.id}`, { columnId: here.column('To Do').id }));
    expect((await heard).card.blocked).toBe(true);

    heard = nextCard(watcher, blocked.id);
    expect((await as.delete(`/api/issues/${blocker.id}/relations/${link.id}`)).status).toBe(204);
    expect((await heard).card.blocked).toBe(false);
  });

  it('tell both ends of a link made or removed, each as updated, so a dialog open on either reads its links again', async () => {
    const people = await givenBoardPeople(replicas.t);
    const [here, there] = [await givenBoard(replicas.t, people), await givenBoard(replicas.t, people)];
    const from = await here.addIssue('To Do', 'Relates');
    const to = await there.addIssue('To Do', 'Related');
    const [watchHere, watchThere] = [await connect(replicas.b, people.member), await connect(replicas.b, people.lead)];
    expect(await join(watchHere, here.board.id)).toEqual({ ok: true });
    expect(await join(watchThere, there.board.id)).toEqual({ ok: true });
    const as = replicas.t.as(people.member.token);

    let heard = [nextCard(watchHere, from.id), nextCard(watchThere, to.id)];
    const link = await replicas.t.ok<{ id: string }>(
      as.post(`/api/issues/${from.id}/relations`, { type: 'relates', issueKey: to.key }),
    );
    const [fromCard, toCard] = (await Promise.all(heard)).map((h) => h.card);
    expect(fromCard!.updatedAt > from.updatedAt && toCard!.updatedAt > to.updatedAt).toBe(true);

    heard = [nextCard(watchHere, from.id), nextCard(watchThere, to.id)];
    expect((await as.delete(`/api/issues/${to.id}/relations/${link.id}`)).status).toBe(204);
    const [fromAgain, toAgain] = (await Promise.all(heard)).map((h) => h.card);
    expect(fromAgain!.updatedAt > fromCard!.updatedAt && toAgain!.updatedAt > toCard!.updatedAt).toBe(true);
  });

  it('show a parent on another board of its project its sub-issues done, and one deleted', async () => {
    const g = await givenBoard(replicas.t);
    const as = replicas.t.as(g.lead.token);
    const second = await replicas.t.ok<BoardDto>(as.post(`/api/projects/${g.project.id}/boards`, { name: 'Second' }));
    const parent = await g.addIssue('To Do', 'Epic');
    const child = await replicas.t.ok<IssueDto>(
      as.post('/api/issues', { projectId: g.project.id, columnId: second.columns[0]!.id, title: 'Part' }),
    );
    const watcher = await connect(replicas.b, g.member);
    expect(await join(watcher, g.board.id)).toEqual({ ok: true });

    let heard = nextCard(watcher, parent.id);
    await replicas.t.ok(as.put(`/api/issues/${child.id}/parent`, { parentId: parent.id }));
    expect((await heard).card).toMatchObject({ subIssueCount: 1, subIssuesDone: 0 });

    heard = nextCard(watcher, parent.id);
    const done = second.columns.find((c) => c.name === 'Done')!;
    await replicas.t.ok(as.patch(`/api/issues/${child.id}`, { columnId: done.id }));
    expect((await heard).card).toMatchObject({ subIssueCount: 1, subIssuesDone: 1 });

    heard = nextCard(watcher, parent.id);
    expect((await as.delete(`/api/issues/${child.id}`)).status).toBe(204);
    expect((await heard).card).toMatchObject({ subIssueCount: 0, subIssuesDone: 0 });

    heard = nextCard(watcher, parent.id);
    await replicas.t.ok(as.post(`/api/issues/${child.id}/restore`));
    expect((await heard).card).toMatchObject({ subIssueCount: 1, subIssuesDone: 1 });
  });
});
