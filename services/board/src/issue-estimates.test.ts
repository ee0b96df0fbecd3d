import type { BoardDto, IssueActivityDto, IssueDto } from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard, issuesOf, type GivenBoard } from './testing/given-board';
import { listenToEvents, type EventListener } from './testing/domain-events';
import { recordEvents } from './testing/recorded-events';

// Estimates: a value of the project's scale (set by its lead in the project service, read here
// from project_directory), checked on PATCH, recorded in the history and the events, and carried
// by the board's answer with the scale itself.
let t: TestPlatform;
let events: EventListener;
let rooms: ReturnType<typeof recordEvents>;
beforeAll(async () => {
  t = await createTestPlatform();
  events = listenToEvents(t);
  rooms = recordEvents(t);
});
afterAll(() => t.close());

const setScale = (g: GivenBoard, estimateScale: string) =>
  t.ok(t.as(g.lead.token).put(`/api/projects/${g.key}`, { estimateScale }));
const patch = (g: GivenBoard, issue: { id: string }, body: unknown) =>
  t.as(g.member.token).patch(`/api/issues/${issue.id}`, body);
const refusal = async (res: Response) => ({ status: res.status, body: await res.json() });
const current = (g: GivenBoard, issue: { id: string }) =>
  t.ok<IssueDto>(t.as(g.member.token).get(`/api/issues/${issue.id}`));

