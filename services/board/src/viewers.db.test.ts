import { messages, type BoardDto, type CommentDto, type ProjectDto } from '@trackboard/contracts';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { givenWorld, type World } from './testing/given-world';

// A project's viewers read everything and change nothing: every write of the board service
// refuses them, whatever the engine; comments and reactions only where the project allows.
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

async function withViewer() {
  const w = await givenWorld(t);
  const viewer = await t.givenUser({ name: 'Vera Viewer' });
  await t.ok(t.as(w.lead.token).post(`/api/projects/${w.key}/members`, { email: viewer.email, role: 'viewer' }));
  return { ...w, viewer };
}

/** Every write of the board service on the world's things, as a viewer would send it. */
function everyWrite(w: World): [string, string, unknown?][] {
  const todo = w.column('To Do').id;
  const done = w.column('Done').id;
  return [
    ['PUT', `/api/boards/${w.board.id}`, { name: 'Renamed' }],
    ['DELETE', `/api/boards/${w.board.id}`],
    ['POST', `/api/projects/${w.project.id}/boards`, { name: 'More' }],
    ['POST', `/api/boards/${w.board.id}/columns`, { name: 'Backlog' }],
    ['PUT', `/api/columns/${done}`, { name: 'Closed' }],
    ['DELETE', `/api/columns/${done}`],
    ['POST', '/api/issues', { projectId: w.project.id, columnId: todo, title: 'new' }],
    ['PATCH', `/api/issues/${w.issueId}`, { title: 'changed' }],
    ['PATCH', `/api/issues/${w.issueId}`, { description: '- [ ] Build it' }],
    ['DELETE', `/api/issues/${w.issueId}`],
    ['POST', `/api/issues/${w.issueId}/restore`],
    ['POST', '/api/issues/bulk', { ids: [w.issueId], set: { priority: 'HIGH' } }],
    ['POST', '/api/issues/bulk', { ids: [w.issueId], delete: true }],
    [
      'PUT',
      `/api/issues/${w.issueId}/position`,
      { sourceColumnId: todo, destinationColumnId: done, position: 0, boardId: w.board.id },
    ],
    ['PUT', `/api/issues/${w.issueId}/tasks/0`, { checked: true, text: 'Build it' }],
    ['PUT', `/api/issues/${w.issueId}/parent`, { parentId: null }],
    ['POST', `/api/issues/${w.issueId}/relations`, { type: 'relates', issueKey: w.issueKey }],
    ['POST', `/api/issues/${w.issueId}/attachments?name=notes.txt`, Buffer.from('notes')],
    ['PUT', `/api/issues/${w.issueId}/cover`, { coverAttachmentId: null }],
    ['PUT', `/api/comments/${w.commentId}`, { body: 'edit' }],
    ['DELETE', `/api/comments/${w.memberCommentId}`],
    ['POST', `/api/comments/${w.commentId}/restore`],
    ['POST', `/api/boards/${w.board.id}/labels`, { name: 'new', color: 'blue' }],
    ['PATCH', `/api/labels/${w.labelId}`, { color: 'green' }],
    ['DELETE', `/api/labels/${w.labelId}`],
    ['PUT', `/api/projects/${w.key}/cycles`, { enabled: true }],
  ];
}

