import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  issuePath,
  messages,
  webhookPayloads,
  WEBHOOK_DELIVERIES_KEPT,
  type IssueDto,
  type LabelDto,
  type WebhookDeliveryDto,
  type WebhookDeliveryList,
  type WebhookDto,
  type WebhookEvent,
  type WebhookList,
} from '@trackboard/contracts';
import type { DomainEvent } from '@trackboard/contracts/events';
import { queryRows } from '@trackboard/server-kit';
import { createTestPlatform, freshProjectKey, type GivenUser, type TestPlatform } from '@trackboard/test-platform';
import {
  deliver,
  givenPeople,
  givenTeam,
  testClock,
  until,
  type GivenPeople,
  type GivenTeam,
} from './testing/notifications';
import { WEBHOOK_TIMEOUT_MS } from './domain/webhook-sender';
import { startReceiver, type Receiver } from './testing/webhook-receiver';

// Webhooks against a receiver this test starts on loopback (the test platform sets
// WEBHOOK_ALLOW_PRIVATE): signed deliveries of the board's events, retries on the injected
// clock after 1 min, 5 min, 30 min, 2 h and 6 h, and five failed deliveries in a row disabling
// the webhook with an e-mail to the project lead.
const clock = testClock(new Date());
let t: TestPlatform;
let receiver: Receiver;
// Each test takes a project of its own (what the receiver got is told apart by project key), with
// these people on it: accounts cost a registration each.
let people: GivenPeople;
beforeAll(async () => {
  t = await createTestPlatform({ clock });
  receiver = await startReceiver();
  people = await givenPeople(t);
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
beforeEach(() => receiver.answer(200));

const SECRET = 'a-long-shared-secret-1234';
const MINUTE = 60_000;

const createWebhook = (team: GivenTeam, body: Record<string, unknown> = {}, by: GivenUser = team.lead) =>
  t.as(by.token).post(`/api/projects/${team.key}/webhooks`, {
    url: receiver.url,
    secret: SECRET,
    events: ['issue.created', 'issue.updated', 'issue.moved', 'issue.deleted', 'comment.created'],
    ...body,
  });
const givenWebhook = async (team: GivenTeam, body: Record<string, unknown> = {}) =>
  t.ok<WebhookDto & { secret: string }>(createWebhook(team, body));
const list = async (team: GivenTeam) =>
  (await t.ok<WebhookList>(t.as(team.lead.token).get(`/api/projects/${team.key}/webhooks`))).webhooks;
const page = (team: GivenTeam, hook: { id: string }, query = '') =>
  t.ok<WebhookDeliveryList>(t.as(team.lead.token).get(`/api/webhooks/${hook.id}/deliveries${query}`));
const log = async (team: GivenTeam, hook: { id: string }) => (await page(team, hook)).deliveries;

type Body = Record<string, unknown> & { event: string; project: { key: string }; data: Record<string, unknown> };
/** What the receiver got for this project, oldest first, with the body parsed. */
const receivedFor = (team: GivenTeam) =>
  receiver.received
    .map((r) => ({ ...r, json: JSON.parse(r.body) as Body }))
    .filter((r) => r.json.project.key === team.key);

/** A body as the API description documents its event's payload: parsed, nothing is dropped and nothing missing. */
const asDocumented = (json: Body) => webhookPayloads[json.event as WebhookEvent].payload.parse(json);

/** Someone as a payload names them. */
const person = (who: GivenUser) => ({ id: who.user.id, name: who.user.name, email: who.email });
/** An issue's address in the app, as the test platform's PUBLIC_URL makes it. */
const urlOf = (issue: IssueDto) => `http://trackboard.test${issuePath(issue.boardId, issue.key)}`;
const waitForRequests = (team: GivenTeam, n: number) =>
  until(() => receivedFor(team).length >= n, `${n} webhook request(s) for ${team.key}`);

/** Checks a signature as a receiver would: HMAC-SHA256 of the raw body, compared in constant time. */
function verifies(signature: string | string[] | undefined, body: string, secret = SECRET) {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(String(signature));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Moves the clock on and runs one delivery pass at the new time. */
const passAfter = async (ms: number) => {
  clock.advance(ms);
  await t.platform.notification.webhooks.run();
};

describe('managing a project’s webhooks', () => {
  let team: GivenTeam;
  beforeAll(async () => {
    team = await givenTeam(t, people);
  });

  it('creates one (201), shows the secret once and lists it without the secret afterwards', async () => {
    const res = await createWebhook(team, { events: ['issue.created', 'comment.created'] });
    expect(res.status).toBe(201);
    const created = (await res.json()) as WebhookDto & { secret: string };
    expect(created).toMatchObject({
      projectKey: team.key,
      url: receiver.url,
      events: ['issue.created', 'comment.created'],
      secret: SECRET,
      secretHint: '…1234',
      disabledAt: null,
      consecutiveFailures: 0,
      lastDelivery: null,
    });
    const listed = (await list(team)).find((w) => w.id === created.id)!;
    expect(listed).not.toHaveProperty('secret');
    expect(JSON.stringify(listed)).not.toContain(SECRET);
    expect(listed.secretHint).toBe('…1234');
  });

  it.each([
    ['an ftp URL', { url: 'ftp://example.com/hook' }, 'url: must be an http or https URL'],
    ['no URL at all', { url: 'not a url' }, 'url: must be an http or https URL'],
    ['a URL over 2000 characters', { url: `https://example.com/${'a'.repeat(2000)}` }, 'url: must be at most 2000'],
    ['a missing URL', { url: undefined }, 'url: is required'],
    ['a short secret', { secret: 'short' }, 'secret: must be at least 16 characters'],
    ['a secret over 200 characters', { secret: 's'.repeat(201) }, 'secret: must be at most 200 characters'],
    ['no events', { events: [] }, 'events: must name at least one event'],
    ['an event twice', { events: ['issue.created', 'issue.created'] }, 'events: must not name an event twice'],
    ['an unknown event', { events: ['issue.assigned'] }, 'events.0: must be one of'],
    ['events that are no list', { events: 'issue.created' }, 'events: must be a list of events'],
  ])('refuses %s with 400 naming the field', async (_case, body, message) => {
    const res = await createWebhook(team, body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain(message);
  });

  it('refuses unknown fields', async () => {
    expect((await createWebhook(team, { active: true })).status).toBe(400);
  });

  it('deletes one (204); it is gone from the list and a second delete is 404', async () => {
    const hook = await givenWebhook(team);
    expect((await t.as(team.lead.token).delete(`/api/webhooks/${hook.id}`)).status).toBe(204);
    expect((await list(team)).map((w) => w.id)).not.toContain(hook.id);
    const again = await t.as(team.lead.token).delete(`/api/webhooks/${hook.id}`);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: messages.webhookNotFound });
  });

  it('lets an administrator manage them; a member who is not the lead gets 403, anyone else 404', async () => {
    const admin = await t.admin();
    expect((await t.as(admin.token).get(`/api/projects/${team.key}/webhooks`)).status).toBe(200);
    const byMember = await createWebhook(team, {}, team.member);
    expect(byMember.status).toBe(403);
    expect(await byMember.json()).toEqual({ message: messages.webhooksForbidden });
    expect((await createWebhook(team, {}, team.outsider)).status).toBe(404);
    expect((await t.as(team.outsider.token).get('/api/projects/NOSUCH/webhooks')).status).toBe(404);
  });

  it('keeps listing an archived project’s webhooks but adds none to it (409)', async () => {
    const archived = await givenTeam(t, people);
    const hook = await givenWebhook(archived);
    await t.ok(t.as(archived.lead.token).post(`/api/projects/${archived.key}/archive`));
    expect((await list(archived)).map((w) => w.id)).toEqual([hook.id]);
    const res = await createWebhook(archived);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: messages.projectArchived });
  });
});

