import type {
  BoardDto,
  IssueActivityDto,
  IssueDto,
  IssueWriteResult,
  MoveResult,
  ProjectDto,
  RelationDto,
  RelationListDto,
  SubIssuesDto,
} from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard, issuesOf, type GivenBoard } from './testing/given-board';

// Sub-issues (a parent in the same project) and relations between issues, across projects.
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

const card = (board: BoardDto, id: string) => issuesOf(board).find((issue) => issue.id === id)!;

async function givenIssues(count: number, g?: GivenBoard) {
  const at = g ?? (await givenBoard(t));
  const made: IssueDto[] = [];
  for (let i = 1; i <= count; i++) made.push(await at.addIssue('To Do', `Issue ${i}`));
  const as = (token = at.member.token) => t.as(token);
  const setParent = (child: IssueDto, parent: IssueDto | null) =>
    as().put(`/api/issues/${child.id}/parent`, { parentId: parent?.id ?? null });
  const relate = (from: IssueDto, type: string, to: { key: string }, token?: string) =>
    as(token).post(`/api/issues/${from.id}/relations`, { type, issueKey: to.key });
  const finish = (issue: IssueDto) =>
    t.ok<MoveResult>(
      as().put(`/api/issues/${issue.id}/position`, {
        sourceColumnId: issue.columnId,
        destinationColumnId: at.column('Done').id,
        position: 0,
        boardId: at.board.id,
      }),
    );
  return { ...at, issues: made, as, setParent, relate, finish };
}

describe('sub-issues', () => {
  it('lists an issue’s sub-issues with how many are finished, and cards show the count', async () => {
    const g = await givenIssues(4);
    const [epic, a, b, c] = g.issues as [IssueDto, IssueDto, IssueDto, IssueDto];
    for (const child of [a, b]) expect((await g.setParent(child, epic)).status).toBe(200);
    // The answer is a write's, at the version it made; the parent's card follows in a version of
    // its own, which every page applies (the page that set the parent too).
    const third = await t.ok<IssueWriteResult>(g.setParent(c, epic));
    expect(third).toMatchObject({ id: c.id, parentId: epic.id, rebalanced: [] });
    expect((await g.fetchBoard()).version).toBe(third.boardVersion + 1);
    // The move's answer, which the board room hears too, carries the parent's new count.
    const moved = await g.finish(b);
    expect(moved.issues.find((i) => i.id === epic.id)).toMatchObject({ subIssueCount: 3, subIssuesDone: 1 });
    const list = await t.ok<SubIssuesDto>(g.as().get(`/api/issues/${epic.id}/sub-issues`));
    expect(list.subIssues.map((s) => s.key)).toEqual([a.key, b.key, c.key]);
    expect(list.done).toBe(1);
    expect(list.parent).toBeNull();
    const board = await g.fetchBoard();
    expect(card(board, epic.id)).toMatchObject({ subIssueCount: 3, subIssuesDone: 1, parentId: null });
    expect(card(board, a.id).parentId).toBe(epic.id);
    const child = await t.ok<SubIssuesDto>(g.as().get(`/api/issues/${a.id}/sub-issues`));
    expect(child.parent).toMatchObject({ id: epic.id, key: epic.key, title: 'Issue 1' });
    const history = await t.ok<IssueActivityDto[]>(g.as().get(`/api/issues/${a.id}/activity`));
    expect(history[0]).toMatchObject({ field: 'parent', from: null, to: epic.key });
    // Moving the parent leaves its sub-issues where they are.
    await g.finish(epic);
    expect(card(await g.fetchBoard(), a.id).columnId).toBe(g.column('To Do').id);
  });

  it('refuses a parent in another project, a cycle, and a fourth level, naming parentId', async () => {
    const g = await givenIssues(4);
    const [one, two, three, four] = g.issues as [IssueDto, IssueDto, IssueDto, IssueDto];
    const elsewhere = await givenBoard(t, { lead: g.lead, member: g.member, outsider: g.outsider });
    const foreign = await elsewhere.addIssue('To Do', 'Elsewhere');
    const refusal = async (res: Response) => ({
      status: res.status,
      message: ((await res.json()) as { message: string }).message,
    });
    expect(await refusal(await g.setParent(one, foreign))).toEqual({
      status: 400,
      message: 'parentId: must be an issue of the same project',
    });
    expect(await refusal(await g.setParent(one, one))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^parentId: /),
    });
    await t.ok(g.setParent(two, one));
    await t.ok(g.setParent(three, two));
    expect(await refusal(await g.setParent(one, three))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/itself/),
    });
    expect(await refusal(await g.setParent(four, three))).toEqual({
      status: 400,
      message: 'parentId: sub-issues go at most 3 levels deep',
    });
    // A subtree moves whole: two levels under a top issue would make four.
    const top = await g.addIssue('To Do', 'Top');
    const under = await g.addIssue('To Do', 'Under');
    await t.ok(g.setParent(under, top));
    expect((await g.setParent(top, two)).status).toBe(400);
    // Back to the top level.
    expect((await t.ok<IssueDto>(g.setParent(three, null))).parentId).toBeNull();
  });
});

