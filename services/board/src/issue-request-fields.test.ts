import type { IssueDto } from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenBoard } from './testing/given-board';

// The fields a client sends that the server decides itself: the status (the column's) and the
// reporter (the caller). Each is honoured as described or refused naming it, never taken and
// dropped unseen (docs/decisions/0071-issue-status-and-reporter-in-requests.md).
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

describe('status and reporterId in issue requests', () => {
  it('takes what the web client sends: its own id and the status of the column', async () => {
    const g = await givenBoard(t);
    const res = await t.as(g.member.token).post('/api/issues', {
      projectId: g.project.id,
      columnId: g.column('In Progress').id,
      title: 'as the board sends it',
      reporterId: g.member.user.id,
      status: 'IN_PROGRESS',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ reporterId: g.member.user.id, status: 'IN_PROGRESS' });
  });

  it('keeps the column as the status: a valid status that disagrees changes nothing', async () => {
    const g = await givenBoard(t);
    const created = await t.ok<IssueDto>(
      t.as(g.member.token).post('/api/issues', {
        projectId: g.project.id,
        columnId: g.column('To Do').id,
        title: 'column decides',
        status: 'DONE',
      }),
    );
    expect(created.status).toBe('TODO');
  });

  it('refuses a status that is none, on POST and PATCH, naming the field', async () => {
    const g = await givenBoard(t);
    const res = await t.as(g.member.token).post('/api/issues', {
      projectId: g.project.id,
      columnId: g.column('To Do').id,
      title: 'bogus status',
      status: 'bogus',
    });
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 400,
      body: { message: 'status: must be one of TODO, IN_PROGRESS, DONE, BACKLOG, CLOSED' },
    });
    const issue = await g.addIssue('To Do', 'patched');
    const patch = await t.as(g.member.token).patch(`/api/issues/${issue.id}`, { title: 'x', status: 'bogus' });
    expect({ status: patch.status, body: await patch.json() }).toEqual({
      status: 400,
      body: { message: 'status: must be one of TODO, IN_PROGRESS, DONE, BACKLOG, CLOSED' },
    });
    expect((await t.ok<IssueDto>(t.as(g.member.token).get(`/api/issues/${issue.id}`))).title).toBe('patched');
  });

  it("refuses someone else's id as the reporter, and anything that is not an id", async () => {
    const g = await givenBoard(t);
    for (const reporterId of [g.lead.user.id, 'someone', { id: 1 }]) {
      const res = await t.as(g.member.token).post('/api/issues', {
        projectId: g.project.id,
        columnId: g.column('To Do').id,
        title: 'not mine to report',
        reporterId,
      });
      expect({ reporterId, status: res.status, message: ((await res.json()) as { message: string }).message }).toEqual({
        reporterId,
        status: 400,
        message: expect.stringMatching(/^reporterId: /),
      });
    }
    expect((await g.fetchBoard()).columns.flatMap((c) => c.issues)).toEqual([]);
  });
});
