import { sql } from 'drizzle-orm';
import type { WatchState } from '@trackboard/contracts';
import { queryRows } from '@trackboard/server-kit';
import { createTestPlatform, type GivenUser, type TestPlatform } from '@trackboard/test-platform';
import { deliver, givenTeam, kindsAbout, until, type GivenTeam } from './testing/notifications';

// GET/PUT/DELETE /api/issues/:id/watch: anyone who can see the issue (a member of its project, or
// an administrator) watches or stops; others are told it does not exist, as the board service
// tells them. Reporter, assignee and commenters watch by themselves, unless they unwatched.
let t: TestPlatform;
let team: GivenTeam;
beforeAll(async () => {
  t = await createTestPlatform();
  team = await givenTeam(t);
});
afterAll(() => t.close());

const watch = (who: GivenUser, issueId: string, method: 'get' | 'put' | 'delete' = 'get') =>
  t.as(who.token)[method](`/api/issues/${issueId}/watch`);
const stateOf = async (who: GivenUser, issueId: string, method: 'get' | 'put' | 'delete' = 'get') =>
  t.ok<WatchState>(watch(who, issueId, method));

/** The issue event the board service records on creation (it makes the reporter a watcher). */
const created = (issue: Awaited<ReturnType<GivenTeam['newIssue']>>, by: GivenUser) =>
  deliver(t, { type: 'issue.created', ...team.ref(issue, by), mentionedIds: [], excerpt: '' });
const comment = (issue: Awaited<ReturnType<GivenTeam['newIssue']>>, by: GivenUser) =>
  deliver(t, {
    type: 'comment.created',
    ...team.ref(issue, by),
    commentId: '1',
    parentId: null,
    parentAuthorId: null,
    mentionedIds: [],
    excerpt: 'A comment',
  });

it('makes the reporter a watcher, and lets another member watch and stop watching', async () => {
  const { member, extra } = team;
  const issue = await team.newIssue(member);
  await created(issue, member);
  expect(await stateOf(member, issue.id)).toEqual({ watching: true, watcherCount: 1 });
  expect(await stateOf(extra, issue.id)).toEqual({ watching: false, watcherCount: 1 });
  expect(await stateOf(extra, issue.id, 'put')).toEqual({ watching: true, watcherCount: 2 });
  expect(await stateOf(extra, issue.id, 'put')).toEqual({ watching: true, watcherCount: 2 }); // again: no change
  expect(await stateOf(extra, issue.id, 'delete')).toEqual({ watching: false, watcherCount: 1 });
  expect(await stateOf(member, issue.id)).toEqual({ watching: true, watcherCount: 1 });
});

it('tells a watcher who watched by hand of comments, and not once they stopped', async () => {
  const { lead, member, extra } = team;
  const issue = await team.newIssue(member);
  await stateOf(extra, issue.id, 'put');
  await comment(issue, lead);
  await stateOf(extra, issue.id, 'delete');
  await comment(issue, lead);
  expect(await kindsAbout(t, extra, issue)).toEqual(['comment']);
});

it('respects an explicit unwatch: later events do not make the reporter or a commenter watch again', async () => {
  const { lead, member } = team;
  const issue = await team.newIssue(member);
  await created(issue, member);
  expect(await stateOf(member, issue.id, 'delete')).toEqual({ watching: false, watcherCount: 0 });
  await comment(issue, member); // the reporter comments: a commenter watches, unless they unwatched
  await comment(issue, lead);
  expect(await stateOf(member, issue.id)).toEqual({ watching: false, watcherCount: 1 }); // the lead, as commenter
  expect(await kindsAbout(t, member, issue)).toEqual([]);
});

it('makes the assignee a watcher', async () => {
  const { lead, member, extra } = team;
  const issue = await team.newIssue(lead);
  await deliver(t, {
    type: 'issue.assigned',
    ...team.ref(issue, lead, { assigneeId: extra.user.id }),
    previousAssigneeId: null,
    mentionedIds: [],
    statusChange: null,
  });
  expect(await stateOf(extra, issue.id)).toEqual({ watching: true, watcherCount: 2 }); // and the reporter
  await comment(issue, member);
  expect(await kindsAbout(t, extra, issue)).toEqual(['assigned', 'comment']);
});

it('lets an administrator who is no member watch', async () => {
  const issue = await team.newIssue(team.member);
  const admin = await t.admin();
  const res = await t.as(admin.token).put(`/api/issues/${issue.id}/watch`);
  expect(res.status).toBe(200);
  expect((await res.json()).watching).toBe(true);
});

it.each(['get', 'put', 'delete'] as const)(
  'answers %s from someone outside the project with 404, as for an issue that does not exist',
  async (method) => {
    const issue = await team.newIssue(team.member);
    for (const id of [issue.id, '987654321']) {
      const res = await watch(team.outsider, id, method);
      expect([res.status, await res.json()]).toEqual([404, { message: 'Issue not found' }]);
    }
    expect(await stateOf(team.member, issue.id)).toEqual(expect.objectContaining({ watcherCount: expect.any(Number) }));
  },
);

it('answers a malformed id with a 400 naming it', async () => {
  const res = await watch(team.member, 'abc', 'put');
  expect([res.status, await res.json()]).toEqual([400, { message: 'id: must be an id' }]);
});

it('ends a removed member’s watches; a deleted project leaves no watch or notification behind', async () => {
  const { lead, member, extra, key } = team;
  const issue = await team.newIssue(member);
  await created(issue, member);
  await stateOf(extra, issue.id, 'put');
  await t.ok(t.as(lead.token).delete(`/api/projects/${key}/members/${extra.user.id}`));
  expect((await watch(extra, issue.id)).status).toBe(404);
  // membership.removed, relayed after the removal's commit, ends their watches.
  await until(async () => (await stateOf(member, issue.id)).watcherCount === 1, 'the removed member’s watch ended');
  await t.ok(t.as(lead.token).post(`/api/projects/${key}/members`, { email: extra.email }));
  expect(await stateOf(extra, issue.id)).toEqual({ watching: false, watcherCount: 1 });

  await comment(issue, lead);
  expect(await kindsAbout(t, member, issue)).toEqual(['comment']);
  const res = await t.as(lead.token).delete(`/api/projects/${key}`);
  expect(res.status).toBe(204);
  expect((await watch(member, issue.id)).status).toBe(404);
  // project.deleted, relayed after the deletion's commit.
  await until(async () => (await kindsAbout(t, member, issue)).length === 0, 'the project’s notifications removed');
  const [left] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from notification.watches where project_id = ${Number(issue.projectId)}`,
  );
  expect(left!.n).toBe(0);
});
