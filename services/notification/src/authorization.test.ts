import {
  createTestPlatform,
  freshAddress,
  givenCaller,
  type CallerKind,
  type GivenUser,
  type TestPlatform,
} from '@trackboard/test-platform';
import { givenTeam, type GivenTeam } from './testing/notifications';

// Who may call what on the notification service. Only ACTIVE accounts get in (pending: 403;
// rejected and suspended hold revoked tokens: 401), and each sees only their own notifications
// and settings. The unsubscribe link is public: its signed token says whose setting it changes.
// Watching an issue is for those who can see it: its project's members and administrators.
let t: TestPlatform;
let team: GivenTeam;
beforeAll(async () => {
  t = await createTestPlatform();
  team = await givenTeam(t);
});
afterAll(() => t.close());

const callers = [
  'anonymous',
  'pending-verification',
  'pending-approval',
  'suspended',
  'rejected',
  'user',
  'admin',
] as const satisfies readonly CallerKind[];
type Call = [method: string, path: string, body?: unknown];
type Row = [route: string, expected: number[], call: (me: GivenUser | undefined) => Promise<Call> | Call];

/**
 * An issue of a project the caller belongs to (an account that cannot be added stays outside;
 * an administrator sees every project without joining).
 */
async function issueOfTheirs(me: GivenUser | undefined) {
  const issue = await team.newIssue(team.member);
  if (me?.user.status === 'ACTIVE' && !me.user.isAdmin)
    await t.ok(t.as(team.lead.token).post(`/api/projects/${team.key}/members`, { email: me.email }));
  return issue.id;
}
/** A webhook of the team's project (its target: a closed port on loopback, so a test delivery fails fast). */
const WEBHOOK = { url: 'http://127.0.0.1:9/hook', secret: 'sixteen-characters', events: ['issue.created'] };
const aWebhook = async () =>
  (await t.ok<{ id: string }>(t.as(team.lead.token).post(`/api/projects/${team.key}/webhooks`, WEBHOOK))).id;
const unsubscribeLink = async () =>
  new URL(await t.platform.notification.links.linkFor(Number(team.extra.user.id), 'comment')).search;

// prettier-ignore
const rows: Row[] = [
  //                                                  anon pendV pendA susp  rej  user admin
  ['GET /notifications',                              [401, 403, 403, 401, 401, 200, 200], () => ['GET', '/api/notifications?unread=true&limit=5']],
  ['POST /notifications/read',                        [401, 403, 403, 401, 401, 200, 200], () => ['POST', '/api/notifications/read', { all: true }]],
  ['GET /notifications/settings',                     [401, 403, 403, 401, 401, 200, 200], () => ['GET', '/api/notifications/settings']],
  ['PUT /notifications/settings',                     [401, 403, 403, 401, 401, 200, 200], () => ['PUT', '/api/notifications/settings', { comment: 'off' }]],
  ['GET /notifications/unsubscribe (a signed link)',  [200, 200, 200, 200, 200, 200, 200], async () => ['GET', `/api/notifications/unsubscribe${await unsubscribeLink()}`]],
  ['GET /issues/:id/watch (a project of theirs)',     [401, 403, 403, 401, 401, 200, 200], async (me) => ['GET', `/api/issues/${await issueOfTheirs(me)}/watch`]],
  ['PUT /issues/:id/watch (a project of theirs)',     [401, 403, 403, 401, 401, 200, 200], async (me) => ['PUT', `/api/issues/${await issueOfTheirs(me)}/watch`]],
  ['DELETE /issues/:id/watch (a project of theirs)',  [401, 403, 403, 401, 401, 200, 200], async (me) => ['DELETE', `/api/issues/${await issueOfTheirs(me)}/watch`]],
  // Webhooks: the project's lead or an administrator; any other active account is not in the project (404).
  ['POST /projects/:key/webhooks',                    [401, 403, 403, 401, 401, 404, 201], () => ['POST', `/api/projects/${team.key}/webhooks`, WEBHOOK]],
  ['GET /projects/:key/webhooks',                     [401, 403, 403, 401, 401, 404, 200], () => ['GET', `/api/projects/${team.key}/webhooks`]],
  ['DELETE /webhooks/:id',                            [401, 403, 403, 401, 401, 404, 204], async () => ['DELETE', `/api/webhooks/${await aWebhook()}`]],
  ['GET /webhooks/:id/deliveries',                    [401, 403, 403, 401, 401, 404, 200], async () => ['GET', `/api/webhooks/${await aWebhook()}/deliveries`]],
  ['POST /webhooks/:id/test',                         [401, 403, 403, 401, 401, 404, 200], async () => ['POST', `/api/webhooks/${await aWebhook()}/test`]],
  ['GET /health/notification',                        [200, 200, 200, 200, 200, 200, 200], () => ['GET', '/api/health/notification']],
];