describe('deliveries', () => {
  it('delivers a new issue signed, with the event and delivery headers, and logs it', async () => {
    const team = await givenTeam(t, people);
    const hook = await givenWebhook(team, { events: ['issue.created'] });
    const issue = await team.newIssue(team.member, 'Hooked');
    await waitForRequests(team, 1);
    const [got] = receivedFor(team);
    expect(got!.path).toBe('/hooks/trackboard');
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['x-trackboard-event']).toBe('issue.created');
    expect(verifies(got!.headers['x-trackboard-signature'], got!.body)).toBe(true);
    expect(verifies(got!.headers['x-trackboard-signature'], got!.body, 'another-secret-of-16')).toBe(false);
    expect(got!.json).toEqual({
      id: got!.headers['x-trackboard-delivery'],
      event: 'issue.created',
      occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      project: { key: team.key },
      data: {
        // What deliveries carried before `issue` and `actor`, kept (deprecated) for receivers written then.
        ...team.ref(issue, team.member),
        issue: expect.objectContaining({ id: issue.id, key: issue.key, title: 'Hooked', url: urlOf(issue) }),
        actor: person(team.member),
      },
    });
    expect(asDocumented(got!.json)).toEqual(got!.json);
    await until(async () => (await log(team, hook))[0]?.status === 'SUCCEEDED', 'the delivery to be logged');
    expect(await log(team, hook)).toEqual([
      expect.objectContaining({
        id: got!.headers['x-trackboard-delivery'],
        event: 'issue.created',
        status: 'SUCCEEDED',
        attempt: 1,
        responseCode: 200,
        durationMs: expect.any(Number),
        nextAttemptAt: null,
      }),
    ]);
    expect((await list(team))[0]!.lastDelivery).toMatchObject({ status: 'SUCCEEDED', responseCode: 200 });
  });

  it('sends only the events asked for; a change of assignee is issue.updated; a deletion issue.deleted', async () => {
    const team = await givenTeam(t, people);
    await givenWebhook(team, { events: ['issue.updated', 'issue.deleted'] });
    const issue = await team.newIssue(team.member, 'Quiet'); // issue.created: not asked for
    await t.ok(t.as(team.member.token).patch(`/api/issues/${issue.id}`, { assigneeId: team.lead.user.id }));
    await waitForRequests(team, 1);
    expect((await t.as(team.lead.token).delete(`/api/issues/${issue.id}`)).status).toBe(204);
    await waitForRequests(team, 2);
    const [updated, deleted] = receivedFor(team);
    expect(updated!.json).toMatchObject({
      event: 'issue.updated',
      data: {
        issue: { id: issue.id, assignee: person(team.lead) },
        changes: { assignee: { from: null, to: person(team.lead) } },
      },
    });
    expect(updated!.headers['x-trackboard-event']).toBe('issue.updated');
    // As it stood before it went: still in its column.
    expect(deleted!.json).toMatchObject({
      event: 'issue.deleted',
      data: {
        issue: { id: issue.id, key: issue.key, column: { id: team.board.columns[0]!.id } },
        actor: person(team.lead),
      },
    });
    for (const { json } of [updated!, deleted!]) expect(asDocumented(json)).toEqual(json);
    expect(receivedFor(team).map((r) => r.json.event)).toEqual(['issue.updated', 'issue.deleted']);
  });

  it('queues one delivery per webhook and event, however often the event is handed over', async () => {
    const team = await givenTeam(t, people);
    const hook = await givenWebhook(team, { events: ['comment.created'] });
    const issue = await team.newIssue(team.member);
    const heard: DomainEvent[] = [];
    await t.events.listen({ 'comment.created': (event) => void heard.push(event) });
    await t.ok(t.as(team.member.token).post(`/api/issues/${issue.id}/comments`, { body: 'Hi' }));
    await until(async () => (await log(team, hook))[0]?.status === 'SUCCEEDED', 'the delivery');
    const [event] = heard.filter((e) => e.type === 'comment.created' && e.issueId === issue.id);
    await t.events.append(event!); // the same event again (a lost acknowledgement)
    await t.platform.notification.webhooks.run();
    expect(await log(team, hook)).toHaveLength(1);
    expect(receivedFor(team)).toHaveLength(1);
  });

  it('delivers nothing for an event recorded before events carried the issue’s details', async () => {
    const team = await givenTeam(t, people);
    const hook = await givenWebhook(team, { events: ['issue.created'] });
    const issue = await team.newIssue(team.member);
    await until(async () => (await log(team, hook)).length === 1, 'the real event’s delivery');
    // As an older board replica recorded it: no `issue` to deliver, and a payload without one is not the documented one.
    await deliver(t, { type: 'issue.created', ...team.ref(issue, team.member), mentionedIds: [], excerpt: '' });
    await t.platform.notification.webhooks.run();
    expect(await log(team, hook)).toHaveLength(1);
  });
});

