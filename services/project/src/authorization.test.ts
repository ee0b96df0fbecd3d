import type { InvitationDto, SavedViewDto } from '@trackboard/contracts';
import {
  authorizationTable,
  createTestPlatform,
  freshProjectKey,
  givenCaller,
  givenProject,
  type AuthorizationRow,
  type GivenProject,
  type GivenUser,
  type TestPlatform,
} from '@trackboard/test-platform';

// Who may call what on the project service: every route × every kind of caller → status.
// Only ACTIVE accounts use projects (pending, rejected and suspended accounts cannot
// use the app; the latter two hold revoked tokens: 401). A non-member gets the same 404 as for a
// project that does not exist; the lead edits and adds members; an administrator reads every
// project, removes members and deletes projects, but does not edit them (§6); a viewer reads and
// changes nothing of the team's. Saved views: any member or viewer saves them; a personal view is
// its author's alone (404 to anyone else), a shared one is
// changed by its author, the lead or an administrator (403 to another member).
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

// The member and the lead are the project's (each project's own); the others are arranged once.
const callers = {
  anonymous: () => undefined,
  'pending-verification': () => givenCaller(t, 'pending-verification'),
  'pending-approval': () => givenCaller(t, 'pending-approval'),
  suspended: () => givenCaller(t, 'suspended'),
  rejected: () => givenCaller(t, 'rejected'),
  'non-member': () => givenCaller(t, 'user'),
  member: (p: GivenProject) => p.member,
  viewer: givenViewer,
  lead: (p: GivenProject) => p.lead,
  admin: () => givenCaller(t, 'admin'),
};
/** Someone the lead added to the project as a viewer: reads it, changes nothing of the team's. */
async function givenViewer(p: GivenProject) {
  const viewer = await t.givenUser();
  await t.ok(t.as(p.lead.token).post(`/api/projects/${p.key}/members`, { email: viewer.email, role: 'viewer' }));
  return viewer;
}
type Row = AuthorizationRow<GivenProject, GivenUser | undefined>;

let newcomer: Promise<GivenUser> | undefined;
/** An account on no team (whom a lead may add to any project). */
const aNewcomer = () => (newcomer ??= t.givenUser());

const views = new Map<string, Promise<string>>();
/** A saved view of the project by its member or its lead, shared or not: made once per project. */
function aView(p: GivenProject, author: 'member' | 'lead', shared: boolean): Promise<string> {
  const name = `${author} ${shared ? 'shared' : 'personal'}`;
  const key = `${p.key} ${name}`;
  if (!views.has(key))
    views.set(
      key,
      t
        .ok<SavedViewDto>(
          t
            .as(p[author].token)
            .post(`/api/projects/${p.key}/views`, { name, boardId: p.project.boards[0]!.id, shared }),
        )
        .then((view) => view.id),
    );
  return views.get(key)!;
}

let invites = 0;
/** A fresh invitation to the project, sent by its lead: its id and the mailed link's token. */
async function anInvitation(p: GivenProject) {
  const email = `invited${++invites}.${Date.now()}@example.test`;
  const sent = await t.ok<InvitationDto>(t.as(p.lead.token).post(`/api/projects/${p.key}/invitations`, { email }));
  const mail = t.mailer.sent.findLast((m) => m.to === email)!;
  return { id: sent.id, token: decodeURIComponent(/\/invitations\/([\w%-]+)/.exec(mail.text)![1]!) };
}

