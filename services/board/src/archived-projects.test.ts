import { sql } from 'drizzle-orm';
import { messages, type BoardDto, type CommentDto, type ProjectDto } from '@trackboard/contracts';
import { queryRows } from '@trackboard/server-kit';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenWorld, type World } from './testing/given-world';

// An archived project is read-only for everyone. Every write to its boards, columns,
// issues, labels and comments answers 409 "This project is archived." and changes nothing; reads
// still work; unarchiving restores writes. Its project rules are in services/project.
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

/** An archived project, made by an import whose job still offers its member. */
type ArchivedWorld = World & { importId: string; attachmentId: string };

/** Each write route of the board service, made by someone it would otherwise succeed for. */
const writes: Record<string, (w: ArchivedWorld) => [token: string, method: string, path: string, body?: unknown]> = {
  'PUT /api/boards/:id': (w) => [w.lead.token, 'PUT', `/api/boards/${w.board.id}`, { name: 'Renamed' }],
  'DELETE /api/boards/:id': (w) => [w.lead.token, 'DELETE', `/api/boards/${w.board.id}`],
  'POST /api/projects/:id/boards': (w) => [
    w.lead.token,
    'POST',
    `/api/projects/${w.project.id}/boards`,
    { name: 'More' },
  ],
  'POST /api/boards/:id/columns': (w) => [
    w.lead.token,
    'POST',
    `/api/boards/${w.board.id}/columns`,
    { name: 'Backlog' },
  ],
  'PUT /api/columns/:id': (w) => [w.lead.token, 'PUT', `/api/columns/${w.column('Done').id}`, { wipLimit: 3 }],
  'DELETE /api/columns/:id': (w) => [w.lead.token, 'DELETE', `/api/columns/${w.column('Done').id}`],
  'POST /api/issues': (w) => [
    w.member.token,
    'POST',
    '/api/issues',
    { projectId: w.project.id, columnId: w.column('To Do').id, title: 'new' },
  ],
  'PATCH /api/issues/:id': (w) => [w.member.token, 'PATCH', `/api/issues/${w.issueId}`, { title: 'changed' }],
  'POST /api/issues/bulk': (w) => [
    w.member.token,
    'POST',
    '/api/issues/bulk',
    { ids: [w.issueId], set: { priority: 'HIGH' } },
  ],
  'DELETE /api/issues/:id': (w) => [w.lead.token, 'DELETE', `/api/issues/${w.issueId}`],
  'PUT /api/issues/:id/position': (w) => [
    w.member.token,
    'PUT',
    `/api/issues/${w.issueId}/position`,
    {
      sourceColumnId: w.column('To Do').id,
      destinationColumnId: w.column('Done').id,
      position: 0,
      boardId: w.board.id,
    },
  ],
  // Refused before the description is read: the world's issue has no task to tick.
  'PUT /api/projects/:key/cycles': (w) => [w.lead.token, 'PUT', `/api/projects/${w.key}/cycles`, { enabled: true }],
  'PUT /api/issues/:id/tasks/:index': (w) => [
    w.member.token,
    'PUT',
    `/api/issues/${w.issueId}/tasks/0`,
    { checked: true, text: 'Build it' },
  ],
  'POST /api/issues/:id/comments': (w) => [w.member.token, 'POST', `/api/issues/${w.issueId}/comments`, { body: 'hi' }],
  'PUT /api/comments/:id': (w) => [w.lead.token, 'PUT', `/api/comments/${w.commentId}`, { body: 'edit' }],
  'DELETE /api/comments/:id': (w) => [w.member.token, 'DELETE', `/api/comments/${w.memberCommentId}`],
  // Refused before anything else is looked at, so a restore of something not deleted says the same.
  'POST /api/issues/:id/restore': (w) => [w.lead.token, 'POST', `/api/issues/${w.issueId}/restore`],
  'POST /api/comments/:id/restore': (w) => [w.member.token, 'POST', `/api/comments/${w.memberCommentId}/restore`],
  'POST /api/comments/:id/reactions': (w) => [
    w.member.token,
    'POST',
    `/api/comments/${w.commentId}/reactions`,
    { type: 'heart' },
  ],
  'POST /api/boards/:id/labels': (w) => [
    w.member.token,
    'POST',
    `/api/boards/${w.board.id}/labels`,
    { name: 'new', color: 'blue' },
  ],
  'PATCH /api/labels/:id': (w) => [w.lead.token, 'PATCH', `/api/labels/${w.labelId}`, { color: 'green' }],
  'DELETE /api/labels/:id': (w) => [w.lead.token, 'DELETE', `/api/labels/${w.labelId}`],
  'POST /api/issues/:id/attachments': (w) => [
    w.member.token,
    'POST',
    `/api/issues/${w.issueId}/attachments?name=late.txt`,
    Buffer.from('late'),
  ],
  'DELETE /api/attachments/:id': (w) => [w.member.token, 'DELETE', `/api/attachments/${w.attachmentId}`],
  'PUT /api/issues/:id/cover': (w) => [
    w.member.token,
    'PUT',
    `/api/issues/${w.issueId}/cover`,
    { coverAttachmentId: null },
  ],
  'PUT /api/issues/:id/parent': (w) => [w.member.token, 'PUT', `/api/issues/${w.issueId}/parent`, { parentId: null }],
  'POST /api/issues/:id/relations': (w) => [
    w.member.token,
    'POST',
    `/api/issues/${w.issueId}/relations`,
    { type: 'relates', issueKey: w.issueKey },
  ],
  'DELETE /api/issues/:id/relations/:relationId': (w) => [
    w.member.token,
    'DELETE',
    `/api/issues/${w.issueId}/relations/1`,
  ],
  'POST /api/imports/:id/people': (w) => [
    w.lead.token,
    'POST',
    `/api/imports/${w.importId}/people`,
    { emails: [w.member.email] },
  ],
};

