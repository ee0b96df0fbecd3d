import type { BoardDto, IssueActivityDto, IssueDto, LabelDto } from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard, type GivenBoard } from './testing/given-board';
import { recordEvents } from './testing/recorded-events';

// Labels per board: a fixed palette, names unique per board whatever their case,
// added by anyone on the board, changed or deleted by the lead or an admin.
let t: TestPlatform;
let events: ReturnType<typeof recordEvents>;
beforeAll(async () => {
  t = await createTestPlatform();
  events = recordEvents(t);
});
afterAll(() => t.close());

const addLabel = (g: GivenBoard, name: string, color = 'blue', token = g.member.token) =>
  t.ok<LabelDto>(t.as(token).post(`/api/boards/${g.board.id}/labels`, { name, color }));
const labelIdsOf = async (g: GivenBoard, issue: { id: string }) =>
  (await t.ok<IssueDto>(t.as(g.member.token).get(`/api/issues/${issue.id}`))).labelIds;

describe('a board’s labels', () => {
  it('are added by members, listed by name and part of the board fetch', async () => {
    const g = await givenBoard(t);
    const bug = await addLabel(g, 'bug', 'red');
    expect(bug).toEqual({ id: expect.any(String), boardId: g.board.id, name: 'bug', color: 'red' });
    const api = await addLabel(g, 'API', 'teal', g.lead.token);
    const list = await t.ok<LabelDto[]>(t.as(g.member.token).get(`/api/boards/${g.board.id}/labels`));
    expect(list).toEqual([api, bug].map((label) => ({ ...label, issueCount: 0 })));
    expect((await g.fetchBoard()).labels).toEqual([api, bug]);
    expect(events.of(g.board.id).at(-1)).toMatchObject({ issues: [], labels: [api, bug] });
  });

  it('are listed with how many of the board’s issues carry each (the board settings’ counts)', async () => {
    const g = await givenBoard(t);
    const other = await givenBoard(t);
    const [bug, qa, spare] = [await addLabel(g, 'bug'), await addLabel(g, 'qa'), await addLabel(g, 'spare')];
    const elsewhere = await addLabel(other, 'bug');
    const carry = async (title: string, labelIds: string[]) => {
      const issue = await g.addIssue('To Do', title);
      await t.ok(t.as(g.member.token).patch(`/api/issues/${issue.id}`, { labelIds }));
      return issue;
    };
    await carry('one', [bug.id, qa.id]);
    const two = await carry('two', [bug.id]);
    await carry('three', []);
    const theirs = await other.addIssue('To Do', 'theirs');
    await t.ok(t.as(other.member.token).patch(`/api/issues/${theirs.id}`, { labelIds: [elsewhere.id] }));
    const counts = async () =>
      (
        await t.ok<(LabelDto & { issueCount: number })[]>(t.as(g.lead.token).get(`/api/boards/${g.board.id}/labels`))
      ).map((label) => [label.name, label.issueCount]);
    expect(await counts()).toEqual([
      ['bug', 2],
      ['qa', 1],
      ['spare', 0],
    ]);
    // A deleted issue no longer counts; the board fetch keeps labels without counts.
    expect((await t.as(g.lead.token).delete(`/api/issues/${two.id}`)).status).toBe(204);
    expect(await counts()).toEqual([
      ['bug', 1],
      ['qa', 1],
      ['spare', 0],
    ]);
    expect((await g.fetchBoard()).labels).toEqual([bug, qa, spare]);
  });

  it('take only a colour of the palette, and a name', async () => {
    const g = await givenBoard(t);
    const post = (body: unknown) => t.as(g.member.token).post(`/api/boards/${g.board.id}/labels`, body);
    const cases: [unknown, string][] = [
      [
        { name: 'x', color: 'magenta' },
        'color: must be one of red, orange, yellow, green, teal, blue, purple, pink, brown, gray',
      ],
      [{ name: 'x' }, 'color: must be one of red, orange, yellow, green, teal, blue, purple, pink, brown, gray'],
      [{ name: '  ', color: 'red' }, 'name: is required'],
      [{ name: 'x'.repeat(51), color: 'red' }, 'name: is too long'],
      [{ name: 'x', color: 'red', extra: 1 }, expect.any(String) as unknown as string],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect({ body, status: res.status, message: (await res.json()).message }).toEqual({ body, status: 400, message });
    }
    for (const color of ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink', 'brown', 'gray'])
      expect((await addLabel(g, `label ${color}`, color)).color).toBe(color);
  });

  it('have names unique per board whatever the case: 409 on adding or renaming', async () => {
    const g = await givenBoard(t);
    const other = await givenBoard(t);
    const bug = await addLabel(g, 'Bug');
    const ui = await addLabel(g, 'UI');
    const again = await t.as(g.member.token).post(`/api/boards/${g.board.id}/labels`, { name: ' bug ', color: 'red' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'A label with this name already exists on this board.' });
    const rename = await t.as(g.lead.token).patch(`/api/labels/${ui.id}`, { name: 'BUG' });
    expect(rename.status).toBe(409);
    expect(await rename.json()).toEqual({ message: 'A label with this name already exists on this board.' });
    expect((await addLabel(other, 'bug')).name).toBe('bug');
    expect(await t.ok<LabelDto>(t.as(g.lead.token).patch(`/api/labels/${bug.id}`, { name: 'BUG' }))).toMatchObject({
      name: 'BUG',
    });
  });

  it('are renamed, recoloured and deleted by the lead or an admin only', async () => {
    const g = await givenBoard(t);
    const label = await addLabel(g, 'old');
    for (const res of [
      await t.as(g.member.token).patch(`/api/labels/${label.id}`, { name: 'new' }),
      await t.as(g.member.token).delete(`/api/labels/${label.id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        message: 'Only the project lead or an administrator can change or delete a label.',
      });
    }
    expect((await t.as(g.outsider.token).patch(`/api/labels/${label.id}`, { color: 'red' })).status).toBe(404);
    const admin = (await t.admin()).token;
    expect(await t.ok(t.as(admin).patch(`/api/labels/${label.id}`, { color: 'green' }))).toMatchObject({
      name: 'old',
      color: 'green',
    });
    const empty = await t.as(g.lead.token).patch(`/api/labels/${label.id}`, {});
    expect(await empty.json()).toEqual({ message: 'No changes provided for update.' });
    expect((await t.as(g.lead.token).delete(`/api/labels/${label.id}`)).status).toBe(204);
    expect((await t.as(g.lead.token).delete(`/api/labels/${label.id}`)).status).toBe(404);
  });
});

describe('an issue’s labels', () => {
  it('are this board’s labels, kept in the board’s order, set on creation or by PATCH', async () => {
    const g = await givenBoard(t);
    const [zeta, alpha, mid] = [await addLabel(g, 'zeta'), await addLabel(g, 'Alpha'), await addLabel(g, 'mid')];
    const issue = await t.ok<IssueDto>(
      t.as(g.member.token).post('/api/issues', {
        projectId: g.project.id,
        columnId: g.column('To Do').id,
        title: 'labelled',
        labelIds: [zeta.id, alpha.id],
      }),
    );
    expect(issue.labelIds).toEqual([alpha.id, zeta.id]);
    const patched = await t.ok<IssueDto>(
      t.as(g.member.token).patch(`/api/issues/${issue.id}`, { labelIds: [mid.id, zeta.id, mid.id, alpha.id] }),
    );
    expect(patched.labelIds).toEqual([alpha.id, mid.id, zeta.id]);
    expect(events.of(g.board.id).at(-1)!.issues[0]!.labelIds).toEqual([alpha.id, mid.id, zeta.id]);
    expect(
      (await t.ok<IssueDto>(t.as(g.member.token).patch(`/api/issues/${issue.id}`, { labelIds: [] }))).labelIds,
    ).toEqual([]);
  });

  it('refuse another board’s label, or one that does not exist, and write nothing', async () => {
    const g = await givenBoard(t);
    const other = await givenBoard(t);
    const mine = await addLabel(g, 'mine');
    const theirs = await addLabel(other, 'theirs');
    const issue = await g.addIssue('To Do', 'x');
    for (const labelIds of [[mine.id, theirs.id], ['99999999'], ['abc']]) {
      const res = await t.as(g.member.token).patch(`/api/issues/${issue.id}`, { labelIds, title: 'changed' });
      expect({ labelIds, status: res.status }).toEqual({ labelIds, status: 400 });
      expect((await res.json()).message).toMatch(/^labelIds/);
    }
    const many = await t.as(g.member.token).patch(`/api/issues/${issue.id}`, {
      labelIds: Array.from({ length: 21 }, (_, i) => String(i + 1)),
    });
    expect(await many.json()).toEqual({ message: 'labelIds: has too many labels' });
    const created = await t.as(g.member.token).post('/api/issues', {
      projectId: g.project.id,
      columnId: g.column('To Do').id,
      title: 'y',
      labelIds: [theirs.id],
    });
    expect(await created.json()).toEqual({ message: 'labelIds: must be labels of this board' });
    const now = await t.ok<IssueDto>(t.as(g.member.token).get(`/api/issues/${issue.id}`));
    expect(now).toMatchObject({ title: 'x', labelIds: [], version: 0 });
    expect((await g.fetchBoard()).columns[0]!.issues.map((i) => i.title)).toEqual(['x']);
  });

  it('lose a deleted label: the room hears the labels and those issues, and their history says so', async () => {
    const g = await givenBoard(t);
    const [a, b] = [await addLabel(g, 'a'), await addLabel(g, 'b')];
    const both = await g.addIssue('To Do', 'both');
    const none = await g.addIssue('To Do', 'none');
    await t.ok(t.as(g.member.token).patch(`/api/issues/${both.id}`, { labelIds: [a.id, b.id] }));
    expect((await t.as(g.lead.token).delete(`/api/labels/${a.id}`)).status).toBe(204);
    expect(await labelIdsOf(g, both)).toEqual([b.id]);
    expect(await labelIdsOf(g, none)).toEqual([]);
    const update = events.of(g.board.id).at(-1)!;
    expect(update.labels).toEqual([b]);
    expect(update.issues.map((i) => [i.id, i.labelIds, i.version])).toEqual([[both.id, [b.id], 2]]);
    const history = await t.ok<IssueActivityDto[]>(t.as(g.member.token).get(`/api/issues/${both.id}/activity`));
    expect(history[0]).toMatchObject({
      kind: 'updated',
      field: 'labels',
      from: 'a, b',
      to: 'b',
      actor: { name: 'Lea Lead' },
    });
    expect((await g.fetchBoard()).labels).toEqual([b]);
  });

  it('follow a renamed label into the board’s order, and the room hears it', async () => {
    const g = await givenBoard(t);
    const [a, b] = [await addLabel(g, 'a'), await addLabel(g, 'b')];
    const issue = await g.addIssue('To Do', 'x');
    await t.ok(t.as(g.member.token).patch(`/api/issues/${issue.id}`, { labelIds: [a.id, b.id] }));
    const renamed = await t.ok<LabelDto>(t.as(g.lead.token).patch(`/api/labels/${a.id}`, { name: 'c' }));
    expect(await labelIdsOf(g, issue)).toEqual([b.id, a.id]);
    const update = events.of(g.board.id).at(-1)!;
    expect(update.labels).toEqual([b, renamed]);
    expect(update.issues.map((i) => [i.id, i.labelIds])).toEqual([[issue.id, [b.id, a.id]]]);
  });

  it('go with their board', async () => {
    const g = await givenBoard(t);
    const label = await addLabel(g, 'gone');
    const second = await t.ok<BoardDto>(t.as(g.lead.token).post(`/api/projects/${g.project.id}/boards`, { name: 'B' }));
    expect((await t.as(g.lead.token).delete(`/api/boards/${g.board.id}`)).status).toBe(204);
    expect((await t.as(g.lead.token).patch(`/api/labels/${label.id}`, { color: 'red' })).status).toBe(404);
    expect((await t.ok<BoardDto>(t.as(g.lead.token).get(`/api/boards/${second.id}`))).labels).toEqual([]);
  });
});