// 'target': the call edits, archives or deletes the project or changes its team.
// prettier-ignore
const rows: Row[] = [
  //                                   anon pendV pendA susp  rej  non-m memb view lead admin
  ['GET /projects',                    [401, 403, 403, 401, 401, 200, 200, 200, 200, 200], () => ['GET', '/api/projects']],
  ['POST /projects',                   [401, 403, 403, 401, 401, 201, 201, 201, 201, 201], () => ['POST', '/api/projects', { name: 'Another', key: freshProjectKey() }]],
  ['GET /projects/:key',               [401, 403, 403, 401, 401, 404, 200, 200, 200, 200], (p) => ['GET', `/api/projects/${p.key}`]],
  ['PUT /projects/:key',               [401, 403, 403, 401, 401, 404, 403, 403, 200, 403], (p) => ['PUT', `/api/projects/${p.key}`, { description: 'changed' }], 'target'],
  ['PUT /projects/:key (estimates)',   [401, 403, 403, 401, 401, 404, 403, 403, 200, 403], (p) => ['PUT', `/api/projects/${p.key}`, { estimateScale: 'points' }], 'target'],
  ['PUT /projects/:key (new lead)',    [401, 403, 403, 401, 401, 404, 403, 403, 200, 403], (p) => ['PUT', `/api/projects/${p.key}`, { leadId: p.member.user.id }], 'target'],
  ['DELETE /projects/:key',            [401, 403, 403, 401, 401, 404, 403, 403, 204, 204], (p) => ['DELETE', `/api/projects/${p.key}`], 'target'],
  ['GET /projects?archived=true',      [401, 403, 403, 401, 401, 200, 200, 200, 200, 200], () => ['GET', '/api/projects?archived=true']],
  ['POST /projects/:key/archive',      [401, 403, 403, 401, 401, 404, 403, 403, 200, 200], (p) => ['POST', `/api/projects/${p.key}/archive`], 'target'],
  ['POST /projects/:key/unarchive',    [401, 403, 403, 401, 401, 404, 403, 403, 409, 409], (p) => ['POST', `/api/projects/${p.key}/unarchive`], 'target'],
  ['GET /projects/:key/members',       [401, 403, 403, 401, 401, 404, 200, 200, 200, 200], (p) => ['GET', `/api/projects/${p.key}/members`]],
  ['POST /projects/:key/members',      [401, 403, 403, 401, 401, 404, 403, 403, 201, 403], async (p) => ['POST', `/api/projects/${p.key}/members`, { email: (await aNewcomer()).email }], 'target'],
  ['GET /projects/:key/member-candidates',[401, 403, 403, 401, 401, 404, 403, 403, 200, 200], (p) => ['GET', `/api/projects/${p.key}/member-candidates?q=e`]],
  ['PATCH /projects/:key/members/:id', [401, 403, 403, 401, 401, 404, 403, 403, 200, 200], (p) => ['PATCH', `/api/projects/${p.key}/members/${p.extra.user.id}`, { role: 'viewer' }], 'target'],
  ['PUT /projects/:key (viewers comment)',[401, 403, 403, 401, 401, 404, 403, 403, 200, 403], (p) => ['PUT', `/api/projects/${p.key}`, { viewersMayComment: false }], 'target'],
  ['DELETE /projects/:key/members/:id',[401, 403, 403, 401, 401, 404, 403, 403, 200, 200], (p) => ['DELETE', `/api/projects/${p.key}/members/${p.extra.user.id}`], 'target'],
  ['GET /projects/:key/views',         [401, 403, 403, 401, 401, 404, 200, 200, 200, 200], (p) => ['GET', `/api/projects/${p.key}/views`]],
  ['POST /projects/:key/views',        [401, 403, 403, 401, 401, 404, 201, 201, 201, 201], (p) => ['POST', `/api/projects/${p.key}/views`, { name: 'From the table', boardId: p.project.boards[0]!.id }]],
  ['GET /views',                       [401, 403, 403, 401, 401, 200, 200, 200, 200, 200], () => ['GET', '/api/views']],
  ["PATCH /views/:id (member's shared)",[401, 403, 403, 401, 401, 404, 200, 403, 200, 200], async (p) => ['PATCH', `/api/views/${await aView(p, 'member', true)}`, { query: 'view=list' }]],
  ["PATCH /views/:id (lead's shared)", [401, 403, 403, 401, 401, 404, 403, 403, 200, 200], async (p) => ['PATCH', `/api/views/${await aView(p, 'lead', true)}`, { query: 'view=list' }]],
  ["PATCH /views/:id (lead's own)",    [401, 403, 403, 401, 401, 404, 404, 404, 200, 404], async (p) => ['PATCH', `/api/views/${await aView(p, 'lead', false)}`, { query: 'view=list' }]],
  ["DELETE /views/:id (member's shared)",[401, 403, 403, 401, 401, 404, 204, 403, 204, 204], async (p) => ['DELETE', `/api/views/${await aView(p, 'member', true)}`], 'target'],
  ["DELETE /views/:id (lead's own)",   [401, 403, 403, 401, 401, 404, 404, 404, 204, 404], async (p) => ['DELETE', `/api/views/${await aView(p, 'lead', false)}`], 'target'],
  // Invitations: the lead or an administrator sends and manages them; the link previews for anyone;
  // only the invited address's account accepts (invitations.db.test.ts has the acceptances).
  ['POST /projects/:key/invitations',  [401, 403, 403, 401, 401, 404, 403, 403, 201, 201], (p) => ['POST', `/api/projects/${p.key}/invitations`, { email: `someone${++invites}@example.test` }]],
  ['GET /projects/:key/invitations',   [401, 403, 403, 401, 401, 404, 403, 403, 200, 200], (p) => ['GET', `/api/projects/${p.key}/invitations`]],
  ['POST /invitations/:id/resend',     [401, 403, 403, 401, 401, 404, 403, 403, 200, 200], async (p) => ['POST', `/api/invitations/${(await anInvitation(p)).id}/resend`]],
  ['DELETE /invitations/:id',          [401, 403, 403, 401, 401, 404, 403, 403, 204, 204], async (p) => ['DELETE', `/api/invitations/${(await anInvitation(p)).id}`]],
  ['GET /invitations/:token/preview',  [200, 200, 200, 200, 200, 200, 200, 200, 200, 200], async (p) => ['GET', `/api/invitations/${(await anInvitation(p)).token}/preview`]],
  ['POST /invitations/:token/accept',  [401, 403, 403, 401, 401, 403, 403, 403, 403, 403], async (p) => ['POST', `/api/invitations/${(await anInvitation(p)).token}/accept`]],
  ['GET /dashboard',                   [401, 403, 403, 401, 401, 200, 200, 200, 200, 200], () => ['GET', '/api/dashboard']],
  ['GET /dashboard/project/:id',       [401, 403, 403, 401, 401, 404, 200, 200, 200, 200], (p) => ['GET', `/api/dashboard/project/${p.project.id}`]],
  ['GET /dashboard/assigned',          [401, 403, 403, 401, 401, 200, 200, 200, 200, 200], (p) => ['GET', `/api/dashboard/assigned?project=${p.key}`]],
  ['GET /health/project',              [200, 200, 200, 200, 200, 200, 200, 200, 200, 200], () => ['GET', '/api/health/project']],
];

describe('who may call what on projects', () => {
  authorizationTable(rows, callers, { platform: () => t, target: () => givenProject(t) });
});
