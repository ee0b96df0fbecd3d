import type { NotificationList, NotificationSettings } from '@trackboard/contracts';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@trackboard/contracts';
import { createTestPlatform, type GivenUser, type TestPlatform } from '@trackboard/test-platform';
import { deliver, inbox } from './testing/notifications';

// The bell's API: a caller's own notifications, newest first, paged by id; read marks; settings.
let t: TestPlatform;
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(() => t.close());

let projects = 0;
/** `n` notifications for `who` (added to made-up projects by `by`), oldest first. */
async function givenNotifications(who: GivenUser, by: GivenUser, n: number) {
  for (let i = 0; i < n; i++) {
    const project = ++projects;
    await deliver(t, {
      type: 'member.added',
      projectId: String(900_000 + project),
      projectKey: `API${project}`,
      projectName: `Project ${project}`,
      userId: who.user.id,
      actorId: by.user.id,
    });
  }
  return (await inbox(t, who, '?limit=100')).notifications.reverse();
}

describe('GET /api/notifications', () => {
  it('lists the caller’s own, newest first, with the unread count, paged by id', async () => {
    const [me, other, actor] = await Promise.all([t.givenUser(), t.givenUser(), t.givenUser({ name: 'Ann Actor' })]);
    const mine = await givenNotifications(me, actor, 5);
    await givenNotifications(other, actor, 2);
    const ids = mine.map((n) => n.id).reverse(); // newest first

    const first = await inbox(t, me, '?limit=2');
    expect(first.notifications.map((n) => n.id)).toEqual(ids.slice(0, 2));
    expect(first.unreadCount).toBe(5);
    expect(first.notifications[0]!.actor).toEqual({ id: actor.user.id, name: 'Ann Actor' });
    const second = await inbox(t, me, `?limit=2&before=${first.notifications[1]!.id}`);
    expect(second.notifications.map((n) => n.id)).toEqual(ids.slice(2, 4));
    const last = await inbox(t, me, `?limit=2&before=${second.notifications[1]!.id}`);
    expect(last.notifications.map((n) => n.id)).toEqual(ids.slice(4));
    expect((await inbox(t, me)).notifications).toHaveLength(5); // 20 by default
  });

  it('leaves out what was read with unread=true', async () => {
    const [me, actor] = await Promise.all([t.givenUser(), t.givenUser()]);
    const [a, b, c] = await givenNotifications(me, actor, 3);
    await t.ok(t.as(me.token).post('/api/notifications/read', { ids: [b!.id] }));
    const unread = await inbox(t, me, '?unread=true');
    expect(unread.notifications.map((n) => n.id)).toEqual([c!.id, a!.id]);
    expect(unread.unreadCount).toBe(2);
    const all = await inbox(t, me, '?unread=false');
    expect(all.notifications.map((n) => [n.id, n.readAt !== null])).toEqual([
      [c!.id, false],
      [b!.id, true],
      [a!.id, false],
    ]);
  });

  it.each([
    ['?limit=0', 'limit: must be at least 1'],
    ['?limit=101', 'limit: must be at most 100'],
    ['?limit=ten', 'limit: must be a whole number'],
    ['?before=abc', 'before: must be an id'],
    ['?before=0', 'before: must be an id'],
    ['?unread=yes', 'unread: must be true or false'],
  ])('answers %s with a 400 naming the field', async (query, message) => {
    const me = await t.givenUser();
    const res = await t.as(me.token).get(`/api/notifications${query}`);
    expect([res.status, await res.json()]).toEqual([400, { message }]);
  });
});

