import type { ProjectCycles } from '@trackboard/contracts';
import {
  authorizationTable,
  createTestPlatform,
  type AuthorizationRow,
  type TestPlatform,
} from '@trackboard/test-platform';
import { freshKey } from './testing/given-import';
import { givenWorld, type World } from './testing/given-world';
import { until } from './testing/until';

// Who may call what on the board service: every route × anonymous, non-member, member, viewer, lead, admin.
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

// The non-member, the member and the lead are the world's (each world's own).
const callers = {
  anonymous: () => undefined,
  'non-member': (w: World) => w.outsider,
  member: (w: World) => w.member,
  viewer: givenViewer,
  lead: (w: World) => w.lead,
  admin: () => t.admin(),
};
/** Someone the lead added to the world's project as a viewer: reads all, changes nothing but comments. */
async function givenViewer(w: World) {
  const viewer = await t.givenUser({ name: 'Vera Viewer' });
  await t.ok(t.as(w.lead.token).post(`/api/projects/${w.key}/members`, { email: viewer.email, role: 'viewer' }));
  return viewer;
}
type Row<Target = World> = AuthorizationRow<Target, { token: string } | undefined>;

// 'target': the call changes the world (a board, column, issue, comment or label in it).
// prettier-ignore
const rows: Row[] = [
  //                                                anon non-m memb view lead admin
  ['GET /boards/:id',                               [401, 404, 200, 200, 200, 200], (w) => ['GET', `/api/boards/${w.board.id}`]],
  ['PUT /boards/:id',                               [401, 404, 403, 403, 200, 200], (w) => ['PUT', `/api/boards/${w.board.id}`, { name: 'Renamed' }], 'target'],
  // One of two boards: 'who may delete one of a project’s boards' below.
  ['DELETE /boards/:id (the project’s last board: 400)', [401, 404, 403, 403, 400, 400], (w) => ['DELETE', `/api/boards/${w.board.id}`], 'target'],
  ['POST /projects/:id/boards',                     [401, 404, 403, 403, 201, 201], (w) => ['POST', `/api/projects/${w.project.id}/boards`, { name: 'More' }], 'target'],
  ['POST /boards/:id/columns',                      [401, 404, 403, 403, 201, 201], (w) => ['POST', `/api/boards/${w.board.id}/columns`, { name: 'Backlog' }], 'target'],
  ['PUT /columns/:id',                              [401, 404, 403, 403, 200, 200], (w) => ['PUT', `/api/columns/${w.column('Done').id}`, { name: 'Closed' }], 'target'],
  ['DELETE /columns/:id',                           [401, 404, 403, 403, 204, 204], (w) => ['DELETE', `/api/columns/${w.column('Done').id}`], 'target'],
  ['POST /issues',                                  [401, 404, 201, 403, 201, 201], (w) => ['POST', '/api/issues', { projectId: w.project.id, columnId: w.column('To Do').id, title: 'new' }], 'target'],
  ['GET /issues/:id',                               [401, 404, 200, 200, 200, 200], (w) => ['GET', `/api/issues/${w.issueId}`]],
  ['PATCH /issues/:id',                             [401, 404, 200, 403, 200, 200], (w) => ['PATCH', `/api/issues/${w.issueId}`, { title: 'changed' }], 'target'],
  ['DELETE /issues/:id',                            [401, 404, 403, 403, 204, 204], (w) => ['DELETE', `/api/issues/${w.issueId}`], 'target'],
  ['POST /issues/bulk',                             [401, 404, 200, 403, 200, 200], (w) => ['POST', '/api/issues/bulk', { ids: [w.issueId], set: { priority: 'HIGH' } }], 'target'],
  ['POST /issues/bulk (delete)',                    [401, 404, 403, 403, 200, 200], (w) => ['POST', '/api/issues/bulk', { ids: [w.issueId], delete: true }], 'target'],
  ['PUT /issues/:id/position',                      [401, 404, 200, 403, 200, 200], (w) => ['PUT', `/api/issues/${w.issueId}/position`, { sourceColumnId: w.column('To Do').id, destinationColumnId: w.column('Done').id, position: 0, boardId: w.board.id }], 'target'],
  ['GET /issues/:id/comments',                      [401, 404, 200, 200, 200, 200], (w) => ['GET', `/api/issues/${w.issueId}/comments`]],
  ['POST /issues/:id/comments',                     [401, 404, 201, 201, 201, 201], (w) => ['POST', `/api/issues/${w.issueId}/comments`, { body: 'hi' }], 'target'],
  ['PUT /comments/:id (the lead’s)',                [401, 404, 403, 403, 200, 403], (w) => ['PUT', `/api/comments/${w.commentId}`, { body: 'edit' }], 'target'],
  ['DELETE /comments/:id (the member’s)',           [401, 404, 204, 403, 204, 204], (w) => ['DELETE', `/api/comments/${w.memberCommentId}`], 'target'],
  ['POST /comments/:id/reactions',                  [401, 404, 200, 200, 200, 200], (w) => ['POST', `/api/comments/${w.commentId}/reactions`, { type: 'heart' }], 'target'],
  ['GET /issues/by-key/:key',                       [401, 404, 200, 200, 200, 200], (w) => ['GET', `/api/issues/by-key/${w.issueKey}`]],
  ['GET /issues/:id/activity',                      [401, 404, 200, 200, 200, 200], (w) => ['GET', `/api/issues/${w.issueId}/activity`]],
  ['GET /boards/:id/labels',                        [401, 404, 200, 200, 200, 200], (w) => ['GET', `/api/boards/${w.board.id}/labels`]],
  ['POST /boards/:id/labels',                       [401, 404, 201, 403, 201, 201], (w) => ['POST', `/api/boards/${w.board.id}/labels`, { name: 'new', color: 'blue' }], 'target'],
  ['PATCH /labels/:id',                             [401, 404, 403, 403, 200, 200], (w) => ['PATCH', `/api/labels/${w.labelId}`, { color: 'green' }], 'target'],
  ['DELETE /labels/:id',                            [401, 404, 403, 403, 204, 204], (w) => ['DELETE', `/api/labels/${w.labelId}`], 'target'],
  ['GET /projects/:key/export',                     [401, 404, 200, 200, 200, 200], (w) => ['GET', `/api/projects/${w.key}/export`]],
  ['GET /projects/:key/export?format=zip',          [401, 404, 200, 200, 200, 200], (w) => ['GET', `/api/projects/${w.key}/export?format=zip`]],
  ['GET /projects/:key/progress',                   [401, 404, 200, 200, 200, 200], (w) => ['GET', `/api/projects/${w.key}/progress`]],
  // Anyone signed in imports into a new project of their own: the world is not touched.
  ['POST /imports',                                 [401, 202, 202, 202, 202, 202], () => ['POST', `/api/imports?format=csv&key=${freshKey('Z')}&name=Imported`, 'Title\nFirst\n']],
  ['GET /search (a non-member finds nothing: search.db.test.ts)', [401, 200, 200, 200, 200, 200], (w) => ['GET', `/api/search?q=${w.issueKey}`]],
];

