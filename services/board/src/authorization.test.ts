import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { freshKey } from './testing/given-import';
import { givenWorld, type World } from './testing/given-world';

// Who may call what on the board service: every route × anonymous, non-member, member, lead, admin.
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

type Role = 'anonymous' | 'non-member' | 'member' | 'lead' | 'admin';
const cases: [string, (w: World) => [string, string, unknown?], Record<Role, number>][] = [
  [
    'GET /boards/:id',
    (w) => ['GET', `/api/boards/${w.board.id}`],
    { anonymous: 401, 'non-member': 404, member: 200, lead: 200, admin: 200 },
  ],
  [
    'PUT /boards/:id',
    (w) => ['PUT', `/api/boards/${w.board.id}`, { name: 'Renamed' }],
    { anonymous: 401, 'non-member': 404, member: 403, lead: 200, admin: 200 },
  ],
  [
    // One of two boards: 'who may delete one of a project’s boards' below.
    'DELETE /boards/:id (the project’s last board: 400, issue 15)',
    (w) => ['DELETE', `/api/boards/${w.board.id}`],
    { anonymous: 401, 'non-member': 404, member: 403, lead: 400, admin: 400 },
  ],
  [
    'POST /projects/:id/boards',
    (w) => ['POST', `/api/projects/${w.project.id}/boards`, { name: 'More' }],
    { anonymous: 401, 'non-member': 404, member: 403, lead: 201, admin: 201 },
  ],
  [
    'POST /boards/:id/columns',
    (w) => ['POST', `/api/boards/${w.board.id}/columns`, { name: 'Backlog' }],
    { anonymous: 401, 'non-member': 404, member: 403, lead: 201, admin: 201 },
  ],
  [
    'PUT /columns/:id',
    (w) => ['PUT', `/api/columns/${w.column('Done').id}`, { name: 'Closed' }],
    { anonymous: 401, 'non-member': 404, member: 403, lead: 200, admin: 200 },
  ],
  [
    'DELETE /columns/:id',
    (w) => ['DELETE', `/api/columns/${w.column('Done').id}`],
    { anonymous: 401, 'non-member': 404, member: 403, lead: 204, admin: 204 },
  ],
  [
    'POST /issues',
    (w) => ['POST', '/api/issues', { projectId: w.project.id, columnId: w.column('To Do').id, title: 'new' }],
    { anonymous: 401, 'non-member': 404, member: 201, lead: 201, admin: 201 },
  ],
  [
    'GET /issues/:id',
    (w) => ['GET', `/api/issues/${w.issueId}`],
    { anonymous: 401, 'non-member': 404, member: 200, lead: 200, admin: 200 },
  ],
  [
    'PATCH /issues/:id',
    (w) => ['PATCH', `/api/issues/${w.issueId}`, { title: 'changed' }],
    { anonymous: 401, 'non-member': 404, member: 200, lead: 200, admin: 200 },
  ],
  [
    'DELETE /issues/:id',
    (w) => ['DELETE', `/api/issues/${w.issueId}`],
    { anonymous: 401, 'non-member': 404, member: 403, lead: 204, admin: 204 },
  ],
  [
    'PUT /issues/:id/position',
    (w) => [
      'PUT',
      `/api/issues/${w.issueId}/position`,
      {
        sourceColumnId: w.column('To Do').id,
        destinationColumnId: w.column('Done').id,
        position: 0,
        boardId: w.board.id,
      },
    ],
    { anonymous: 401, 'non-member': 404, member: 200, lead: 200, admin: 200 },
  ],
  [
    'GET /issues/:id/comments',
    (w) => ['GET', `/api/issues/${w.issueId}/comments`],
    { anonymous: 401, 'non-member': 404, member: 200, lead: 200, admin: 200 },
  ],
  [
    'POST /issues/:id/comments',
    (w) => ['POST', `/api/issues/${w.issueId}/comments`, { body: 'hi' }],
    { anonymous: 401, 'non-member': 404, member: 201, lead: 201, admin: 201 },
  ],
  [
    'PUT /comments/:id (the lead’s)',
    (w) => ['PUT', `/api/comments/${w.commentId}`, { body: 'edit' }],
    { anonymous: 401, 'non-member': 404, member: 403, lead: 200, admin: 403 },
  ],
  [
    'DELETE /comments/:id (the member’s)',
    (w) => ['DELETE', `/api/comments/${w.memberCommentId}`],
    { anonymous: 401, 'non-member': 404, member: 204, lead: 204, admin: 204 },
  ],
  [
    'POST /comments/:id/reactions',
    (w) => ['POST', `/api/comments/${w.commentId}/reactions`, { type: 'heart' }],
    { anonymous: 401, 'non-member': 404, member: 200, lead: 200, admin: 200 },
  ],
  [
    'GET /issues/by-key/:key',
    (w) => ['GET', `/api/issues/by-key/${w.issueKey}`],
    { anonymous: 401, 'non-member': 404, member: 200, lead: 200, admin: 200 },
  ],
  [
    'GET /issues/:id/activity',
    (w) => ['GET', `/api/issues/${w.issueId}/activity`],
    { anonymous: 401, 'non-member': 404, member: 200, lead: 200, admin: 200 },
  ],
  [
    'GET /boards/:id/labels',
    (w) => ['GET', `/api/boards/${w.board.id}/labels`],
    { anonymous: 401, 'non-member': 404, member: 200, lead: 200, admin: 200 },
  ],
  [
    'POST /boards/:id/labels',
    (w) => ['POST', `/api/boards/${w.board.id}/labels`, { name: 'new', color: 'blue' }],
    { anonymous: 401, 'non-member': 404, member: 201, lead: 201, admin: 201 },
  ],
  [
    'PATCH /labels/:id',
    (w) => ['PATCH', `/api/labels/${w.labelId}`, { color: 'green' }],
    { anonymous: 401, 'non-member': 404, member: 403, lead: 200, admin: 200 },
  ],
  [
    'DELETE /labels/:id',
    (w) => ['DELETE', `/api/labels/${w.labelId}`],
    { anonymous: 401, 'non-member': 404, member: 403, lead: 204, admin: 204 },
  ],
  [
    'GET /projects/:key/export (issue 17)',
    (w) => ['GET', `/api/projects/${w.key}/export`],
    { anonymous: 401, 'non-member': 404, member: 200, lead: 200, admin: 200 },
  ],
  [
    'POST /imports (issue 17: anyone signed in imports into a new project of their own)',
    () => ['POST', `/api/imports?format=csv&key=${freshKey('Z')}&name=Imported`, 'Title\nFirst\n'],
    { anonymous: 401, 'non-member': 202, member: 202, lead: 202, admin: 202 },
  ],
  [
    'GET /search (a non-member finds nothing: search.test.ts)',
    (w) => ['GET', `/api/search?q=${w.issueKey}`],
    { anonymous: 401, 'non-member': 200, member: 200, lead: 200, admin: 200 },
  ],
];