/** The project's board with a second board beside it, so deleting one would be allowed. */
async function archivedWorld(): Promise<ArchivedWorld> {
  const w = await givenWorld(t);
  await t.ok(t.as(w.lead.token).post(`/api/projects/${w.project.id}/boards`, { name: 'Second' }));
  const file = await t.ok<{ id: string }>(
    t.as(w.member.token).post(`/api/issues/${w.issueId}/attachments?name=kept.txt`, Buffer.from('kept')),
  );
  await t.ok(t.as(w.lead.token).post(`/api/projects/${w.key}/archive`));
  const [job] = await queryRows<{ id: string }>(
    t.database.db,
    sql`insert into board.import_jobs (user_id, format, project_key, status, project_id, offers)
        values (${w.lead.user.id}, 'csv', ${w.key}, 'succeeded', ${w.project.id},
                ${JSON.stringify([{ userId: Number(w.member.user.id), email: w.member.email, issueIds: [Number(w.issueId)] }])}::jsonb)
        returning id::text`,
  );
  return { ...w, importId: job!.id, attachmentId: file.id };
}

/** Everything a write could change: the boards, the comments with their reactions. */
const snapshot = async (w: World) => ({
  project: await t.ok<ProjectDto>(t.as(w.lead.token).get(`/api/projects/${w.key}`)),
  board: await t.ok<BoardDto>(t.as(w.lead.token).get(`/api/boards/${w.board.id}`)),
  comments: await t.ok<CommentDto[]>(t.as(w.lead.token).get(`/api/issues/${w.issueId}/comments`)),
});

describe('an archived project refuses every write', () => {
  it('covers every write route of the board service', () => {
    const routes = new Set(
      t.platform.apps.board.routes
        .filter((r) => !['GET', 'ALL', 'HEAD', 'OPTIONS'].includes(r.method) && !r.path.includes('/internal/'))
        .map((r) => `${r.method} ${r.path}`),
    );
    // An import writes only into the new project it creates, never into an existing one.
    routes.delete('POST /api/imports');
    expect([...routes].sort()).toEqual(Object.keys(writes).sort());
  });

  it.each(Object.entries(writes))('%s → 409, nothing changed', async (_route, call) => {
    const w = await archivedWorld();
    const before = await snapshot(w);
    const [token, method, path, body] = call(w);
    const res = await t.request(method, path, { token, body });
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 409,
      body: { message: messages.projectArchived },
    });
    expect(await snapshot(w)).toEqual(before);
  });

  it('still answers reads, and a non-member still gets 404 rather than 409', async () => {
    const w = await archivedWorld();
    expect((await t.as(w.member.token).get(`/api/boards/${w.board.id}`)).status).toBe(200);
    expect((await t.as(w.member.token).get(`/api/issues/by-key/${w.issueKey}`)).status).toBe(200);
    expect((await t.as(w.member.token).get(`/api/issues/${w.issueId}/activity`)).status).toBe(200);
    const outsider = await t.as(w.outsider.token).patch(`/api/issues/${w.issueId}`, { title: 'x' });
    expect(outsider.status).toBe(404);
  });

  it('takes writes again once unarchived', async () => {
    const w = await archivedWorld();
    await t.ok(t.as(w.lead.token).post(`/api/projects/${w.key}/unarchive`));
    for (const route of ['PATCH /api/issues/:id', 'PUT /api/issues/:id/position', 'POST /api/issues/:id/comments']) {
      const [token, method, path, body] = writes[route]!(w);
      expect((await t.request(method, path, { token, body })).ok).toBe(true);
    }
  });

  it('leaves its issues and projects out of search until unarchived', async () => {
    const w = await givenWorld(t);
    const found = async () =>
      await t.ok<{ issues: unknown[]; projects: unknown[] }>(t.as(w.member.token).get(`/api/search?q=${w.issueKey}`));
    expect((await found()).issues).toHaveLength(1);
    await t.ok(t.as(w.lead.token).post(`/api/projects/${w.key}/archive`));
    expect(await found()).toMatchObject({ issues: [], projects: [] });
    await t.ok(t.as(w.lead.token).post(`/api/projects/${w.key}/unarchive`));
    expect((await found()).issues).toHaveLength(1);
  });
});