describe('who may call what on boards', () => {
  authorizationTable(rows, callers, { platform: () => t, target: () => givenWorld(t) });
});

describe('who may delete one of a project’s boards', () => {
  const withSecondBoard = async () => {
    const w = await givenWorld(t);
    const second = await t.ok<{ id: string }>(
      t.as(w.lead.token).post(`/api/projects/${w.project.id}/boards`, { name: 'Second' }),
    );
    return { ...w, second };
  };
  // prettier-ignore
  const oneOfTwo: Row<World & { second: { id: string } }>[] = [
    //                                              anon non-m memb view lead admin
    ['DELETE /boards/:id (one of two)',             [401, 404, 403, 403, 204, 204], (w) => ['DELETE', `/api/boards/${w.second.id}`], 'target'],
  ];
  authorizationTable(oneOfTwo, callers, { platform: () => t, target: withSecondBoard });
});

describe('who may undo a delete', () => {
  // Who could delete it restores it: an issue the lead deleted, each comment deleted by whoever wrote it.
  const withDeletes = async () => {
    const w = await givenWorld(t);
    const doomed = await t.ok<{ id: string }>(
      t
        .as(w.member.token)
        .post('/api/issues', { projectId: w.project.id, columnId: w.column('To Do').id, title: 'doomed' }),
    );
    const deleted = await Promise.all([
      t.as(w.lead.token).delete(`/api/issues/${doomed.id}`),
      t.as(w.lead.token).delete(`/api/comments/${w.commentId}`),
      t.as(w.member.token).delete(`/api/comments/${w.memberCommentId}`),
    ]);
    expect(deleted.map((res) => res.status)).toEqual([204, 204, 204]);
    return { ...w, deletedIssueId: doomed.id };
  };
  // prettier-ignore
  const restores: Row<World & { deletedIssueId: string }>[] = [
    //                                              anon non-m memb view lead admin
    ['POST /issues/:id/restore',                    [401, 404, 403, 403, 200, 200], (w) => ['POST', `/api/issues/${w.deletedIssueId}/restore`], 'target'],
    ['POST /comments/:id/restore (the lead’s)',     [401, 404, 403, 403, 200, 200], (w) => ['POST', `/api/comments/${w.commentId}/restore`], 'target'],
    ['POST /comments/:id/restore (the member’s)',   [401, 404, 200, 403, 200, 200], (w) => ['POST', `/api/comments/${w.memberCommentId}/restore`], 'target'],
    ['POST /issues/:id/restore (not deleted: 409)', [401, 404, 403, 403, 409, 409], (w) => ['POST', `/api/issues/${w.issueId}/restore`], 'target'],
  ];
  authorizationTable(restores, callers, { platform: () => t, target: withDeletes });
});

