import type { DomainEventPayload, IssueDto } from '@trackboard/contracts';
import { createTestPlatform, type GivenUser, type TestPlatform } from '@trackboard/test-platform';
import { deliver, givenTeam, testClock, type GivenTeam } from './testing/notifications';

// The e-mail digest on an injected clock: at most one e-mail a minute per person, listing what
// came since the last one and is still unread, each item with the issue's deep link, and a
// signed one-click unsubscribe link per kind.
const clock = testClock(new Date());
let t: TestPlatform;
let team: GivenTeam;
let issues: IssueDto[];
beforeAll(async () => {
  t = await createTestPlatform({ clock });
  team = await givenTeam(t);
  issues = [await team.newIssue(team.member, 'Fix the login page'), await team.newIssue(team.member, 'Ship it')];
});
afterAll(() => t.close());

const SECOND = 1000;
/** Runs the digest at the clock's time after moving it on. */
const digestAfter = async (ms: number) => {
  clock.advance(ms);
  return t.platform.notification.digest.run();
};
/** The digest e-mails someone got, oldest first. */
const digestsTo = (who: GivenUser) =>
  t.mailer.sent.filter((m) => m.to === who.email && m.text.includes('since our last e-mail'));

const assigned = (who: GivenUser, issue: IssueDto): DomainEventPayload => ({
  type: 'issue.assigned',
  ...team.ref(issue, team.lead, { assigneeId: who.user.id }),
  previousAssigneeId: null,
  mentionedIds: [],
  statusChange: null,
});
const reply = (who: GivenUser, issue: IssueDto): DomainEventPayload => ({
  type: 'comment.created',
  ...team.ref(issue, team.lead),
  commentId: '7',
  parentId: '6',
  parentAuthorId: who.user.id,
  mentionedIds: [],
  excerpt: 'Done, please check',
});
const link = (issue: IssueDto) => `http://trackboard.test/boards/${issue.boardId}/issues/${issue.key}`;
/** The unsubscribe link an e-mail gives for a kind. */
const unsubscribeLink = (text: string, about: string) =>
  new RegExp(`- ${about}: (http://trackboard\\.test/api/notifications/unsubscribe\\?token=[\\w.-]+)`).exec(text)?.[1];
const unsubscribe = (url: string) => t.request('GET', url.replace('http://trackboard.test', ''));

it('sends what came within a minute as one e-mail, a minute after the first, and the next a minute later', async () => {
  const reader = await t.givenUser({ name: 'Rita Reader' });
  const [first, second] = issues as [IssueDto, IssueDto];
  await deliver(t, assigned(reader, first));
  clock.advance(10 * SECOND);
  await deliver(t, reply(reader, second));
  clock.advance(20 * SECOND);
  await deliver(t, assigned(reader, second));

  await digestAfter(29 * SECOND); // 59 s after the first
  expect(digestsTo(reader)).toEqual([]);
  await digestAfter(1 * SECOND);
  const [mail] = digestsTo(reader);
  expect(digestsTo(reader)).toHaveLength(1);
  expect(mail!.subject).toBe('Trackboard: 3 new notifications');
  expect(mail!.text).toContain('Hello Rita Reader,');
  expect(mail!.text).toContain(`- Lena Lead assigned ${first.key} to you: Fix the login page\n  ${link(first)}`);
  expect(mail!.text).toContain(
    `- Lena Lead replied to your comment on ${second.key}: Ship it\n  "Done, please check"\n  ${link(second)}`,
  );
  expect(mail!.text).toContain(`- Lena Lead assigned ${second.key} to you: Ship it\n  ${link(second)}`);
  expect(unsubscribeLink(mail!.text, 'issues assigned to you')).toBeDefined();
  expect(unsubscribeLink(mail!.text, 'replies to your comments')).toBeDefined();
  expect(unsubscribeLink(mail!.text, 'mentions of you')).toBeUndefined(); // no such item

  // Nothing new: nothing sent. Something new 10 s later goes a minute after it, alone.
  await digestAfter(10 * SECOND);
  await deliver(t, assigned(reader, first));
  await digestAfter(30 * SECOND);
  expect(digestsTo(reader)).toHaveLength(1);
  await digestAfter(30 * SECOND);
  expect(digestsTo(reader)).toHaveLength(2);
  expect(digestsTo(reader)[1]!.subject).toBe('Trackboard: 1 new notification');
  await digestAfter(5 * 60 * SECOND);
  expect(digestsTo(reader)).toHaveLength(2);
});

it('leaves out what was read in the app, and sends nothing when all of it was', async () => {
  const [reader, other] = await Promise.all([t.givenUser(), t.givenUser()]);
  const [first, second] = issues as [IssueDto, IssueDto];
  await deliver(t, assigned(reader, first));
  await deliver(t, assigned(reader, second));
  await deliver(t, assigned(other, first));
  const { notifications } = await t.ok<{ notifications: { id: string; issueId: string }[] }>(
    t.as(reader.token).get('/api/notifications'),
  );
  await t.ok(
    t.as(reader.token).post('/api/notifications/read', {
      ids: notifications.filter((n) => n.issueId === first.id).map((n) => n.id),
    }),
  );
  await t.ok(t.as(other.token).post('/api/notifications/read', { all: true }));
  await digestAfter(60 * SECOND);
  expect(digestsTo(reader).map((m) => [m.subject, m.text.includes(first.key), m.text.includes(second.key)])).toEqual([
    ['Trackboard: 1 new notification', false, true],
  ]);
  expect(digestsTo(other)).toEqual([]);
});