describe('POST /api/notifications/read', () => {
  it('marks the given ones read, passing over other people’s ids', async () => {
    const [me, other, actor] = await Promise.all([t.givenUser(), t.givenUser(), t.givenUser()]);
    const [a, b] = await givenNotifications(me, actor, 2);
    const [theirs] = await givenNotifications(other, actor, 1);
    expect(await t.ok(t.as(me.token).post('/api/notifications/read', { ids: [a!.id, theirs!.id] }))).toEqual({
      unreadCount: 1,
    });
    const mine = await inbox(t, me);
    expect(mine.notifications.map((n) => [n.id, n.readAt !== null])).toEqual([
      [b!.id, false],
      [a!.id, true],
    ]);
    expect((await inbox(t, other)).notifications.map((n) => n.readAt)).toEqual([null]);
  });

  it('marks all of the caller’s read, and nobody else’s', async () => {
    const [me, other, actor] = await Promise.all([t.givenUser(), t.givenUser(), t.givenUser()]);
    await givenNotifications(me, actor, 3);
    await givenNotifications(other, actor, 2);
    expect(await t.ok(t.as(me.token).post('/api/notifications/read', { all: true }))).toEqual({ unreadCount: 0 });
    expect((await inbox(t, me)).unreadCount).toBe(0);
    expect((await inbox(t, me)).notifications.every((n) => n.readAt !== null)).toBe(true);
    expect((await inbox(t, other)).unreadCount).toBe(2);
  });

  it('keeps the first read time when marked again', async () => {
    const [me, actor] = await Promise.all([t.givenUser(), t.givenUser()]);
    const [a] = await givenNotifications(me, actor, 1);
    await t.ok(t.as(me.token).post('/api/notifications/read', { ids: [a!.id] }));
    const { notifications: once } = await inbox(t, me);
    await t.ok(t.as(me.token).post('/api/notifications/read', { all: true }));
    expect((await inbox(t, me)).notifications[0]!.readAt).toBe(once[0]!.readAt);
  });

  it.each([
    [{}, /^ids: /],
    [{ ids: [] }, /^ids: /],
    [{ ids: ['x'] }, /^ids\.0: must be an id/],
    [{ ids: [true] }, /^ids\.0: must be an id/],
    [{ all: false }, /^all: /],
    [{ ids: ['1'], all: true }, /./],
    [{ ids: Array.from({ length: 501 }, (_, i) => String(i + 1)) }, /^ids: /],
  ])('answers %j with a 400 naming the field', async (body, message) => {
    const me = await t.givenUser();
    const res = await t.as(me.token).post('/api/notifications/read', body);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(message);
  });

  it('answers malformed JSON with a 400', async () => {
    const me = await t.givenUser();
    const res = await t.as(me.token).post('/api/notifications/read', '{"ids":');
    expect(res.status).toBe(400);
  });
});

describe('settings', () => {
  it('starts from the defaults, changes the kinds sent and keeps the rest', async () => {
    const me = await t.givenUser();
    expect(await t.ok(t.as(me.token).get('/api/notifications/settings'))).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    const changed = await t.ok<NotificationSettings>(
      t.as(me.token).put('/api/notifications/settings', { comment: 'off', mentioned: 'app' }),
    );
    const expected = { ...DEFAULT_NOTIFICATION_SETTINGS, comment: 'off', mentioned: 'app' };
    expect(changed).toEqual(expected);
    expect(await t.ok(t.as(me.token).get('/api/notifications/settings'))).toEqual(expected);
    expect(await t.ok(t.as(me.token).put('/api/notifications/settings', { comment: 'app+email' }))).toEqual({
      ...expected,
      comment: 'app+email',
    });
    // Someone else's are their own.
    const other = await t.givenUser();
    expect(await t.ok(t.as(other.token).get('/api/notifications/settings'))).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  it.each([
    [{ assigned: 'loud' }, 'assigned: must be off, app or app+email'],
    [{ assigned: null }, 'assigned: must be off, app or app+email'],
    [{ everything: 'off' }, /everything/],
  ])('answers %j with a 400 naming the field', async (body, message) => {
    const me = await t.givenUser();
    const res = await t.as(me.token).put('/api/notifications/settings', body);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(message);
    expect(await t.ok(t.as(me.token).get('/api/notifications/settings'))).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });
});

it('counts only unread notifications of the caller', async () => {
  const [me, actor] = await Promise.all([t.givenUser(), t.givenUser()]);
  await givenNotifications(me, actor, 2);
  const list: NotificationList = await inbox(t, me, '?limit=1');
  expect([list.notifications.length, list.unreadCount]).toEqual([1, 2]);
});