describe('who may call what on notification', () => {
  it.each(rows)('%s', async (_route, statuses, call) => {
    const got: Record<string, number> = {};
    for (const kind of callers) {
      const me = await givenCaller(t, kind);
      const [method, path, body] = await call(me);
      got[kind] = (await t.request(method, path, { token: me?.token, body, ip: freshAddress() })).status;
    }
    expect(got).toEqual(Object.fromEntries(callers.map((kind, i) => [kind, statuses[i]])));
  });
});

type Role = 'anonymous' | 'non-member' | 'member' | 'lead' | 'admin';
const roles: Role[] = ['anonymous', 'non-member', 'member', 'lead', 'admin'];
const tokenOf = async (role: Role) =>
  ({
    anonymous: undefined,
    'non-member': team.outsider.token,
    member: team.member.token,
    lead: team.lead.token,
    admin: (await t.admin()).token,
  })[role];

describe('watching an issue, by role in its project', () => {
  it.each([
    ['GET', { anonymous: 401, 'non-member': 404, member: 200, lead: 200, admin: 200 }],
    ['PUT', { anonymous: 401, 'non-member': 404, member: 200, lead: 200, admin: 200 }],
    ['DELETE', { anonymous: 401, 'non-member': 404, member: 200, lead: 200, admin: 200 }],
  ] as const)('%s /issues/:id/watch', async (method, expected) => {
    const issue = await team.newIssue(team.member);
    const got: Record<string, number> = {};
    for (const role of roles)
      got[role] = (await t.request(method, `/api/issues/${issue.id}/watch`, { token: await tokenOf(role) })).status;
    expect(got).toEqual(expected);
  });
});

describe('webhooks, by role in their project', () => {
  it.each([
    ['POST', '/projects/:key/webhooks', { anonymous: 401, 'non-member': 404, member: 403, lead: 201, admin: 201 }],
    ['GET', '/projects/:key/webhooks', { anonymous: 401, 'non-member': 404, member: 403, lead: 200, admin: 200 }],
    ['DELETE', '/webhooks/:id', { anonymous: 401, 'non-member': 404, member: 403, lead: 204, admin: 204 }],
    ['GET', '/webhooks/:id/deliveries', { anonymous: 401, 'non-member': 404, member: 403, lead: 200, admin: 200 }],
    ['POST', '/webhooks/:id/test', { anonymous: 401, 'non-member': 404, member: 403, lead: 200, admin: 200 }],
  ] as const)('%s %s', async (method, route, expected) => {
    const got: Record<string, number> = {};
    for (const role of roles) {
      const path = route.startsWith('/projects')
        ? `/api/projects/${team.key}/webhooks`
        : `/api${route.replace(':id', await aWebhook())}`;
      const body = method === 'POST' && route.startsWith('/projects') ? WEBHOOK : undefined;
      got[role] = (await t.request(method, path, { token: await tokenOf(role), body })).status;
    }
    expect(got).toEqual(expected);
  });
});