describe('who may call what on boards', () => {
  it.each(cases)('%s', async (_name, request, expected) => {
    for (const role of Object.keys(expected) as Role[]) {
      const w = await givenWorld(t); // fresh each time: several calls change or delete things
      const token = {
        anonymous: undefined,
        'non-member': w.outsider.token,
        member: w.member.token,
        lead: w.lead.token,
        admin: (await t.admin()).token,
      }[role];
      const [method, path, body] = request(w);
      const res = await t.request(method, path, { token, body });
      expect({ role, status: res.status }).toEqual({ role, status: expected[role] });
    }
  });
});

describe('who may delete one of a project’s boards (issue 15)', () => {
  it('DELETE /boards/:id (one of two)', async () => {
    const expected: Record<Role, number> = { anonymous: 401, 'non-member': 404, member: 403, lead: 204, admin: 204 };
    for (const role of Object.keys(expected) as Role[]) {
      const w = await givenWorld(t);
      const second = await t.ok<{ id: string }>(
        t.as(w.lead.token).post(`/api/projects/${w.project.id}/boards`, { name: 'Second' }),
      );
      const token = {
        anonymous: undefined,
        'non-member': w.outsider.token,
        member: w.member.token,
        lead: w.lead.token,
        admin: (await t.admin()).token,
      }[role];
      const res = await t.request('DELETE', `/api/boards/${second.id}`, { token });
      expect({ role, status: res.status }).toEqual({ role, status: expected[role] });
    }
  });
});

describe('who may read an import job (issue 17)', () => {
  it('GET /imports/:id: only the user who started it', async () => {
    const w = await givenWorld(t);
    const started = await t.request('POST', `/api/imports?format=csv&key=${freshKey('J')}&name=Mine`, {
      token: w.lead.token,
      body: 'Title\nFirst\n',
    });
    const { id } = (await started.json()) as { id: string };
    const expected: Record<Role, number> = { anonymous: 401, 'non-member': 404, member: 404, lead: 200, admin: 404 };
    for (const role of Object.keys(expected) as Role[]) {
      const token = {
        anonymous: undefined,
        'non-member': w.outsider.token,
        member: w.member.token,
        lead: w.lead.token,
        admin: (await t.admin()).token,
      }[role];
      const res = await t.request('GET', `/api/imports/${id}`, { token });
      expect({ role, status: res.status }).toEqual({ role, status: expected[role] });
    }
  });
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
