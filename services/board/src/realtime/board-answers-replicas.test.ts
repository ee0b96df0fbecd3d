import type { BoardDto, BoardUpdatedEvent, IssueDto } from '@trackboard/contracts';
import { givenBoard, issuesOf } from '../testing/given-board';
import { connect, join, nextEvent } from './testing/in-process';
import { replicasForSuite } from './testing/replicas';

// Each replica keeps the boards it answered up to date with the changes other replicas make: a
// change made through replica A reaches replica B over Redis before B's sockets hear it, and B's
// next fetch of the board answers from its cards, equal to A's, without reading the issue rows.

let recording: string[] | null = null;
const replicas = replicasForSuite({ onQuery: (query) => recording?.push(query) });

const fetchFrom = async (replica: typeof replicas.a, token: string, boardId: string) => {
  const res = await replica.app.request(`/api/boards/${boardId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return res.json() as Promise<BoardDto>;
};

it("answers a board after another replica's changes from the cards it keeps", async () => {
  const g = await givenBoard(replicas.t);
  const issues: IssueDto[] = [];
  for (const title of ['one', 'two', 'three']) issues.push(await g.addIssue('To Do', title));
  await fetchFrom(replicas.b, g.member.token, g.board.id);
  const watcher = await connect(replicas.b, g.member);
  expect(await join(watcher, g.board.id)).toEqual({ ok: true });

  // Listening before each change is made: the event may arrive before the change's answer.
  const heard = () => nextEvent<BoardUpdatedEvent>(watcher, 'board_updated', () => true);
  const movedHeard = heard();
  await replicas.t.ok(
    replicas.t.as(g.member.token).put(`/api/issues/${issues[2]!.id}/position`, {
      sourceColumnId: g.column('To Do').id,
      destinationColumnId: g.column('Done').id,
      position: 0,
      boardId: g.board.id,
    }),
  );
  await movedHeard;
  const edited = heard();
  await replicas.t.ok(replicas.t.as(g.member.token).patch(`/api/issues/${issues[0]!.id}`, { title: 'one, edited' }));
  const last = await edited;

  recording = [];
  const onB = await fetchFrom(replicas.b, g.member.token, g.board.id);
  const reads = recording.filter((s) => /row_number\(\) over/i.test(s));
  recording = null;
  expect(reads).toEqual([]);
  expect(onB.version).toBe(last.version);
  expect(issuesOf(onB).map((i) => [i.title, i.status, i.position])).toEqual([
    ['one, edited', 'TODO', 0],
    ['two', 'TODO', 1],
    ['three', 'DONE', 0],
  ]);
  expect(onB).toEqual(await fetchFrom(replicas.a, g.member.token, g.board.id));
});