describe('relations', () => {
  it('marks an issue blocked while a blocker is open, and reads each link from both ends', async () => {
    const g = await givenIssues(3);
    const [blocker, blocked, other] = g.issues as [IssueDto, IssueDto, IssueDto];
    const made = await t.ok<RelationDto>(g.relate(blocker, 'blocks', blocked));
    expect(made).toMatchObject({ type: 'blocks', issue: { key: blocked.key, status: 'TODO' } });
    expect(card(await g.fetchBoard(), blocked.id).blocked).toBe(true);
    const seenFromBlocked = await t.ok<RelationListDto>(g.as().get(`/api/issues/${blocked.id}/relations`));
    expect(seenFromBlocked).toEqual({
      relations: [{ id: made.id, type: 'blocked_by', issue: expect.objectContaining({ key: blocker.key }) }],
      hidden: 0,
    });

    // blocked_by is stored as the other's blocks.
    await t.ok(g.relate(other, 'blocked_by', blocker));
    const fromBlocker = await t.ok<RelationListDto>(g.as().get(`/api/issues/${blocker.id}/relations`));
    expect(fromBlocker.relations.map((r) => [r.type, r.issue.key])).toEqual([
      ['blocks', blocked.key],
      ['blocks', other.key],
    ]);
    const finished = await g.finish(blocker);
    expect(finished.issues.find((i) => i.id === blocked.id)?.blocked).toBe(false);
    expect(card(await g.fetchBoard(), blocked.id).blocked).toBe(false);
    const history = await t.ok<IssueActivityDto[]>(g.as().get(`/api/issues/${other.id}/activity`));
    expect(history[0]).toMatchObject({ field: 'relations', to: `is blocked by ${blocker.key}` });
  });

  it('keeps one link per pair and kind, refuses itself and keys nobody here can see, and removes a link', async () => {
    const g = await givenIssues(2);
    const [a, b] = g.issues as [IssueDto, IssueDto];
    const link = await t.ok<RelationDto>(g.relate(a, 'relates', b));
    const again = await g.relate(b, 'relates', a);
    expect(again.status).toBe(409);
    expect((await g.relate(a, 'duplicates', a)).status).toBe(400);
    const unknown = await g.relate(a, 'blocks', { key: 'NOPE-1' });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toMatch(/^issueKey: /);
    expect((await g.as().delete(`/api/issues/${b.id}/relations/${link.id}`)).status).toBe(204);
    expect((await t.ok<RelationListDto>(g.as().get(`/api/issues/${a.id}/relations`))).relations).toEqual([]);
    expect((await g.as().delete(`/api/issues/${b.id}/relations/${link.id}`)).status).toBe(404);
  });

  it('closes an issue marked as a duplicate with its link, and only a duplicate', async () => {
    const g = await givenIssues(3);
    const [copy, original, other] = g.issues as [IssueDto, IssueDto, IssueDto];
    const asDuplicate = (issue: IssueDto, close: unknown, type = 'duplicates') =>
      g.as().post(`/api/issues/${issue.id}/relations`, { type, issueKey: original.key, close });

    const refused = await asDuplicate(other, true, 'relates');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^close: /);
    expect((await asDuplicate(other, 'yes')).status).toBe(400);

    expect((await asDuplicate(copy, true)).status).toBe(201);
    const closed = card(await g.fetchBoard(), copy.id);
    expect(closed).toMatchObject({ status: 'DONE', columnId: g.column('Done').id });
    const links = await t.ok<RelationListDto>(g.as().get(`/api/issues/${copy.id}/relations`));
    expect(links.relations).toEqual([
      expect.objectContaining({ type: 'duplicates', issue: expect.objectContaining({ key: original.key }) }),
    ]);

    // A board with no column to close it in refuses the whole request: no link is made either.
    await t.ok(g.as(g.lead.token).put(`/api/columns/${g.column('Done').id}`, { name: 'Shipped' }));
    const nowhere = await asDuplicate(other, true);
    expect(nowhere.status).toBe(409);
    expect(await t.ok<RelationListDto>(g.as().get(`/api/issues/${other.id}/relations`))).toEqual({
      relations: [],
      hidden: 0,
    });
  });

  it('links across projects, and shows a viewer only a count of the issues they cannot see', async () => {
    const g = await givenIssues(1);
    const [mine] = g.issues as [IssueDto];
    // A project of the member's own that the lead of the first is not in.
    const key = `X${Date.now().toString(36).slice(-5).toUpperCase()}`;
    const project = await t.ok<ProjectDto>(g.as().post('/api/projects', { name: 'Private', key }));
    const board = await t.ok<BoardDto>(g.as().get(`/api/boards/${project.boards[0]!.id}`));
    const secret = await t.ok<IssueDto>(
      g.as().post('/api/issues', { projectId: project.id, columnId: board.columns[0]!.id, title: 'Secret plans' }),
    );
    // The lead cannot link to it: to them the key names nothing.
    expect((await g.relate(mine, 'relates', secret, g.lead.token)).status).toBe(400);
    await t.ok(g.relate(mine, 'blocked_by', secret));
    const memberView = await t.ok<RelationListDto>(g.as().get(`/api/issues/${mine.id}/relations`));
    expect(memberView.relations.map((r) => r.issue.title)).toEqual(['Secret plans']);
    const leadView = await t.ok<RelationListDto>(g.as(g.lead.token).get(`/api/issues/${mine.id}/relations`));
    expect(leadView).toEqual({ relations: [], hidden: 1 });
    expect(JSON.stringify(leadView)).not.toContain('Secret');
    expect(card(await g.fetchBoard(g.lead.token), mine.id).blocked).toBe(true);
  });
});
