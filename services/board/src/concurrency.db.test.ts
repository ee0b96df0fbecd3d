import type { BoardDto, IssueDto, MoveResult, ProjectDto } from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard, issuesOf, type GivenBoard } from './testing/given-board';

// Requests racing on one board: moves, and deletes of a project's last two boards or a board's
// last two columns. Each runs under row locks (the board's; all the project's boards for a board
// delete), so no move is lost or done twice and the last board or column stays. PGlite's one
// connection runs them one after another; PostgreSQL (server-pg) runs them side by side.
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());
// Hundreds of requests that queue for one board's lock, each answered through the whole platform:
// seconds alone, over jest's 30 s beside a full run's other workers.
const MANY_MOVES_LIMIT_MS = 120_000;

describe('several boards per project', () => {
  const boardsOf = async (g: GivenBoard) =>
    (await t.ok<ProjectDto>(t.as(g.member.token).get(`/api/projects/${g.key}`))).boards;
  const addBoard = (g: GivenBoard, name: string, token = g.lead.token) =>
    t.ok<BoardDto>(t.as(token).post(`/api/projects/${g.project.id}/boards`, { name }));

  it('keeps one board when the last two are deleted at once', async () => {
    const g = await givenBoard(t);
    const second = await addBoard(g, 'Second');
    const statuses = await Promise.all(
      [g.board.id, second.id].map(async (id) => (await t.as(g.lead.token).delete(`/api/boards/${id}`)).status),
    );
    expect(statuses.sort()).toEqual([204, 400]);
    expect(await boardsOf(g)).toHaveLength(1);
  });
});

describe('the last column', () => {
  it('stays when two deletes of the last two columns race (the check runs under the board lock)', async () => {
    const g = await givenBoard(t);
    await t.as(g.lead.token).delete(`/api/columns/${g.column('Done').id}`);
    const answers = await Promise.all(
      ['To Do', 'In Progress'].map((name) => t.as(g.lead.token).delete(`/api/columns/${g.column(name).id}`)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([204, 400]);
    expect((await g.fetchBoard()).columns).toHaveLength(1);
  });
});

describe('moving issues', () => {
  it(
    'keeps every column gap-free and loses nothing under 200 concurrent random moves',
    async () => {
      const g = await givenBoard(t);
      const ids: string[] = [];
      for (let i = 0; i < 30; i++)
        ids.push((await g.addIssue(['To Do', 'In Progress', 'Done'][i % 3]!, `issue ${i}`)).id);
      const before = (await g.fetchBoard()).version;
      const columnIds = g.board.columns.map((c) => c.id);
      let seed = 7;
      const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
      const moves = Array.from({ length: 200 }, () => ({
        id: ids[random(ids.length)]!,
        destinationColumnId: columnIds[random(columnIds.length)]!,
        position: random(15),
        by: random(2) ? g.member.token : g.lead.token,
      }));
      const answers = await Promise.all(
        moves.map((m) =>
          t.as(m.by).put(`/api/issues/${m.id}/position`, {
            sourceColumnId: columnIds[0],
            destinationColumnId: m.destinationColumnId,
            position: m.position,
            boardId: g.board.id,
          }),
        ),
      );
      expect(answers.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
      const board = await g.fetchBoard();
      expect(board.version).toBe(before + 200);
      expect(
        issuesOf(board)
          .map((i) => i.id)
          .sort(),
      ).toEqual([...ids].sort());
      for (const column of board.columns) {
        expect(column.issues.map((i) => i.position)).toEqual(column.issues.map((_, i) => i));
        expect(
          column.issues.every(
            (i) => i.status === { 'To Do': 'TODO', 'In Progress': 'IN_PROGRESS', Done: 'DONE' }[column.name],
          ),
        ).toBe(true);
      }
    },
    MANY_MOVES_LIMIT_MS,
  );

  it(
    'finishes 50 concurrent moves into the same slot, each once',
    async () => {
      const g = await givenBoard(t);
      const anchors = [await g.addIssue('Done', 'first'), await g.addIssue('Done', 'last')];
      const movers: IssueDto[] = [];
      for (let i = 0; i < 50; i++) movers.push(await g.addIssue('To Do', `mover ${i}`));
      const before = (await g.fetchBoard()).version;
      const answers = await Promise.all(
        movers.map((m) =>
          t.as(m.id.length % 2 ? g.member.token : g.lead.token).put(`/api/issues/${m.id}/position`, {
            sourceColumnId: g.column('To Do').id,
            destinationColumnId: g.column('Done').id,
            position: 1,
            boardId: g.board.id,
          }),
        ),
      );
      expect(answers.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
      const versions = (await Promise.all(answers.map((r) => r.json() as Promise<MoveResult>))).map((r) => r.version);
      expect(versions.sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => before + 1 + i));
      const done = (await g.fetchBoard()).columns.find((c) => c.name === 'Done')!;
      expect(done.issues.map((i) => i.position)).toEqual(done.issues.map((_, i) => i));
      expect([done.issues[0]!.id, done.issues.at(-1)!.id]).toEqual(anchors.map((a) => a.id));
      expect(
        done.issues
          .slice(1, -1)
          .map((i) => i.id)
          .sort(),
      ).toEqual(movers.map((m) => m.id).sort());
    },
    MANY_MOVES_LIMIT_MS,
  );
});