describe("a project's viewer", () => {
  it('is refused on every write route, and the board stays as it was', async () => {
    const w = await withViewer();
    const before = await w.fetchBoard(w.lead.token);
    const answers = [];
    for (const [method, path, body] of everyWrite(w)) {
      const res = await t.request(method, path, { token: w.viewer.token, body });
      answers.push({ call: `${method} ${path}`, status: res.status });
    }
    expect(answers).toEqual(answers.map(({ call }) => ({ call, status: 403 })));
    expect(await w.fetchBoard(w.lead.token)).toEqual(before);
  });

  it('reads the board, which names its viewers and says whether they may comment', async () => {
    const w = await withViewer();
    const board = await t.ok<BoardDto>(t.as(w.viewer.token).get(`/api/boards/${w.board.id}`));
    expect(board.viewerIds).toEqual([w.viewer.user.id]);
    expect(board.viewersMayComment).toBe(true);
    expect(board.users.map((u) => u.name)).toContain('Vera Viewer');
    const refused = await t.as(w.viewer.token).patch(`/api/issues/${w.issueId}`, { title: 'mine now' });
    expect(await refused.json()).toMatchObject({ message: messages.viewerReadOnly });
  });

  it('comments and reacts while the project lets viewers comment, and not once the lead turns it off', async () => {
    const w = await withViewer();
    const comment = await t.ok<CommentDto>(
      t.as(w.viewer.token).post(`/api/issues/${w.issueId}/comments`, { body: 'A question from outside' }),
    );
    expect(comment.body).toBe('A question from outside');
    expect((await t.as(w.viewer.token).post(`/api/comments/${w.commentId}/reactions`, { type: 'heart' })).status).toBe(
      200,
    );

    const project = await t.ok<ProjectDto>(
      t.as(w.lead.token).put(`/api/projects/${w.key}`, { viewersMayComment: false }),
    );
    expect(project.viewersMayComment).toBe(false);
    const refused = await t.as(w.viewer.token).post(`/api/issues/${w.issueId}/comments`, { body: 'Another' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: messages.viewerCannotComment });
    expect(
      (await t.as(w.viewer.token).post(`/api/comments/${w.commentId}/reactions`, { type: 'thumbsup' })).status,
    ).toBe(403);
    const board = await t.ok<BoardDto>(t.as(w.viewer.token).get(`/api/boards/${w.board.id}`));
    expect(board.viewersMayComment).toBe(false);
    // Members are not viewers: the switch leaves them alone.
    expect((await t.as(w.member.token).post(`/api/issues/${w.issueId}/comments`, { body: 'Still here' })).status).toBe(
      201,
    );
  });

  it('is refused the moment a member is made one, and edits once made a member again', async () => {
    const w = await withViewer();
    const roles = (p: ProjectDto) => Object.fromEntries(p.members.map((m) => [m.name, m.role]));
    const demoted = await t.ok<ProjectDto>(
      t.as(w.lead.token).patch(`/api/projects/${w.key}/members/${w.member.user.id}`, { role: 'viewer' }),
    );
    expect(roles(demoted)).toEqual({ 'Lea Lead': 'lead', 'Max Member': 'viewer', 'Vera Viewer': 'viewer' });
    expect((await t.as(w.member.token).patch(`/api/issues/${w.issueId}`, { title: 'x' })).status).toBe(403);

    await t.ok(t.as(w.lead.token).patch(`/api/projects/${w.key}/members/${w.viewer.user.id}`, { role: 'member' }));
    expect((await t.as(w.viewer.token).patch(`/api/issues/${w.issueId}`, { title: 'by Vera' })).status).toBe(200);
  });

  it('edits once made the lead, and the lead’s own role is not changed apart from the lead', async () => {
    const w = await withViewer();
    const fixed = await t
      .as(w.lead.token)
      .patch(`/api/projects/${w.key}/members/${w.lead.user.id}`, { role: 'viewer' });
    expect(fixed.status).toBe(409);
    expect(await fixed.json()).toMatchObject({ message: messages.leadRoleFixed });

    const handedOver = await t.ok<ProjectDto>(
      t.as(w.lead.token).put(`/api/projects/${w.key}`, { leadId: w.viewer.user.id }),
    );
    expect(handedOver.members.find((m) => m.name === 'Vera Viewer')).toMatchObject({ isLead: true, role: 'lead' });
    expect(handedOver.members.find((m) => m.name === 'Lea Lead')).toMatchObject({ isLead: false, role: 'member' });
    expect((await t.as(w.viewer.token).post(`/api/boards/${w.board.id}/columns`, { name: 'Review' })).status).toBe(201);
  });

  it('is named as an unknown role or a stranger with 400 and 404, and nothing changes', async () => {
    const w = await withViewer();
    const bad = await t.as(w.lead.token).patch(`/api/projects/${w.key}/members/${w.member.user.id}`, { role: 'owner' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('role');
    const stranger = await t.as(w.lead.token).patch(`/api/projects/${w.key}/members/${w.outsider.user.id}`, {
      role: 'viewer',
    });
    expect(stranger.status).toBe(404);
    const project = await t.ok<ProjectDto>(t.as(w.lead.token).get(`/api/projects/${w.key}`));
    expect(project.members.map((m) => m.role).sort()).toEqual(['lead', 'member', 'viewer']);
  });
});
