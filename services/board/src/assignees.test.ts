import type { BoardDto, IssueActivityDto, IssueDto } from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard, givenBoardPeople, type BoardPeople, type GivenBoard } from './testing/given-board';
import { recordEvents } from './testing/recorded-events';
import { until } from './testing/until';

// The assignee: a current member of the project or nobody, set by `assigneeId` or
// by the spec's text Owner; `owner` in the answer is the assignee's name.
let t: TestPlatform;
let events: ReturnType<typeof recordEvents>;
// Each test takes a project of its own, with these people on it unless it changes one of them.
let people: BoardPeople;
beforeAll(async () => {
  t = await createTestPlatform();
  events = recordEvents(t);
  people = await givenBoardPeople(t);
});
afterAll(() => t.close());

const patch = (g: GivenBoard, issue: { id: string }, body: unknown, token = g.member.token) =>
  t.as(token).patch(`/api/issues/${issue.id}`, body);
const current = (g: GivenBoard, issue: { id: string }) =>
  t.ok<IssueDto>(t.as(g.member.token).get(`/api/issues/${issue.id}`));

describe('assigneeId', () => {
  it('takes a member of the project (the lead too), and null unassigns', async () => {
    const g = await givenBoard(t, people);
    const issue = await g.addIssue('To Do', 'assign me');
    expect(issue).toMatchObject({ assigneeId: null, owner: '' });
    const toMember = await t.ok<IssueDto>(patch(g, issue, { assigneeId: g.member.user.id }));
    expect(toMember).toMatchObject({ assigneeId: g.member.user.id, owner: 'Max Member' });
    const toLead = await t.ok<IssueDto>(patch(g, issue, { assigneeId: Number(g.lead.user.id) }));
    expect(toLead).toMatchObject({ assigneeId: g.lead.user.id, owner: 'Lea Lead' });
    expect(events.boardUpdates.at(-1)!.issues[0]).toMatchObject({ assigneeId: g.lead.user.id, owner: 'Lea Lead' });
    expect(await t.ok<IssueDto>(patch(g, issue, { assigneeId: null }))).toMatchObject({ assigneeId: null, owner: '' });
  });

  it('refuses anyone who is not a member, an administrator included, and writes nothing', async () => {
    const g = await givenBoard(t, people);
    const issue = await g.addIssue('To Do', 'guarded');
    const admin = await t.admin();
    for (const id of [g.outsider.user.id, admin.user.id, '99999999']) {
      const res = await patch(g, issue, { assigneeId: id, title: 'changed' });
      expect({ id, status: res.status, body: await res.json() }).toEqual({
        id,
        status: 400,
        body: { message: 'Assignee must be a member of this project.' },
      });
    }
    const created = await t.as(g.member.token).post('/api/issues', {
      projectId: g.project.id,
      columnId: g.column('To Do').id,
      title: 'new',
      assigneeId: g.outsider.user.id,
    });
    expect(created.status).toBe(400);
    expect(await current(g, issue)).toMatchObject({ title: 'guarded', assigneeId: null, version: 0 });
    expect((await patch(g, issue, { assigneeId: 'me' })).status).toBe(400);
  });

  it('is set at creation', async () => {
    const g = await givenBoard(t, people);
    const issue = await t.ok<IssueDto>(
      t.as(g.lead.token).post('/api/issues', {
        projectId: g.project.id,
        columnId: g.column('To Do').id,
        title: 'for Max',
        assigneeId: g.member.user.id,
      }),
    );
    expect(issue).toMatchObject({ assigneeId: g.member.user.id, owner: 'Max Member' });
  });

  it('shows the assignee’s name as it is now', async () => {
    const g = await givenBoard(t); // people of its own: the member changes their name
    const issue = await g.addIssue('To Do', 'renamed');
    await t.ok(patch(g, issue, { assigneeId: g.member.user.id }));
    await t.ok(t.as(g.member.token).put('/api/users/profile', { name: 'Maxine Member' }));
    expect(await current(g, issue)).toMatchObject({ assigneeId: g.member.user.id, owner: 'Maxine Member' });
  });

  it('is in the stale-edit rule: an assignment based on an older copy gets 409 and writes nothing', async () => {
    const g = await givenBoard(t, people);
    const issue = await g.addIssue('To Do', 'contested');
    await t.ok(patch(g, issue, { assigneeId: g.lead.user.id, version: 0 }, g.lead.token));
    const stale = await patch(g, issue, { assigneeId: g.member.user.id, version: 0 });
    expect(stale.status).toBe(409);
    expect((await stale.json()).issue).toMatchObject({ assigneeId: g.lead.user.id, version: 1 });
    expect((await current(g, issue)).assigneeId).toBe(g.lead.user.id);
  });
});

