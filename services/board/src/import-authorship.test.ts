import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { NotificationList, ProjectExport } from '@trackboard/contracts';
import { queryRows } from '@trackboard/server-kit';
import { ADMIN, createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { freshKey, transfer } from './testing/given-import';

// An import acts as its importer: a file may name anyone (the administrator included) as
// reporter, author, reactor or actor, and none of it may be written as theirs, add them to the
// project or tell them anything. The people named are offered; the importer's choice adds them.
let t: TestPlatform;
let io: ReturnType<typeof transfer>;
beforeAll(async () => {
  t = await createTestPlatform();
  io = transfer(t);
});
afterAll(() => t.close());

/** A hand-made export naming `others` everywhere a person can be named, and the importer once. */
function forgedExport(importer: string, others: [string, string]): z.input<typeof ProjectExport> {
  const [ann, admin] = others;
  const at = '2024-05-03T10:00:00.000Z';
  return {
    format: 'trackboard-export',
    version: 1,
    exportedAt: at,
    project: { key: 'OLD', name: 'Forged', description: '', lead: admin, members: [ann, admin] },
    boards: [
      {
        name: 'Main',
        labels: [],
        columns: [
          {
            name: 'To Do',
            wipLimit: null,
            issues: [
              {
                key: 'OLD-1',
                title: 'Approved by the admin',
                description: '',
                status: 'TODO',
                type: 'TASK',
                priority: 'HIGH',
                dueDate: null,
                assignee: ann,
                reporter: admin,
                labels: [],
                relatedCode: '',
                links: [],
                instructions: '',
                createdAt: at,
                updatedAt: at,
                comments: [
                  {
                    author: admin,
                    body: 'I approve this transfer.',
                    createdAt: at,
                    editedAt: null,
                    reactions: { thumbsup: [ann, importer], heart: [admin] },
                    replies: [
                      {
                        author: ann,
                        body: 'Me too.',
                        createdAt: at,
                        editedAt: null,
                        reactions: { thumbsup: [admin], heart: [] },
                      },
                    ],
                  },
                  {
                    author: importer,
                    body: 'My own note.',
                    createdAt: at,
                    editedAt: null,
                    reactions: { thumbsup: [], heart: [] },
                    replies: [],
                  },
                ],
                history: [
                  { at, actor: admin, kind: 'created', field: null, from: null, to: null },
                  { at, actor: importer, kind: 'updated', field: 'priority', from: 'MEDIUM', to: 'HIGH' },
                ],
              },
              {
                key: 'OLD-2',
                title: 'Also for Ann',
                description: '',
                status: 'TODO',
                type: 'TASK',
                priority: 'MEDIUM',
                dueDate: null,
                assignee: ann,
                reporter: ann,
                labels: [],
                relatedCode: '',
                links: [],
                instructions: '',
                createdAt: at,
                updatedAt: at,
                comments: [],
                history: [],
              },
            ],
          },
        ],
      },
    ],
  };
}

/** What the database attributes to an account in a project: issues reported or assigned, comments, reactions, history. */
async function attributedTo(userId: string, projectKey: string) {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`with p as (select id from project.project_directory where key = ${projectKey})
        select (select count(*) from board.issues i where i.project_id in (select id from p)
                  and (i.reporter_id = ${userId} or i.assignee_id = ${userId}))::int
             + (select count(*) from board.comments c join board.issues i on i.id = c.issue_id
                  where i.project_id in (select id from p) and c.author_id = ${userId})::int
             + (select count(*) from board.reactions r join board.comments c on c.id = r.comment_id
                  join board.issues i on i.id = c.issue_id where i.project_id in (select id from p) and r.user_id = ${userId})::int
             + (select count(*) from board.activity a where a.project_id in (select id from p) and a.actor_id = ${userId})::int as n`,
  );
  return row!.n;
}

/** Mallory imports a file that names Ann and the administrator everywhere. */
async function givenForgedImport() {
  const [mallory, ann] = await Promise.all([
    t.givenUser({ name: 'Mallory Importer' }),
    t.givenUser({ name: 'Ann Lee' }),
  ]);
  const key = freshKey('A');
  const job = await io.importFile(
    mallory.token,
    { format: 'trackboard', key, name: 'Forged' },
    JSON.stringify(forgedExport(mallory.email, [ann.email, ADMIN.email])),
  );
  return { mallory, ann, key, job };
}

