import { sql } from 'drizzle-orm';
import type { BoardDto, CommentDto, IssueDto, ProjectDto } from '@trackboard/contracts';
import { queryRows, type Db } from '@trackboard/server-kit';
import { createTestPlatform, freshProjectKey, type TestPlatform } from '@trackboard/test-platform';

// Deleting a project leaves nothing behind: after `DELETE /api/projects/:key` and the
// owners' handling of `project.deleted`, every row of every table and view of every schema that
// names the project, or one of its boards, columns, issues, comments or labels, is gone. The
// tables are read from the catalogue, not listed here, so a table added later is counted too.
// Left out: the auth schema (users stay) and the event plumbing (outbox, handled_events), which
// holds events, not the project's data.

let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

/** Which id set an `<entity>_id` column (or an entity table's own `id`) points into. */
type Ids = Record<'project' | 'board' | 'column' | 'issue' | 'comment' | 'label', number[]>;
const entityTables: Record<string, keyof Ids> = {
  'project.projects': 'project',
  'board.boards': 'board',
  'board.columns': 'column',
  'board.issues': 'issue',
  'board.comments': 'comment',
  'board.labels': 'label',
};
const plumbing = new Set(['outbox', 'handled_events']);

async function idsOf(db: Db, projectId: number): Promise<Ids> {
  const ids = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ id: number }>(db, query)).map((r) => Number(r.id));
  const boards = sql`select id from board.boards where project_id = ${projectId}`;
  const issues = sql`select id from board.issues where project_id = ${projectId}`;
  return {
    project: [projectId],
    board: await ids(boards),
    column: await ids(sql`select id from board.columns where board_id in (${boards})`),
    issue: await ids(issues),
    comment: await ids(sql`select id from board.comments where issue_id in (${issues})`),
    label: await ids(sql`select id from board.labels where board_id in (${boards})`),
  };
}

/** Rows naming the project (or one of its things), per "schema.table.column", for every relation outside auth. */
async function projectRows(db: Db, ids: Ids): Promise<Record<string, number>> {
  const columns = await queryRows<{ schema: string; relation: string; column: string }>(
    db,
    sql`select table_schema as schema, table_name as relation, column_name as column
        from information_schema.columns
        where table_schema not in ('auth', 'information_schema', 'pg_catalog', 'public', 'drizzle')
          and table_schema not like 'pg_%'
        order by 1, 2, 3`,
  );
  const counts: Record<string, number> = {};
  for (const { schema, relation, column } of columns) {
    if (plumbing.has(relation)) continue;
    const entity =
      column === 'id'
        ? entityTables[`${schema}.${relation}`]
        : (/^(project|board|column|issue|comment|label)_id$/.exec(column)?.[1] as keyof Ids | undefined);
    if (!entity) continue;
    const values = ids[entity];
    if (values.length === 0) continue;
    const list = sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(schema)}.${sql.identifier(relation)} where ${sql.identifier(column)} in (${list})`,
    );
    counts[`${schema}.${relation}.${column}`] = row!.n;
  }
  // Labels are also held by issues as an array of ids.
  const labels = ids.label.length
    ? await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from board.issues where label_ids && ${`{${ids.label.join(',')}}`}::bigint[]`,
      )
    : [{ n: 0 }];
  counts['board.issues.label_ids'] = labels[0]!.n;
  return counts;
}