describe('who may attach, read and remove files', () => {
  // The member's file on the world's issue.
  const withFile = async () => {
    const w = await givenWorld(t);
    const file = await t.ok<{ id: string }>(
      t.as(w.member.token).post(`/api/issues/${w.issueId}/attachments?name=notes.txt`, Buffer.from('notes')),
    );
    return { ...w, attachmentId: file.id };
  };
  // prettier-ignore
  const files: Row<World & { attachmentId: string }>[] = [
    //                                                   anon non-m memb view lead admin
    ['POST /issues/:id/attachments',                     [401, 404, 201, 403, 201, 201], (w) => ['POST', `/api/issues/${w.issueId}/attachments?name=more.txt`, Buffer.from('more')], 'target'],
    ['GET /issues/:id/attachments',                      [401, 404, 200, 200, 200, 200], (w) => ['GET', `/api/issues/${w.issueId}/attachments`]],
    ['GET /attachments/:id',                             [401, 404, 200, 200, 200, 200], (w) => ['GET', `/api/attachments/${w.attachmentId}`]],
    ['GET /attachments/:id/link',                        [401, 404, 200, 200, 200, 200], (w) => ['GET', `/api/attachments/${w.attachmentId}/link`]],
    ['PUT /issues/:id/cover (none)',                     [401, 404, 200, 403, 200, 200], (w) => ['PUT', `/api/issues/${w.issueId}/cover`, { coverAttachmentId: null }], 'target'],
    ['DELETE /attachments/:id (the member’s)',           [401, 404, 204, 403, 204, 204], (w) => ['DELETE', `/api/attachments/${w.attachmentId}`], 'target'],
    // Reached without a token: the signature is the proof, and a missing one is bad input.
    ['GET /attachment-files/:id (unsigned)',             [400, 400, 400, 400, 400, 400], (w) => ['GET', `/api/attachment-files/${w.attachmentId}`]],
  ];
  authorizationTable(files, callers, { platform: () => t, target: withFile });
});