describe('an estimate', () => {
  it('is refused while the project uses no estimates; clearing is always allowed', async () => {
    const g = await givenBoard(t);
    const issue = await g.addIssue('To Do', 'Plain');
    expect(issue.estimate).toBeNull();
    expect(await refusal(await patch(g, issue, { estimate: 3, title: 'changed' }))).toEqual({
      status: 400,
      body: {
        message:
          "estimate: must be null while the project uses no estimates (its lead can turn them on in the project's settings)",
      },
    });
    expect(await current(g, issue)).toMatchObject({ title: 'Plain', estimate: null, version: issue.version });
    expect((await t.ok<IssueDto>(patch(g, issue, { estimate: null }))).estimate).toBeNull();
  });

  it('takes the values of the scale only, naming the field, and writes nothing otherwise', async () => {
    const g = await givenBoard(t);
    await setScale(g, 'points');
    const issue = await g.addIssue('To Do', 'Sized');
    for (const estimate of [4, 0, -1, 13, 100000]) {
      expect({ estimate, ...(await refusal(await patch(g, issue, { estimate, title: 'changed' }))) }).toEqual({
        estimate,
        status: 400,
        body: { message: 'estimate: must be 1, 2, 3, 5 or 8, or null' },
      });
    }
    for (const estimate of [2.5, '3', true]) {
      const { status, body } = await refusal(await patch(g, issue, { estimate }));
      expect({ estimate, status, message: (body as { message: string }).message }).toEqual({
        estimate,
        status: 400,
        message: expect.stringMatching(/^estimate: must be a whole number/),
      });
    }
    expect(await current(g, issue)).toMatchObject({ title: 'Sized', estimate: null });
    for (const estimate of [1, 2, 3, 5, 8])
      expect((await t.ok<IssueDto>(patch(g, issue, { estimate }))).estimate).toBe(estimate);
    expect((await t.ok<IssueDto>(patch(g, issue, { estimate: null }))).estimate).toBeNull();

    await setScale(g, 'tshirt');
    expect(await refusal(await patch(g, issue, { estimate: 4 }))).toEqual({
      status: 400,
      body: { message: 'estimate: must be 1, 2, 3, 5 or 8 (XS, S, M, L or XL), or null' },
    });
    expect((await t.ok<IssueDto>(patch(g, issue, { estimate: 3 }))).estimate).toBe(3);
  });

  it('is a row of the history, shown as the scale shows it then', async () => {
    const g = await givenBoard(t);
    await setScale(g, 'tshirt');
    const issue = await g.addIssue('To Do', 'History');
    await t.ok(patch(g, issue, { estimate: 3 }));
    await t.ok(patch(g, issue, { estimate: 3, title: 'History' })); // nothing changes
    await t.ok(patch(g, issue, { estimate: 8 }));
    await setScale(g, 'points');
    await t.ok(patch(g, issue, { estimate: null }));
    const rows = await t.ok<IssueActivityDto[]>(t.as(g.member.token).get(`/api/issues/${issue.id}/activity`));
    expect(
      rows
        .filter((r) => r.field === 'estimate')
        .map(({ kind, field, from, to }) => ({ kind, field, from, to }))
        .reverse(),
    ).toEqual([
      { kind: 'updated', field: 'estimate', from: null, to: 'M' },
      { kind: 'updated', field: 'estimate', from: 'M', to: 'XL' },
      { kind: 'updated', field: 'estimate', from: '8', to: null },
    ]);
  });

  it('is told in issue.updated, in its details and changes, and to the board room', async () => {
    const g = await givenBoard(t);
    await setScale(g, 'points');
    const issue = await g.addIssue('To Do', 'Evented');
    const mark = await events.mark();
    const patched = await t.ok<IssueDto>(patch(g, issue, { estimate: 5 }));
    const [updated] = (await events.of(mark, 'issue.updated')).filter((e) => e.issueId === issue.id);
    expect(updated).toMatchObject({
      fields: ['estimate'],
      issue: { id: issue.id, estimate: 5 },
      changes: { estimate: { from: null, to: 5 } },
    });
    expect(Object.keys(updated!.changes ?? {})).toEqual(['estimate']);
    expect(rooms.of(g.board.id).at(-1)!.issues[0]).toMatchObject({ id: issue.id, estimate: 5 });

    // A move's event is made in SQL (board.place_issue_at): its details carry the estimate too.
    const moved = await events.mark();
    await t.ok(
      t.as(g.member.token).put(`/api/issues/${issue.id}/position`, {
        sourceColumnId: g.column('To Do').id,
        destinationColumnId: g.column('Done').id,
        position: 0,
        boardId: g.board.id,
      }),
    );
    const [move] = (await events.of(moved, 'issue.moved')).filter((e) => e.issueId === issue.id);
    expect(move).toMatchObject({ issue: { estimate: 5 } });
    expect(Object.keys(move!.changes ?? {})).not.toContain('estimate');
    expect(patched.version).toBeGreaterThan(issue.version);
  });

  it('is no conflict when the edit began from it as it is', async () => {
    const g = await givenBoard(t);
    await setScale(g, 'points');
    const issue = await g.addIssue('To Do', 'Raced');
    await t.ok(t.as(g.lead.token).patch(`/api/issues/${issue.id}`, { title: 'Raced by the lead' }));
    const res = await patch(g, issue, { estimate: 2, version: issue.version, base: { estimate: null } });
    expect(res.status).toBe(200);
    const stale = await patch(g, issue, { estimate: 3, version: issue.version, base: { estimate: null } });
    expect(stale.status).toBe(409);
    expect((await current(g, issue)).estimate).toBe(2);
  });
});

describe('the board answer', () => {
  it('carries each issue’s estimate and the project’s scale, a change of the scale included', async () => {
    const g = await givenBoard(t);
    const [a, b] = [await g.addIssue('To Do', 'a'), await g.addIssue('To Do', 'b')];
    const before = await g.fetchBoard();
    expect(before.estimateScale).toBe('none');
    expect(issuesOf(before).map((i) => i.estimate)).toEqual([null, null]);
    await setScale(g, 'points');
    // The remembered answer is keyed by the scale too: no board write changed meanwhile.
    expect((await g.fetchBoard()).estimateScale).toBe('points');
    await t.ok(patch(g, a, { estimate: 8 }));
    const board: BoardDto = await g.fetchBoard();
    expect(issuesOf(board).map((i) => [i.id, i.estimate])).toEqual([
      [a.id, 8],
      [b.id, null],
    ]);
    await setScale(g, 'none');
    const off = await g.fetchBoard();
    // Turning estimates off keeps them: the board shows none while the scale is 'none'.
    expect({ scale: off.estimateScale, a: issuesOf(off)[0]!.estimate }).toEqual({ scale: 'none', a: 8 });
  });
});