/** Resolves once `condition` holds; fails after 20 s naming what it waited for. */
async function until(condition: () => Promise<boolean>, what: string) {
  for (const deadline = Date.now() + 20_000; !(await condition());) {
    if (Date.now() > deadline) throw new Error(`${what} did not come true`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A project with something in every table: a team, issues, a thread with a reaction, a label, notifications, watches, a webhook, a saved view, its import job. */
async function givenBusyProject() {
  const [lead, member] = [await t.givenUser({ name: 'Dana Lead' }), await t.givenUser({ name: 'Mia Member' })];
  const key = freshProjectKey();
  const project = await t.ok<ProjectDto>(
    t.as(lead.token).post('/api/projects', { name: `Doomed ${key}`, key, description: 'Soon gone' }),
  );
  await t.ok(t.as(lead.token).post(`/api/projects/${key}/members`, { email: member.email }));
  // Someone invited who has not come yet.
  await t.ok(t.as(lead.token).post(`/api/projects/${key}/invitations`, { email: `invited.${key}@example.test` }));
  // Nothing listens there: its deliveries fail and wait for a retry, which is all this needs.
  await t.ok(
    t.as(lead.token).post(`/api/projects/${key}/webhooks`, {
      url: 'http://127.0.0.1:9/hook',
      secret: 'a secret of sixteen+',
      events: ['issue.created'],
    }),
  );
  const board = await t.ok<BoardDto>(t.as(lead.token).get(`/api/boards/${project.boards[0]!.id}`));
  await t.ok(
    t.as(member.token).post(`/api/projects/${key}/views`, { name: 'Mine', boardId: board.id, query: 'view=list' }),
  );
  // Its cycles: a plan and the cycles it made.
  await t.ok(t.as(lead.token).put(`/api/projects/${key}/cycles`, { enabled: true }));
  const label = await t.ok<{ id: string }>(
    t.as(member.token).post(`/api/boards/${board.id}/labels`, { name: 'doomed', color: 'red' }),
  );
  const issue = await t.ok<IssueDto>(
    t.as(lead.token).post('/api/issues', {
      projectId: project.id,
      columnId: board.columns[0]!.id,
      title: 'Fix everything',
      type: 'TASK',
      priority: 'HIGH',
      assigneeId: member.user.id,
      labelIds: [label.id],
    }),
  );
  const say = (body: string, parentCommentId: string | null = null) =>
    t.ok<CommentDto>(t.as(member.token).post(`/api/issues/${issue.id}/comments`, { body, parentCommentId }));
  const root = await say('Where to start?');
  const reply = await say('Anywhere', root.id);
  await t.ok(t.as(lead.token).post(`/api/comments/${reply.id}/reactions`, { type: 'heart' }));
  // A file on the issue, and a second issue it blocks.
  await t.ok(t.as(member.token).post(`/api/issues/${issue.id}/attachments?name=plan.txt`, Buffer.from('the plan')));
  const blocked = await t.ok<IssueDto>(
    t.as(lead.token).post('/api/issues', { projectId: project.id, columnId: board.columns[0]!.id, title: 'Then this' }),
  );
  await t.ok(t.as(lead.token).post(`/api/issues/${issue.id}/relations`, { type: 'blocks', issueKey: blocked.key }));
  // The import job that made it, as an import leaves one (its own flow is export-import.test.ts's).
  await t.database.db.execute(
    sql`insert into board.import_jobs (user_id, format, project_key, status, project_id)
        values (${lead.user.id}, 'csv', ${key}, 'succeeded', ${project.id})`,
  );
  return { key, project, lead, member, issue };
}

describe('deleting a project', () => {
  it('leaves no row naming it, its boards, columns, issues, comments or labels in any schema; its people stay', async () => {
    const p = await givenBusyProject();
    const ids = await idsOf(t.database.db, Number(p.project.id));
    const count = () => projectRows(t.database.db, ids);
    // The notification service has told the member (added, assigned, replies) by now.
    await until(async () => ((await count())['notification.notifications.project_id'] ?? 0) > 0, 'notifications');

    const before = await count();
    // Every relation counted holds some of it first, so the zeros below say something.
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([
        'project.projects.id',
        'project.members.project_id',
        'project.activity.project_id',
        'project.memberships.project_id',
        'board.boards.project_id',
        'board.columns.board_id',
        'board.issues.project_id',
        'board.comments.issue_id',
        'board.reactions.comment_id',
        'board.labels.board_id',
        'board.activity.project_id',
        'board.issue_numbers.project_id',
        'board.import_jobs.project_id',
        'notification.notifications.project_id',
        'notification.watches.project_id',
        'notification.webhooks.project_id',
        'project.saved_views.project_id',
        'project.saved_views.board_id',
        'project.invitations.project_id',
      ]),
    );
    expect(Object.entries(before).filter(([, n]) => n === 0)).toEqual([]);

    expect((await t.as(p.lead.token).delete(`/api/projects/${p.key}`)).status).toBe(204);
    const everyZero = async () => Object.values(await count()).every((n) => n === 0);
    await until(everyZero, 'every owner handled project.deleted');

    const after = await count();
    expect(after).toEqual(Object.fromEntries(Object.keys(after).map((k) => [k, 0])));
    expect(Object.keys(after)).toEqual(expect.arrayContaining(Object.keys(before)));
    // Its people stay: the lead and the member still sign in and see no project.
    for (const who of [p.lead, p.member]) {
      const session = await t.login(who.email, who.password);
      expect(await t.ok<ProjectDto[]>(t.as(session.token).get('/api/projects'))).toEqual([]);
    }
    expect((await t.as(p.lead.token).get(`/api/projects/${p.key}`)).status).toBe(404);
  });
});
