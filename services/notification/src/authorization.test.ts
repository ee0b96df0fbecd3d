import {
  accountCallers,
  authorizationTable,
  createTestPlatform,
  type AuthorizationRow,
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

/** A webhook of the team's project (its target: a closed port on loopback, so a test delivery fails fast). */
const WEBHOOK = { url: 'http://127.0.0.1:9/hook', secret: 'sixteen-characters', events: ['issue.created'] };
const aWebhook = async () =>
  (await t.ok<{ id: string }>(t.as(team.lead.token).post(`/api/projects/${team.key}/webhooks`, WEBHOOK))).id;
/** What the rows act on: an issue of the team's project and a webhook of it. */
type Target = { issue: string; webhook: string };
const issueAndWebhook = async (): Promise<Target> => ({
  issue: (await team.newIssue(team.member)).id,
  webhook: await aWebhook(),
});
const unsubscribeLink = async () =>
  new URL(await t.platform.notification.links.linkFor(Number(team.extra.user.id), 'comment')).search;

// Each caller is arranged once for the file: reading their notifications or changing their
// settings leaves them fit for the next row.
const callers = accountCallers(() => t);
type Row = AuthorizationRow<Target, GivenUser | undefined>;

/**
 * The issue, once the caller belongs to its project (an account that cannot be added stays
 * outside; an administrator sees every project without joining).
 */
async function theirs(issue: string, me: GivenUser | undefined) {
  if (me?.user.status === 'ACTIVE' && !me.user.isAdmin)
    await t.ok(t.as(team.lead.token).post(`/api/projects/${team.key}/members`, { email: me.email }));
  return issue;
}

// 'caller' on the watch rows: they make the caller a member of the team's project, which would
// turn its 404 on the webhook rows below into a 403. 'target': the call deletes the webhook or
// records a delivery of it.
// prettier-ignore
const rows: Row[] = [
  //                                                  anon pendV pendA susp  rej  user admin
  ['GET /notifications',                              [401, 403, 403, 401, 401, 200, 200], () => ['GET', '/api/notifications?unread=true&limit=5']],
  ['POST /notifications/read',                        [401, 403, 403, 401, 401, 200, 200], () => ['POST', '/api/notifications/read', { all: true }]],
  ['GET /notifications/settings',                     [401, 403, 403, 401, 401, 200, 200], () => ['GET', '/api/notifications/settings']],
  ['PUT /notifications/settings',                     [401, 403, 403, 401, 401, 200, 200], () => ['PUT', '/api/notifications/settings', { comment: 'off' }]],
  ['GET /notifications/unsubscribe (a signed link)',  [200, 200, 200, 200, 200, 200, 200], async () => ['GET', `/api/notifications/unsubscribe${await unsubscribeLink()}`]],
  ['GET /issues/:id/watch (a project of theirs)',     [401, 403, 403, 401, 401, 200, 200], async ({ issue }, me) => ['GET', `/api/issues/${await theirs(issue, me)}/watch`], 'caller'],
  ['PUT /issues/:id/watch (a project of theirs)',     [401, 403, 403, 401, 401, 200, 200], async ({ issue }, me) => ['PUT', `/api/issues/${await theirs(issue, me)}/watch`], 'caller'],
  ['DELETE /issues/:id/watch (a project of theirs)',  [401, 403, 403, 401, 401, 200, 200], async ({ issue }, me) => ['DELETE', `/api/issues/${await theirs(issue, me)}/watch`], 'caller'],
  // Webhooks: the project's lead or an administrator; any other active account is not in the project (404).
  ['POST /projects/:key/webhooks',                    [401, 403, 403, 401, 401, 404, 201], () => ['POST', `/api/projects/${team.key}/webhooks`, WEBHOOK]],
  ['GET /projects/:key/webhooks',                     [401, 403, 403, 401, 401, 404, 200], () => ['GET', `/api/projects/${team.key}/webhooks`]],
  ['DELETE /webhooks/:id',                            [401, 403, 403, 401, 401, 404, 204], ({ webhook }) => ['DELETE', `/api/webhooks/${webhook}`], 'target'],
  ['GET /webhooks/:id/deliveries',                    [401, 403, 403, 401, 401, 404, 200], ({ webhook }) => ['GET', `/api/webhooks/${webhook}/deliveries`]],
  ['POST /webhooks/:id/test',                         [401, 403, 403, 401, 401, 404, 200], ({ webhook }) => ['POST', `/api/webhooks/${webhook}/test`], 'target'],
  ['GET /health/notification',                        [200, 200, 200, 200, 200, 200, 200], () => ['GET', '/api/health/notification']],
];

describe('who may call what on notification', () => {
  authorizationTable(rows, callers, { platform: () => t, target: issueAndWebhook });
});

// The team's own people, by role in its project.
const roles = {
  anonymous: () => undefined,
  'non-member': () => team.outsider,
  member: () => team.member,
  lead: () => team.lead,
  admin: () => t.admin(),
};
type RoleRow = AuthorizationRow<Target, { token: string } | undefined>;

describe('watching an issue, by role in its project', () => {
  // 'target': watching or not is kept on the issue.
  // prettier-ignore
  const watchRows: RoleRow[] = [
    //                                anon non-m memb lead admin
    ['GET /issues/:id/watch',         [401, 404, 200, 200, 200], ({ issue }) => ['GET', `/api/issues/${issue}/watch`]],
    ['PUT /issues/:id/watch',         [401, 404, 200, 200, 200], ({ issue }) => ['PUT', `/api/issues/${issue}/watch`], 'target'],
    ['DELETE /issues/:id/watch',      [401, 404, 200, 200, 200], ({ issue }) => ['DELETE', `/api/issues/${issue}/watch`], 'target'],
  ];
  authorizationTable(watchRows, roles, { platform: () => t, target: issueAndWebhook });
});

describe('webhooks, by role in their project', () => {
  // 'target': the call deletes the webhook or records a delivery of it.
  // prettier-ignore
  const webhookRows: RoleRow[] = [
    //                                anon non-m memb lead admin
    ['POST /projects/:key/webhooks',  [401, 404, 403, 201, 201], () => ['POST', `/api/projects/${team.key}/webhooks`, WEBHOOK]],
    ['GET /projects/:key/webhooks',   [401, 404, 403, 200, 200], () => ['GET', `/api/projects/${team.key}/webhooks`]],
    ['DELETE /webhooks/:id',          [401, 404, 403, 204, 204], ({ webhook }) => ['DELETE', `/api/webhooks/${webhook}`], 'target'],
    ['GET /webhooks/:id/deliveries',  [401, 404, 403, 200, 200], ({ webhook }) => ['GET', `/api/webhooks/${webhook}/deliveries`]],
    ['POST /webhooks/:id/test',       [401, 404, 403, 200, 200], ({ webhook }) => ['POST', `/api/webhooks/${webhook}/test`], 'target'],
  ];
  authorizationTable(webhookRows, roles, { platform: () => t, target: issueAndWebhook });
});