describe('payloads', () => {
  it('carry the issue as the API answers it: people by name and e-mail, column, labels by name, address', async () => {
    const team = await givenTeam(t, people);
    await givenWebhook(team, { events: ['issue.created'] });
    const label = await t.ok<LabelDto>(
      t.as(team.lead.token).post(`/api/boards/${team.board.id}/labels`, { name: 'backend', color: 'blue' }),
    );
    const [todo] = team.board.columns;
    const issue = await t.ok<IssueDto>(
      t.as(team.member.token).post('/api/issues', {
        projectId: team.project.id,
        columnId: todo!.id,
        title: 'Complete',
        description: 'All of it',
        assigneeId: team.lead.user.id,
        labelIds: [label.id],
        dueDate: '2031-05-06',
        priority: 'HIGH',
        type: 'BUG',
      }),
    );
    await waitForRequests(team, 1);
    const [got] = receivedFor(team);
    expect(got!.json.data).toEqual({
      ...team.ref(issue, team.member),
      issue: {
        id: issue.id,
        key: issue.key,
        number: issue.number,
        boardId: team.board.id,
        title: 'Complete',
        description: 'All of it',
        status: issue.status,
        column: { id: todo!.id, name: todo!.name },
        assignee: person(team.lead),
        reporter: person(team.member),
        labels: [{ id: label.id, name: 'backend', color: 'blue' }],
        priority: 'HIGH',
        type: 'BUG',
        dueDate: '2031-05-06',
        estimate: null,
        parent: null,
        attachmentCount: 0,
        tasks: { done: 0, total: 0 },
        cycle: null,
        relatedCode: '',
        links: [],
        instructions: '',
        commentCount: 0,
        createdAt: issue.createdAt,
        updatedAt: issue.updatedAt,
        url: urlOf(issue),
      },
      actor: person(team.member),
    });
    expect(asDocumented(got!.json)).toEqual(got!.json);
  });

  it('tell an edit’s changes as { from, to } per field; a new column, by PATCH or by a drag, is issue.moved', async () => {
    const team = await givenTeam(t, people);
    await givenWebhook(team, { events: ['issue.updated', 'issue.moved'] });
    const [todo, , done] = team.board.columns;
    const column = (c: typeof todo) => ({ id: c!.id, name: c!.name });
    const issue = await team.newIssue(team.member, 'Before');
    await t.ok(
      t.as(team.lead.token).patch(`/api/issues/${issue.id}`, {
        title: 'After',
        priority: 'CRITICAL',
        dueDate: '2031-01-02',
        assigneeId: team.member.user.id,
      }),
    );
    // Each delivered before the next change: on this frozen clock, deliveries queued in one tick have no order.
    await waitForRequests(team, 1);
    await t.ok(t.as(team.lead.token).patch(`/api/issues/${issue.id}`, { columnId: done!.id, title: 'Done by edit' }));
    await waitForRequests(team, 2);
    await t.ok(
      t.as(team.member.token).put(`/api/issues/${issue.id}/position`, {
        sourceColumnId: done!.id,
        destinationColumnId: todo!.id,
        position: 0,
        boardId: team.board.id,
      }),
    );
    await waitForRequests(team, 3);
    const [edited, patchedAcross, dragged] = receivedFor(team);
    expect(edited!.json).toMatchObject({
      event: 'issue.updated',
      data: {
        issue: { title: 'After', priority: 'CRITICAL', assignee: person(team.member) },
        actor: person(team.lead),
        changes: {
          title: { from: 'Before', to: 'After' },
          priority: { from: 'MEDIUM', to: 'CRITICAL' },
          dueDate: { from: null, to: '2031-01-02' },
          assignee: { from: null, to: person(team.member) },
        },
      },
    });
    expect(Object.keys(edited!.json.data.changes as object)).toHaveLength(4);
    expect(patchedAcross!.headers['x-trackboard-event']).toBe('issue.moved');
    expect(patchedAcross!.json).toMatchObject({
      event: 'issue.moved',
      data: {
        issue: { title: 'Done by edit', status: 'DONE', column: column(done) },
        changes: {
          title: { from: 'After', to: 'Done by edit' },
          column: { from: column(todo), to: column(done) },
          status: { from: 'TODO', to: 'DONE' },
        },
      },
    });
    expect(Object.keys(patchedAcross!.json.data.changes as object)).toHaveLength(3);
    expect(dragged!.json).toMatchObject({
      event: 'issue.moved',
      data: {
        issue: { status: 'TODO', column: column(todo) },
        actor: person(team.member),
        changes: { column: { from: column(done), to: column(todo) }, status: { from: 'DONE', to: 'TODO' } },
      },
    });
    expect(Object.keys(dragged!.json.data.changes as object)).toHaveLength(2);
    for (const { json } of receivedFor(team)) expect(asDocumented(json)).toEqual(json);
  });

  it('carry a new comment whole, and the issue as the comment left it', async () => {
    const team = await givenTeam(t, people);
    await givenWebhook(team, { events: ['comment.created'] });
    const issue = await team.newIssue(team.member);
    const comment = await t.ok<{ id: string; createdAt: string }>(
      t.as(team.lead.token).post(`/api/issues/${issue.id}/comments`, { body: 'Looks **good**' }),
    );
    await waitForRequests(team, 1);
    const [got] = receivedFor(team);
    expect(got!.json.data).toEqual({
      ...team.ref(issue, team.lead),
      issue: expect.objectContaining({ id: issue.id, commentCount: 1, url: urlOf(issue) }),
      actor: person(team.lead),
      comment: {
        id: comment.id,
        parentId: null,
        author: person(team.lead),
        body: 'Looks **good**',
        createdAt: comment.createdAt,
      },
    });
    expect(asDocumented(got!.json)).toEqual(got!.json);
  });
});