describe('who may link issues', () => {
  // A second issue, the world's issue blocking it, and the world's issue as its parent.
  const withLinks = async () => {
    const w = await givenWorld(t);
    const other = await t.ok<{ id: string; key: string }>(
      t
        .as(w.member.token)
        .post('/api/issues', { projectId: w.project.id, columnId: w.column('To Do').id, title: 'other' }),
    );
    const link = await t.ok<{ id: string }>(
      t.as(w.member.token).post(`/api/issues/${w.issueId}/relations`, { type: 'blocks', issueKey: other.key }),
    );
    return { ...w, otherId: other.id, otherKey: other.key, relationId: link.id };
  };
  // prettier-ignore
  const links: Row<World & { otherId: string; otherKey: string; relationId: string }>[] = [
    //                                                   anon non-m memb view lead admin
    ['PUT /issues/:id/parent',                           [401, 404, 200, 403, 200, 200], (w) => ['PUT', `/api/issues/${w.otherId}/parent`, { parentId: w.issueId }], 'target'],
    ['GET /issues/:id/sub-issues',                       [401, 404, 200, 200, 200, 200], (w) => ['GET', `/api/issues/${w.issueId}/sub-issues`]],
    ['GET /issues/:id/relations',                        [401, 404, 200, 200, 200, 200], (w) => ['GET', `/api/issues/${w.issueId}/relations`]],
    ['POST /issues/:id/relations',                       [401, 404, 201, 403, 201, 201], (w) => ['POST', `/api/issues/${w.issueId}/relations`, { type: 'relates', issueKey: w.otherKey }], 'target'],
    ['DELETE /issues/:id/relations/:relationId',         [401, 404, 204, 403, 204, 204], (w) => ['DELETE', `/api/issues/${w.otherId}/relations/${w.relationId}`], 'target'],
  ];
  authorizationTable(links, callers, { platform: () => t, target: withLinks });
});

describe('who may tick a task', () => {
  // The world's issue with a task in its description: whoever may edit the issue ticks it.
  const withTask = async () => {
    const w = await givenWorld(t);
    await t.ok(t.as(w.member.token).patch(`/api/issues/${w.issueId}`, { description: '- [ ] Build it' }));
    return w;
  };
  // prettier-ignore
  const ticks: Row[] = [
    //                                                   anon non-m memb view lead admin
    ['PUT /issues/:id/tasks/:index',                     [401, 404, 200, 403, 200, 200], (w) => ['PUT', `/api/issues/${w.issueId}/tasks/0`, { checked: true, text: 'Build it' }], 'target'],
  ];
  authorizationTable(ticks, callers, { platform: () => t, target: withTask });
});

describe('who may read an import job and add the people it offers', () => {
  // The lead's finished import of a CSV that assigns its one issue to the member: the member is offered.
  const withImport = async () => {
    const w = await givenWorld(t);
    const started = await t.request('POST', `/api/imports?format=csv&key=${freshKey('J')}&name=Mine`, {
      token: w.lead.token,
      body: `Title,Assignee\nFirst,${w.member.email}\n`,
    });
    const { id } = (await started.json()) as { id: string };
    await until(
      async () => (await t.ok<{ status: string }>(t.as(w.lead.token).get(`/api/imports/${id}`))).status === 'succeeded',
      'the import to finish',
    );
    return { ...w, importId: id };
  };
  // prettier-ignore
  const importJob: Row<World & { importId: string }>[] = [
    //                                                       anon non-m memb view lead admin
    ['GET /imports/:id: only the user who started it',        [401, 404, 404, 404, 200, 404], (w) => ['GET', `/api/imports/${w.importId}`]],
    ['POST /imports/:id/people: only the user who started it', [401, 404, 404, 404, 200, 404], (w) => ['POST', `/api/imports/${w.importId}/people`, { emails: [w.member.email] }], 'target'],
  ];
  authorizationTable(importJob, callers, { platform: () => t, target: withImport });
});

