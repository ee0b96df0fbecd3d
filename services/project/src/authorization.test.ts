import {
  createTestPlatform,
  freshAddress,
  freshProjectKey,
  givenCaller,
  givenProject,
  type GivenProject,
  type GivenUser,
  type TestPlatform,
} from '@trackboard/test-platform';

// Who may call what on the project service: every route × every kind of caller → status.
// Only ACTIVE accounts use projects (spec §6: pending, rejected and suspended accounts cannot
// use the app; the latter two hold revoked tokens: 401). A non-member gets the same 404 as for a
// project that does not exist; the lead edits and adds members; an administrator reads every
// project, removes members and deletes projects, but does not edit them (§6).
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

const callers = [
  'anonymous',
  'pending-verification',
  'pending-approval',
  'suspended',
  'rejected',
  'non-member',
  'member',
  'lead',
  'admin',
] as const;
type Caller = (typeof callers)[number];
type Call = [method: string, path: string, body?: unknown];
/** A route, the status per caller (in the order of `callers`), and the request it makes on a fresh project. */
type Row = [route: string, expected: number[], call: (p: GivenProject) => Promise<Call> | Call];

const callerOf = (kind: Caller, p: GivenProject): Promise<GivenUser | undefined> | GivenUser =>
  kind === 'member' ? p.member : kind === 'lead' ? p.lead : givenCaller(t, kind === 'non-member' ? 'user' : kind);

// prettier-ignore
const rows: Row[] = [
  //                                   anon pendV pendA susp  rej  non-m memb lead admin
  ['GET /projects',                    [401, 403, 403, 401, 401, 200, 200, 200, 200], () => ['GET', '/api/projects']],
  ['POST /projects',                   [401, 403, 403, 401, 401, 201, 201, 201, 201], () => ['POST', '/api/projects', { name: 'Another', key: freshProjectKey() }]],
  ['GET /projects/:key',               [401, 403, 403, 401, 401, 404, 200, 200, 200], (p) => ['GET', `/api/projects/${p.key}`]],
  ['PUT /projects/:key',               [401, 403, 403, 401, 401, 404, 403, 200, 403], (p) => ['PUT', `/api/projects/${p.key}`, { description: 'changed' }]],
  ['PUT /projects/:key (new lead)',    [401, 403, 403, 401, 401, 404, 403, 200, 403], (p) => ['PUT', `/api/projects/${p.key}`, { leadId: p.member.user.id }]],
  ['DELETE /projects/:key',            [401, 403, 403, 401, 401, 404, 403, 204, 204], (p) => ['DELETE', `/api/projects/${p.key}`]],
  ['GET /projects?archived=true',      [401, 403, 403, 401, 401, 200, 200, 200, 200], () => ['GET', '/api/projects?archived=true']],
  ['POST /projects/:key/archive',      [401, 403, 403, 401, 401, 404, 403, 200, 200], (p) => ['POST', `/api/projects/${p.key}/archive`]],
  ['POST /projects/:key/unarchive',    [401, 403, 403, 401, 401, 404, 403, 409, 409], (p) => ['POST', `/api/projects/${p.key}/unarchive`]],
  ['GET /projects/:key/members',       [401, 403, 403, 401, 401, 404, 200, 200, 200], (p) => ['GET', `/api/projects/${p.key}/members`]],
  ['POST /projects/:key/members',      [401, 403, 403, 401, 401, 404, 403, 201, 403], async (p) => ['POST', `/api/projects/${p.key}/members`, { email: (await t.givenUser()).email }]],
  ['DELETE /projects/:key/members/:id',[401, 403, 403, 401, 401, 404, 403, 200, 200], (p) => ['DELETE', `/api/projects/${p.key}/members/${p.extra.user.id}`]],
  ['GET /dashboard',                   [401, 403, 403, 401, 401, 200, 200, 200, 200], () => ['GET', '/api/dashboard']],
  ['GET /dashboard/project/:id',       [401, 403, 403, 401, 401, 404, 200, 200, 200], (p) => ['GET', `/api/dashboard/project/${p.project.id}`]],
  ['GET /health/project',              [200, 200, 200, 200, 200, 200, 200, 200, 200], () => ['GET', '/api/health/project']],
];

describe('who may call what on projects', () => {
  it.each(rows)('%s', async (_route, statuses, call) => {
    const got: Record<string, number> = {};
    for (const kind of callers) {
      const p = await givenProject(t); // fresh each time: several calls change or delete the project
      const me = await callerOf(kind, p);
      const [method, path, body] = await call(p);
      got[kind] = (await t.request(method, path, { token: me?.token, body, ip: freshAddress() })).status;
    }
    expect(got).toEqual(Object.fromEntries(callers.map((kind, i) => [kind, statuses[i]])));
  });
});