describe('the spec’s text owner', () => {
  it('is matched to a member by id, e-mail or name, whatever the case; blank unassigns', async () => {
    const g = await givenBoard(t, people);
    const issue = await g.addIssue('To Do', 'owned');
    const cases: [unknown, string | null][] = [
      [g.lead.user.id, g.lead.user.id],
      [{ connect: { id: g.member.user.id } }, g.member.user.id],
      [g.lead.email.toUpperCase(), g.lead.user.id],
      ['  max MEMBER ', g.member.user.id],
      ['', null],
    ];
    for (const [owner, assigneeId] of cases)
      expect({ owner, assigneeId: (await t.ok<IssueDto>(patch(g, issue, { owner }))).assigneeId }).toEqual({
        owner,
        assigneeId,
      });
  });

  it('refuses text that names no member, or several, or someone other than assigneeId', async () => {
    const g = await givenBoard(t, people);
    const twin = await t.givenUser({ name: 'Max Member' });
    await t.ok(t.as(g.lead.token).post(`/api/projects/${g.key}/members`, { email: twin.email }));
    const issue = await g.addIssue('To Do', 'owned');
    const cases: [unknown, string][] = [
      [{ owner: 'Otto Outsider' }, 'owner: must be the id, name or e-mail of a member of this project'],
      [{ owner: g.outsider.user.id }, 'owner: must be the id, name or e-mail of a member of this project'],
      [{ owner: 'max member' }, 'owner: matches more than one member by name; use their e-mail'],
      [{ owner: 'Lea Lead', assigneeId: g.member.user.id }, 'owner: names someone other than assigneeId'],
    ];
    for (const [body, message] of cases) {
      const res = await patch(g, issue, body);
      expect({ body, status: res.status, answer: await res.json() }).toEqual({
        body,
        status: 400,
        answer: { message },
      });
    }
    expect((await t.ok<IssueDto>(patch(g, issue, { owner: twin.email }))).assigneeId).toBe(twin.user.id);
    // The name a form shows, sent back unchanged (alone or with the id), keeps that assignee.
    expect((await t.ok<IssueDto>(patch(g, issue, { owner: 'Max Member', title: 'kept' }))).assigneeId).toBe(
      twin.user.id,
    );
    const both = await t.ok<IssueDto>(patch(g, issue, { owner: 'Max Member', assigneeId: g.member.user.id }));
    expect(both.assigneeId).toBe(g.member.user.id);
    const blank = await patch(g, issue, { owner: '', assigneeId: g.member.user.id });
    expect(await blank.json()).toEqual({ message: 'owner: names someone other than assigneeId' });
  });

  it('on creation, names the creator (the spec’s form): an administrator who is not a member creates it unassigned', async () => {
    const g = await givenBoard(t, people);
    const admin = await t.admin();
    const create = (token: string, owner: unknown) =>
      t.ok<IssueDto>(
        t.as(token).post('/api/issues', { projectId: g.project.id, columnId: g.column('To Do').id, title: 'x', owner }),
      );
    expect((await create(g.member.token, { connect: { id: g.member.user.id } })).assigneeId).toBe(g.member.user.id);
    expect((await create(admin.token, { connect: { id: admin.user.id } })).assigneeId).toBeNull();
    const res = await t.as(admin.token).post('/api/issues', {
      projectId: g.project.id,
      columnId: g.column('To Do').id,
      title: 'x',
      owner: g.outsider.user.id,
    });
    expect(res.status).toBe(400);
  });
});