it('e-mails only the kinds set to app+email', async () => {
  const reader = await t.givenUser();
  await t.ok(t.as(reader.token).put('/api/notifications/settings', { assigned: 'app' }));
  await deliver(t, assigned(reader, issues[0]!));
  await deliver(t, reply(reader, issues[1]!));
  // Set to app after it came: not e-mailed either.
  await t.ok(t.as(reader.token).put('/api/notifications/settings', { reply: 'app' }));
  await digestAfter(60 * SECOND);
  expect(digestsTo(reader)).toEqual([]);
  expect((await t.ok<{ unreadCount: number }>(t.as(reader.token).get('/api/notifications'))).unreadCount).toBe(2);
});

it('e-mails nobody whose account is no longer active', async () => {
  const reader = await t.givenUser({ status: 'SUSPENDED' });
  await deliver(t, assigned(reader, issues[0]!));
  await digestAfter(60 * SECOND);
  expect(t.mailer.sent.filter((m) => m.to === reader.email && m.text.includes('since our last'))).toEqual([]);
});

it("writes in the reader's profile language", async () => {
  const reader = await t.givenUser({ name: 'Dora Deutsch' });
  await t.ok(t.as(reader.token).put('/api/users/profile', { profileSettings: { language: 'de' } }));
  const [first, second] = issues as [IssueDto, IssueDto];
  await deliver(t, assigned(reader, first));
  await deliver(t, reply(reader, second));
  await digestAfter(60 * SECOND);
  const { subject, text } = t.mailer.sent.findLast((m) => m.to === reader.email)!;
  expect(subject).toBe('Trackboard: 2 neue Benachrichtigungen');
  expect(text).toContain('Hallo Dora Deutsch,\n\nseit unserer letzten E-Mail ist Folgendes passiert:');
  expect(text).toContain(`- Lena Lead hat Ihnen ${first.key} zugewiesen: Fix the login page\n  ${link(first)}`);
  expect(text).toContain(
    `- Lena Lead hat auf Ihren Kommentar zu ${second.key} geantwortet: Ship it\n  „Done, please check“\n  ${link(second)}`,
  );
  expect(unsubscribeLink(text, 'Ihnen zugewiesene Vorgänge')).toBeDefined();
  expect(text).toContain('Alle Ihre Benachrichtigungseinstellungen: http://trackboard.test/profile');
});

describe('the unsubscribe link', () => {
  let reader: GivenUser;
  let text: string;
  beforeAll(async () => {
    reader = await t.givenUser();
    await deliver(t, assigned(reader, issues[0]!));
    await deliver(t, reply(reader, issues[1]!));
    await digestAfter(60 * SECOND);
    text = digestsTo(reader)[0]!.text;
  });

  it('turns e-mail off for its kind alone, without signing in, and the bell keeps it', async () => {
    const res = await unsubscribe(unsubscribeLink(text, 'issues assigned to you')!);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('You will no longer get e-mails about issues assigned to you.');
    expect(await t.ok(t.as(reader.token).get('/api/notifications/settings'))).toEqual(
      expect.objectContaining({ assigned: 'app', reply: 'app+email' }),
    );
    // Opened again: still app (never back on, never off).
    expect((await unsubscribe(unsubscribeLink(text, 'issues assigned to you')!)).status).toBe(200);
    expect(await t.ok(t.as(reader.token).get('/api/notifications/settings'))).toEqual(
      expect.objectContaining({ assigned: 'app' }),
    );
    await deliver(t, assigned(reader, issues[1]!));
    await digestAfter(60 * SECOND);
    expect(digestsTo(reader)).toHaveLength(1);
  });

  it('refuses a tampered link, one made for another kind or person, and a missing token, changing nothing', async () => {
    const url = unsubscribeLink(text, 'replies to your comments')!;
    const token = new URL(url).searchParams.get('token')!;
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = (changes: object) =>
      `${header}.${Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url')}.${signature}`;
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [
      `${header}.${payload}.${flipped}`,
      forged({ kind: 'mentioned' }),
      forged({ sub: team.lead.user.id }),
      `${header}.${payload}`,
    ]) {
      const res = await t.request('GET', `/api/notifications/unsubscribe?token=${bad}`);
      expect([bad, res.status, await res.text()]).toEqual([bad, 400, expect.stringMatching(/^token: /)]);
    }
    const missing = await t.request('GET', '/api/notifications/unsubscribe');
    expect([missing.status, await missing.text()]).toEqual([400, expect.stringMatching(/^token: /)]);
    expect(await t.ok(t.as(reader.token).get('/api/notifications/settings'))).toEqual(
      expect.objectContaining({ reply: 'app+email', mentioned: 'app+email' }),
    );
    expect(await t.ok(t.as(team.lead.token).get('/api/notifications/settings'))).toEqual(
      expect.objectContaining({ reply: 'app+email' }),
    );
  });
});