describe('deliveries to different receivers', () => {
  it('three deliveries hanging at one receiver hold up neither another project’s nor more than two slots', async () => {
    const silent = await startReceiver();
    silent.answer('never');
    try {
      const stuck = await givenTeam(t, people);
      const other = await givenTeam(t, people);
      const stuckHooks: WebhookDto[] = [];
      for (let i = 0; i < 3; i++)
        stuckHooks.push(await givenWebhook(stuck, { url: silent.url, events: ['issue.created'] }));
      await givenWebhook(other, { events: ['issue.created'] });
      await stuck.newIssue(stuck.member, 'Into the void');
      await until(() => silent.received.length >= 1, 'a request held at the silent receiver');

      const started = Date.now();
      await other.newIssue(other.member, 'Still delivered');
      await waitForRequests(other, 1);
      // Well inside one timeout: it did not wait for any of the held requests.
      expect(Date.now() - started).toBeLessThan(WEBHOOK_TIMEOUT_MS / 2);
      await until(() => silent.received.length >= 2, 'a second request held');
      // The third waits for a slot at that receiver.
      expect(silent.received).toHaveLength(2);

      await silent.close(); // the held requests fail, and the third is tried
      await until(async () => {
        const attempts = await Promise.all(stuckHooks.map(async (h) => (await log(stuck, h))[0]?.attempt));
        return attempts.every((a) => a === 1);
      }, 'a first attempt at each of the three');
      expect(silent.received).toHaveLength(2);
    } finally {
      await silent.close();
    }
  });
});