describe('bad input to every board route', () => {
  it('answers 4xx with a message and changes nothing', async () => {
    const w = await givenWorld(t);
    const before = await w.fetchBoard(w.lead.token);
    const routes: [string, string][] = [
      ['PUT', `/api/boards/${w.board.id}`],
      ['POST', `/api/projects/${w.project.id}/boards`],
      ['POST', `/api/boards/${w.board.id}/columns`],
      ['PUT', `/api/columns/${w.column('Done').id}`],
      ['POST', '/api/issues'],
      ['PATCH', `/api/issues/${w.issueId}`],
      ['PUT', `/api/issues/${w.issueId}/position`],
      ['POST', `/api/issues/${w.issueId}/comments`],
      ['PUT', `/api/comments/${w.commentId}`],
      ['POST', `/api/comments/${w.commentId}/reactions`],
      ['POST', `/api/boards/${w.board.id}/labels`],
      ['PATCH', `/api/labels/${w.labelId}`],
    ];
    const bodies = [
      '{"broken',
      '[]',
      '"text"',
      'null',
      '{"name":7,"title":[],"position":-1,"columnId":"x","body":{},"type":"rocket","links":5,"extra":true}',
      '{"color":"magenta","assigneeId":"x","labelIds":"a","dueDate":"2026-02-30","owner":[]}',
    ];
    for (const [method, path] of routes) {
      for (const body of bodies) {
        const res = await t.platform.apps.board.request(path, {
          method,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${w.lead.token}` },
          body,
        });
        expect({ path, body, ok: res.status >= 400 && res.status < 500 }).toEqual({ path, body, ok: true });
        expect((await res.json()).message).toEqual(expect.any(String));
      }
    }
    // A malformed path id is a 400 naming the field (one decision for every service).
    for (const path of [
      '/api/boards/abc',
      '/api/issues/-1',
      '/api/issues/1.5/comments',
      '/api/issues/x/activity',
      '/api/boards/0/labels',
      '/api/issues/by-key/WEB',
    ])
      expect((await t.as(w.lead.token).get(path)).status).toBe(400);
    const after = await w.fetchBoard(w.lead.token);
    expect(after).toEqual(before);
  });
});

describe('who may plan cycles and read them', () => {
  // The world's project with cycles turned on by its lead: the cycle running today.
  const withCycles = async () => {
    const w = await givenWorld(t);
    const planned = await t.ok<ProjectCycles>(
      t.as(w.lead.token).put(`/api/projects/${w.key}/cycles`, { enabled: true }),
    );
    return { ...w, cycleId: planned.cycles[0]!.id };
  };
  // prettier-ignore
  const cycleRows: Row<World & { cycleId: string }>[] = [
    //                                              anon non-m memb view lead admin
    ['GET /projects/:key/cycles',                   [401, 404, 200, 200, 200, 200], (w) => ['GET', `/api/projects/${w.key}/cycles`]],
    ['PUT /projects/:key/cycles',                   [401, 404, 403, 403, 200, 200], (w) => ['PUT', `/api/projects/${w.key}/cycles`, { weeks: 1 }], 'target'],
    ['GET /cycles/:id',                             [401, 404, 200, 200, 200, 200], (w) => ['GET', `/api/cycles/${w.cycleId}`]],
    ['PATCH /issues/:id (into a cycle)',            [401, 404, 200, 403, 200, 200], (w) => ['PATCH', `/api/issues/${w.issueId}`, { cycleId: w.cycleId }], 'target'],
  ];
  authorizationTable(cycleRows, callers, { platform: () => t, target: withCycles });
});