describe('removing a member', () => {
  it('unassigns their issues on every board of the project, tells the rooms and writes the history', async () => {
    const g = await givenBoard(t, people);
    const [mine, theirs] = [await g.addIssue('To Do', 'mine'), await g.addIssue('Done', 'theirs')];
    await t.ok(patch(g, mine, { assigneeId: g.member.user.id }));
    await t.ok(patch(g, theirs, { assigneeId: g.lead.user.id }));
    const second = await t.ok<BoardDto>(t.as(g.lead.token).post(`/api/projects/${g.project.id}/boards`, { name: 'B' }));
    const elsewhere = await t.ok<IssueDto>(
      t.as(g.lead.token).post('/api/issues', {
        projectId: g.project.id,
        columnId: second.columns[0]!.id,
        title: 'on the second board',
        assigneeId: g.member.user.id,
      }),
    );
    const before = (await g.fetchBoard(g.lead.token)).version;

    await t.ok(t.as(g.lead.token).delete(`/api/projects/${g.key}/members/${g.member.user.id}`));
    const assignee = async (issue: { id: string }) =>
      (await t.ok<IssueDto>(t.as(g.lead.token).get(`/api/issues/${issue.id}`))).assigneeId;
    await until(
      async () => (await assignee(mine)) === null && (await assignee(elsewhere)) === null,
      'the issues were unassigned',
    );
    expect(
      events
        .of(second.id)
        .at(-1)!
        .issues.map((i) => [i.id, i.assigneeId]),
    ).toEqual([[elsewhere.id, null]]);
    const now = await t.ok<IssueDto>(t.as(g.lead.token).get(`/api/issues/${mine.id}`));
    expect(now).toMatchObject({ owner: '', version: 2 });
    expect((await t.ok<IssueDto>(t.as(g.lead.token).get(`/api/issues/${theirs.id}`))).assigneeId).toBe(g.lead.user.id);
    const update = events.of(g.board.id).at(-1)!;
    expect(update).toMatchObject({ version: before + 1, complete: false });
    expect(update.issues.map((i) => [i.id, i.assigneeId])).toEqual([[mine.id, null]]);
    const history = await t.ok<IssueActivityDto[]>(t.as(g.lead.token).get(`/api/issues/${mine.id}/activity`));
    expect(history[0]).toMatchObject({
      kind: 'updated',
      field: 'assignee',
      from: 'Max Member',
      to: null,
      actor: { id: g.lead.user.id, name: 'Lea Lead' },
    });
  });

  it('changes nothing, and announces nothing, when the member is back by the time the event comes', async () => {
    const g = await givenBoard(t, people);
    const issue = await g.addIssue('To Do', 'kept');
    await t.ok(patch(g, issue, { assigneeId: g.member.user.id }));
    const version = (await g.fetchBoard(g.lead.token)).version;
    const sent = events.boardUpdates.length;
    // Still a member: a late (or repeated) event unassigns nothing and announces nothing.
    await t.events.append({
      id: crypto.randomUUID(),
      occurredAt: new Date().toISOString(),
      type: 'membership.removed',
      projectId: g.project.id,
      userId: g.member.user.id,
    });
    expect(await current(g, issue)).toMatchObject({ assigneeId: g.member.user.id, version: 1 });
    expect((await g.fetchBoard(g.lead.token)).version).toBe(version);
    expect(events.boardUpdates.length).toBe(sent);
  });
});