describe('retries and disabling', () => {
  it('retries a delivery answered 500 after 1 min (not before), then 5 min, 30 min, 2 h and 6 h, then gives up', async () => {
    const team = await givenTeam(t, people);
    const hook = await givenWebhook(team, { events: ['issue.created'] });
    receiver.answer(500);
    await team.newIssue(team.member, 'Unlucky');
    await until(async () => (await log(team, hook))[0]?.attempt === 1, 'the first attempt');
    const [first] = await log(team, hook);
    expect(first).toMatchObject({ status: 'RETRYING', attempt: 1, responseCode: 500 });
    expect(Date.parse(first!.nextAttemptAt!) - Date.parse(first!.deliveredAt!)).toBe(MINUTE);

    await passAfter(MINUTE - 1000);
    expect(receivedFor(team)).toHaveLength(1);
    await passAfter(1000);
    expect(receivedFor(team)).toHaveLength(2);
    // The same delivery: same id, same bytes, same signature.
    const [a, b] = receivedFor(team);
    expect(b!.headers['x-trackboard-delivery']).toBe(a!.headers['x-trackboard-delivery']);
    expect(b!.body).toBe(a!.body);
    expect(verifies(b!.headers['x-trackboard-signature'], b!.body)).toBe(true);

    const waits = [5 * MINUTE, 30 * MINUTE, 120 * MINUTE, 360 * MINUTE];
    for (const [i, wait] of waits.entries()) {
      await passAfter(wait - 1000);
      expect(receivedFor(team)).toHaveLength(2 + i);
      await passAfter(1000);
      expect(receivedFor(team)).toHaveLength(3 + i);
    }
    const [last] = await log(team, hook);
    expect(last).toMatchObject({ status: 'FAILED', attempt: 6, responseCode: 500, nextAttemptAt: null });
    await passAfter(24 * 60 * MINUTE);
    expect(receivedFor(team)).toHaveLength(6);
    // One delivery failed for good: counted, not yet disabled.
    expect((await list(team))[0]).toMatchObject({ consecutiveFailures: 1, disabledAt: null });
  });

  it('a retry that succeeds ends the retries and clears the count', async () => {
    const team = await givenTeam(t, people);
    const hook = await givenWebhook(team, { events: ['issue.created'] });
    receiver.answer(503);
    await team.newIssue(team.member);
    await until(async () => (await log(team, hook))[0]?.attempt === 1, 'the first attempt');
    receiver.answer(204);
    await passAfter(MINUTE);
    expect(await log(team, hook)).toEqual([
      expect.objectContaining({ status: 'SUCCEEDED', attempt: 2, responseCode: 204, nextAttemptAt: null }),
    ]);
    await passAfter(60 * MINUTE);
    expect(receivedFor(team)).toHaveLength(2);
  });

  it('disables a webhook after five failed deliveries in a row and e-mails the project lead', async () => {
    const team = await givenTeam(t); // a lead of its own: the test reads the lead's mail
    const hook = await givenWebhook(team, { events: ['issue.created'] });
    receiver.answer(500);
    for (let i = 1; i <= 5; i++) await team.newIssue(team.member, `Doomed ${i}`);
    await until(async () => {
      const deliveries = await log(team, hook);
      return deliveries.length === 5 && deliveries.every((d) => d.attempt === 1);
    }, 'the first attempts');
    for (const wait of [1, 5, 30, 120, 360]) await passAfter(wait * MINUTE);

    expect(receivedFor(team)).toHaveLength(30); // five deliveries, six attempts each
    const [listed] = await list(team);
    expect(listed).toMatchObject({ consecutiveFailures: 5, disabledAt: expect.any(String) });
    expect((await log(team, hook)).map((d) => d.status)).toEqual(Array(5).fill('FAILED'));
    const mail = t.mailer.sent.filter((m) => m.to === team.lead.email && m.subject.includes('webhook'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Trackboard: a webhook of ${team.key} was disabled`);
    expect(mail[0]!.text).toContain(receiver.url);
    expect(mail[0]!.text).toContain(`http://trackboard.test/projects/${team.key}`);

    // Disabled: a new event queues nothing.
    receiver.answer(200);
    await team.newIssue(team.member, 'Unheard');
    await passAfter(MINUTE);
    expect(receivedFor(team)).toHaveLength(30);
    expect(await log(team, hook)).toHaveLength(5);

    // A test delivery that succeeds enables it again.
    const test = await t.ok<WebhookDeliveryDto>(t.as(team.lead.token).post(`/api/webhooks/${hook.id}/test`));
    expect(test).toMatchObject({ event: 'webhook.test', status: 'SUCCEEDED' });
    expect((await list(team))[0]).toMatchObject({ consecutiveFailures: 0, disabledAt: null });
    await team.newIssue(team.member, 'Heard again');
    await waitForRequests(team, 32);
  });
});

describe('"Send test" and the delivery log', () => {
  it('sends a signed test delivery now and answers its outcome, failures included (never retried)', async () => {
    const team = await givenTeam(t, people);
    const hook = await givenWebhook(team, { events: ['issue.moved'] });
    const ok = await t.ok<WebhookDeliveryDto>(t.as(team.lead.token).post(`/api/webhooks/${hook.id}/test`));
    expect(ok).toMatchObject({ event: 'webhook.test', status: 'SUCCEEDED', attempt: 1, responseCode: 200 });
    const [got] = receivedFor(team);
    expect(got!.headers['x-trackboard-event']).toBe('webhook.test');
    expect(got!.headers['x-trackboard-delivery']).toBe(ok.id);
    expect(verifies(got!.headers['x-trackboard-signature'], got!.body)).toBe(true);
    expect(got!.json).toMatchObject({ id: ok.id, event: 'webhook.test', data: { webhookId: hook.id } });

    receiver.answer(500);
    clock.advance(1000);
    const failed = await t.ok<WebhookDeliveryDto>(t.as(team.lead.token).post(`/api/webhooks/${hook.id}/test`));
    expect(failed).toMatchObject({ status: 'FAILED', responseCode: 500, nextAttemptAt: null });
    await passAfter(10 * MINUTE);
    expect(receivedFor(team)).toHaveLength(2);
    expect((await list(team))[0]!.consecutiveFailures).toBe(0);
    expect((await log(team, hook)).map((d) => d.status)).toEqual(['FAILED', 'SUCCEEDED']);
  });

  describe('pages', () => {
    let team: GivenTeam;
    let hook: WebhookDto;
    /** Every delivery the log holds, newest first, as the database orders it. */
    let stored: string[];
    beforeAll(async () => {
      team = await givenTeam(t, people);
      hook = await givenWebhook(team, { events: ['issue.moved'] });
      const hookId = Number(hook.id);
      const dayAgo = new Date(clock.now().getTime() - 24 * 60 * MINUTE).toISOString();
      // A long log, arranged in one statement (a test send each would cost seconds): a second
      // apart, and the oldest still to be retried tomorrow.
      await t.database.db.execute(sql`insert into notification.webhook_deliveries
        (id, webhook_id, event, body, status, attempt, response_code, duration_ms, created_at, delivered_at, next_attempt_at)
        select gen_random_uuid(), ${hookId}, 'issue.moved', '{}', case when n = 1 then 'RETRYING' else 'SUCCEEDED' end, 1,
          200, 5, ${dayAgo}::timestamptz + make_interval(secs => n), ${dayAgo}::timestamptz + make_interval(secs => n),
          case when n = 1 then ${dayAgo}::timestamptz + interval '2 days' end
        from generate_series(1, 510) as n`);
      // A new delivery prunes the log.
      await t.ok(t.as(team.lead.token).post(`/api/webhooks/${hook.id}/test`));
      stored = (
        await queryRows<{ id: string }>(
          t.database.db,
          sql`select id from notification.webhook_deliveries where webhook_id = ${hookId}
            order by created_at desc, id desc`,
        )
      ).map((r) => r.id);
    });

    it(`keeps the newest ${WEBHOOK_DELIVERIES_KEPT} deliveries, and one still to be retried however old`, async () => {
      expect(stored).toHaveLength(WEBHOOK_DELIVERIES_KEPT + 1);
      const [oldest] = await queryRows<{ status: string }>(
        t.database.db,
        sql`select status from notification.webhook_deliveries where id = ${stored.at(-1)!}::uuid`,
      );
      expect(oldest!.status).toBe('RETRYING');
    });

    it('answers 50 a page, newest first, and each page’s nextCursor leads through all of them once', async () => {
      const first = await page(team, hook);
      expect(first.deliveries.map((d) => d.id)).toEqual(stored.slice(0, 50));
      expect(first.deliveries[0]!.event).toBe('webhook.test');
      expect(first.nextCursor).toBe(stored[49]);
      const seen = first.deliveries.map((d) => d.id);
      for (let cursor = first.nextCursor; cursor;) {
        const next = await page(team, hook, `?before=${cursor}&limit=100`);
        expect(next.deliveries.length).toBeLessThanOrEqual(100);
        seen.push(...next.deliveries.map((d) => d.id));
        cursor = next.nextCursor;
      }
      expect(seen).toEqual(stored);
      const last = await page(team, hook, `?before=${stored.at(-2)!}`);
      expect(last).toEqual({ deliveries: [expect.objectContaining({ id: stored.at(-1) })], nextCursor: null });
    });

    it.each([
      ['limit=0', 'limit: must be 1 or more'],
      ['limit=101', 'limit: must be 100 or less'],
      ['limit=ten', 'limit: must be a number'],
      ['limit=1.5', 'limit: must be a whole number'],
      ['before=12', 'before: must be the id of a delivery'],
    ])('refuses ?%s with 400 naming the field', async (query, message) => {
      const res = await t.as(team.lead.token).get(`/api/webhooks/${hook.id}/deliveries?${query}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain(message);
    });

    it('refuses a cursor that is no delivery of this webhook with 400, and an unknown query field', async () => {
      const other = await givenWebhook(team, { events: ['issue.moved'] });
      const theirs = await t.ok<WebhookDeliveryDto>(t.as(team.lead.token).post(`/api/webhooks/${other.id}/test`));
      for (const before of [theirs.id, '6f1c3a52-9d1e-4c4e-8a7b-2f0e6d5c4b3a']) {
        const res = await t.as(team.lead.token).get(`/api/webhooks/${hook.id}/deliveries?before=${before}`);
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ message: messages.webhookDeliveryCursorUnknown });
      }
      expect((await t.as(team.lead.token).get(`/api/webhooks/${hook.id}/deliveries?page=2`)).status).toBe(400);
    });

    it('is the lead’s (or an administrator’s) only: a member gets 403, an outsider 404', async () => {
      const query = `?before=${stored[0]!}`;
      expect((await t.as(team.member.token).get(`/api/webhooks/${hook.id}/deliveries${query}`)).status).toBe(403);
      expect((await t.as(team.outsider.token).get(`/api/webhooks/${hook.id}/deliveries${query}`)).status).toBe(404);
    });
  });

  it('drops a deleted webhook’s deliveries with it', async () => {
    const team = await givenTeam(t, people);
    const hook = await givenWebhook(team);
    await t.ok(t.as(team.lead.token).post(`/api/webhooks/${hook.id}/test`));
    await t.as(team.lead.token).delete(`/api/webhooks/${hook.id}`);
    expect((await t.as(team.lead.token).get(`/api/webhooks/${hook.id}/deliveries`)).status).toBe(404);
    const [stored] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from notification.webhook_deliveries where webhook_id = ${Number(hook.id)}`,
    );
    expect(stored!.n).toBe(0);
  });
});

describe('targets on private addresses (WEBHOOK_ALLOW_PRIVATE unset)', () => {
  let strict: TestPlatform;
  let team: Pick<GivenTeam, 'lead' | 'key'>;
  beforeAll(async () => {
    strict = await createTestPlatform({ webhookAllowPrivate: false });
    // A lead and their project are all that the refusals need: no team, no board.
    const lead = await strict.givenUser();
    const key = freshProjectKey();
    await strict.ok(strict.as(lead.token).post('/api/projects', { name: `Project ${key}`, key }));
    team = { lead, key };
  });
  afterAll(() => strict.close());

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://10.0.0.7/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]:8080/hook',
    'http://[fd00::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://localhost:8080/hook',
  ])('refuses %s with 400 naming url', async (url) => {
    const res = await strict
      .as(team.lead.token)
      .post(`/api/projects/${team.key}/webhooks`, { url, secret: SECRET, events: ['issue.created'] });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: messages.webhookTargetRefused });
  });

  it('says when the host does not resolve', async () => {
    const res = await strict.as(team.lead.token).post(`/api/projects/${team.key}/webhooks`, {
      url: 'https://no-such-host.invalid/hook',
      secret: SECRET,
      events: ['issue.created'],
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: messages.webhookTargetUnresolved });
  });
});

it('a deleted project’s webhooks go with it', async () => {
  const team = await givenTeam(t, people);
  const hook = await givenWebhook(team);
  expect((await t.as(team.lead.token).delete(`/api/projects/${team.key}`)).status).toBe(204);
  await until(async () => {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from notification.webhooks where id = ${Number(hook.id)}`,
    );
    return row!.n === 0;
  }, 'the webhook to be removed');
});
