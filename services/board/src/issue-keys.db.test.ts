import type { BoardDto, IssueDto, IssueWriteResult, MoveResult } from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard, issuesOf } from './testing/given-board';
import { recordEvents } from './testing/recorded-events';

// Issue keys: each issue gets the project's next number, from 1, never reused,
// and the key `{PROJECT_KEY}-{number}`; an issue is found by its key.
let t: TestPlatform;
let events: ReturnType<typeof recordEvents>;
beforeAll(async () => {
  t = await createTestPlatform();
  events = recordEvents(t);
});
afterAll(() => t.close());

describe('issue numbers and keys', () => {
  it('number each project’s issues from 1, on all its boards, and key them with the project key', async () => {
    const g = await givenBoard(t);
    const other = await givenBoard(t);
    const second = await t.ok<BoardDto>(
      t.as(g.lead.token).post(`/api/projects/${g.project.id}/boards`, { name: 'Two' }),
    );
    const a = await g.addIssue('To Do', 'a');
    const b = await t.ok<IssueDto>(
      t.as(g.member.token).post('/api/issues', {
        projectId: g.project.id,
        columnId: second.columns[0]!.id,
        title: 'b on the second board',
      }),
    );
    const c = await g.addIssue('Done', 'c');
    const elsewhere = await other.addIssue('To Do', 'x');
    expect([a, b, c].map((i) => [i.number, i.key])).toEqual([
      [1, `${g.key}-1`],
      [2, `${g.key}-2`],
      [3, `${g.key}-3`],
    ]);
    expect([elsewhere.number, elsewhere.key]).toEqual([1, `${other.key}-1`]);
  });

  it('are never reused once an issue is deleted', async () => {
    const g = await givenBoard(t);
    await g.addIssue('To Do', 'one');
    const two = await g.addIssue('To Do', 'two');
    expect((await t.as(g.lead.token).delete(`/api/issues/${two.id}`)).status).toBe(204);
    expect((await g.addIssue('To Do', 'three')).key).toBe(`${g.key}-3`);
  });

  it('stay unique and gap-free under 50 concurrent creates on two boards of one project', async () => {
    const g = await givenBoard(t);
    const second = await t.ok<BoardDto>(
      t.as(g.lead.token).post(`/api/projects/${g.project.id}/boards`, { name: 'Two' }),
    );
    const columns = [g.column('To Do').id, second.columns[1]!.id];
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.as(i % 2 ? g.member.token : g.lead.token).post('/api/issues', {
          projectId: g.project.id,
          columnId: columns[i % 2],
          title: `racer ${i}`,
        }),
      ),
    );
    expect(answers.map((r) => r.status).filter((s) => s !== 201)).toEqual([]);
    const created = await Promise.all(answers.map((r) => r.json() as Promise<IssueWriteResult>));
    expect(created.map((i) => i.number).sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(created.map((i) => i.key)).size).toBe(50);
    for (const issue of created) expect(issue.key).toBe(`${g.key}-${issue.number}`);
  });

  it('are in the board fetch, in every answer and in board_updated', async () => {
    const g = await givenBoard(t);
    const a = await g.addIssue('To Do', 'a');
    expect(events.boardUpdates.at(-1)!.issues[0]).toMatchObject({ id: a.id, number: 1, key: `${g.key}-1` });
    expect(issuesOf(await g.fetchBoard())[0]).toMatchObject({ number: 1, key: `${g.key}-1` });
    const edited = await t.ok<IssueDto>(t.as(g.member.token).patch(`/api/issues/${a.id}`, { title: 'b' }));
    expect(edited.key).toBe(`${g.key}-1`);
    const moved = await t.ok<MoveResult>(
      t.as(g.member.token).put(`/api/issues/${a.id}/position`, {
        sourceColumnId: g.column('To Do').id,
        destinationColumnId: g.column('Done').id,
        position: 0,
        boardId: g.board.id,
      }),
    );
    expect(moved.issues[0]).toMatchObject({ number: 1, key: `${g.key}-1` });
    expect(events.boardUpdates.at(-1)!.issues[0]).toMatchObject({ key: `${g.key}-1` });
  });
});

describe('GET /issues/by-key/:key', () => {
  it('answers the issue as GET /issues/:id does, whatever the key’s case', async () => {
    const g = await givenBoard(t);
    await g.addIssue('To Do', 'first');
    const second = await g.addIssue('To Do', 'second');
    const byId = await t.ok<IssueDto>(t.as(g.member.token).get(`/api/issues/${second.id}`));
    expect(await t.ok(t.as(g.member.token).get(`/api/issues/by-key/${g.key}-2`))).toEqual(byId);
    expect(await t.ok(t.as(g.lead.token).get(`/api/issues/by-key/${g.key.toLowerCase()}-2`))).toEqual(byId);
    expect(await t.ok(t.as((await t.admin()).token).get(`/api/issues/by-key/${g.key}-2`))).toEqual(byId);
  });

  it('gives a non-member, and a key no issue has, the same 404', async () => {
    const g = await givenBoard(t);
    await g.addIssue('To Do', 'private');
    for (const [token, key] of [
      [g.outsider.token, `${g.key}-1`],
      [g.member.token, `${g.key}-99`],
      [g.member.token, 'NOSUCHKEY-1'],
    ] as const) {
      const res = await t.as(token).get(`/api/issues/by-key/${key}`);
      expect({ key, status: res.status, body: await res.json() }).toEqual({
        key,
        status: 404,
        body: { message: 'Issue not found' },
      });
    }
  });

  it('refuses a malformed key with a message naming it', async () => {
    const g = await givenBoard(t);
    for (const key of ['WEB', 'WEB-0', 'WEB-x', 'TOOLONGKEY1-1', '-1']) {
      const res = await t.as(g.member.token).get(`/api/issues/by-key/${key}`);
      expect({ key, status: res.status }).toEqual({ key, status: 400 });
      expect((await res.json()).message).toBe('key: must be a project key and a number, like WEB-12');
    }
  });
});