describe('an import that names other people', () => {
  it('writes everything as the importer, adds and tells no one, and offers the named people', async () => {
    const { mallory, ann, key, job } = await givenForgedImport();
    expect(job).toMatchObject({ status: 'succeeded', total: 2 });

    // Each named account, signed in afterwards, finds nothing attributed to it and nothing told.
    const adminSession = await t.login(ADMIN.email, ADMIN.password);
    for (const person of [ann, { user: adminSession.user, token: adminSession.token }]) {
      expect(await attributedTo(person.user.id, key)).toBe(0);
      const told = await t.ok<NotificationList>(t.as(person.token).get('/api/notifications'));
      expect(told.notifications.filter((n) => n.projectKey === key)).toEqual([]);
    }
    expect((await t.as(ann.token).get(`/api/projects/${key}`)).status).toBe(404);
    // They are offered to the importer instead, with how many issues the file assigns each.
    expect(job.people).toEqual(
      [
        { email: ADMIN.email, issues: 0 },
        { email: ann.email.toLowerCase(), issues: 2 },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );

    const after = await io.exportJson(mallory.token, key);
    expect(after.project.members).toEqual([mallory.email]);
    const [issue, second] = after.boards[0]!.columns[0]!.issues;
    expect(issue).toMatchObject({ reporter: mallory.email, assignee: null });
    expect(second).toMatchObject({ reporter: mallory.email, assignee: null });
    const [theirs, mine] = issue!.comments;
    expect(theirs).toMatchObject({
      author: mallory.email,
      body: `> Originally by ${ADMIN.email} on 3 May 2024 · 👍 1 · ❤️ 1\n\nI approve this transfer.`,
      reactions: { thumbsup: [mallory.email], heart: [] },
    });
    expect(theirs!.replies[0]).toMatchObject({
      author: mallory.email,
      body: `> Originally by ${ann.email} on 3 May 2024 · 👍 1\n\nMe too.`,
      reactions: { thumbsup: [], heart: [] },
    });
    expect(mine).toMatchObject({ author: mallory.email, body: 'My own note.' });
    // The importer's own history line is kept; the administrator's is not told as theirs.
    expect(issue!.history.map((h) => [h.actor, h.kind, h.field])).toEqual([[mallory.email, 'updated', 'priority']]);
  });

  it('adds the people the importer picks, with the issues the file assigns them, as the importer', async () => {
    const { mallory, ann, key, job } = await givenForgedImport();
    const people = (emails: string[], token = mallory.token) =>
      io.send('POST', `/api/imports/${job.id}/people`, token, JSON.stringify({ emails }));

    // Only the importer, and only people the import offered.
    expect((await people([ann.email], ann.token)).status).toBe(404);
    const stranger = await people(['someone@example.test']);
    expect(stranger.status).toBe(400);
    expect(((await stranger.json()) as { message: string }).message).toMatch(/^emails\[0\]: /);

    const added = await people([ann.email]);
    expect(added.status).toBe(200);
    expect(((await added.json()) as { people: unknown[] }).people).toEqual([{ email: ADMIN.email, issues: 0 }]);
    const after = await io.exportJson(mallory.token, key);
    expect(after.project.members.sort()).toEqual([ann.email, mallory.email].sort());
    const issues = after.boards[0]!.columns[0]!.issues;
    expect(issues.map((i) => i.assignee)).toEqual([ann.email, ann.email]);
    // The assignment is the importer's doing; Ann's own record stays empty but for being assignee.
    expect(issues[1]!.history.map((h) => [h.actor, h.field, h.to])).toEqual([[mallory.email, 'assignee', 'Ann Lee']]);
    expect((await t.as(ann.token).get(`/api/projects/${key}`)).status).toBe(200);
    // Once added, a person is not offered again.
    expect((await people([ann.email])).status).toBe(400);
  });
});
