import { messages, type DomainEvent, type SessionDto, type SessionResponse } from '@trackboard/contracts';
import { createTestPlatform, freshAddress, type GivenUser, type TestPlatform } from '@trackboard/test-platform';

// A person's own sessions: listed with where each began (browser, address, the way in), and
// signed out one by one — the token stops working at once and its sockets hear it (the event).

let t: TestPlatform;
const heard: DomainEvent[] = [];
beforeAll(async () => {
  t = await createTestPlatform();
  await t.events.listen({ 'session.revoked': (e) => void heard.push(e) });
});
afterAll(() => t.close());

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function signIn(user: GivenUser, userAgent: string, ip = freshAddress()) {
  const res = await t.request('POST', '/api/auth/login', {
    body: { email: user.email, password: user.password },
    ip,
    headers: { 'user-agent': userAgent },
  });
  return { ...((await res.json()) as SessionResponse), ip };
}
const sessionsOf = (token: string) => t.ok<SessionDto[]>(t.as(token).get('/api/auth/sessions'));
const status = async (token: string) => (await t.as(token).get('/api/auth/profile')).status;

it('lists the live sessions, newest first, with the browser, the address and the way in; this one marked', async () => {
  const user = await t.givenUser();
  const laptop = await signIn(user, FIREFOX);
  const desktop = await signIn(user, CHROME);
  const listed = await sessionsOf(desktop.token);
  // The registration's own session comes last.
  expect(listed.slice(0, 2)).toEqual([
    expect.objectContaining({ userAgent: CHROME, ipAddress: desktop.ip, current: true, method: 'password' }),
    expect.objectContaining({ userAgent: FIREFOX, ipAddress: laptop.ip, current: false, method: 'password' }),
  ]);
  expect(listed).toHaveLength(3);
});

it('signs another session out: its token stops at once and its sockets are told', async () => {
  const user = await t.givenUser();
  const laptop = await signIn(user, FIREFOX);
  const desktop = await signIn(user, CHROME);
  const laptopId = (await sessionsOf(desktop.token)).find((s) => s.userAgent === FIREFOX)!.id;
  expect((await t.as(desktop.token).delete(`/api/auth/sessions/${laptopId}`)).status).toBe(204);
  expect(await status(laptop.token)).toBe(401);
  expect(await status(desktop.token)).toBe(200);
  expect((await sessionsOf(desktop.token)).map((s) => s.id)).not.toContain(laptopId);
  for (let i = 0; i < 50 && !heard.some((e) => 'sessionId' in e && e.sessionId === laptopId); i++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  expect(heard).toContainEqual(
    expect.objectContaining({ type: 'session.revoked', userId: user.user.id, sessionId: laptopId }),
  );
  // Again: it has ended already.
  expect(
    await t
      .as(desktop.token)
      .delete(`/api/auth/sessions/${laptopId}`)
      .then((r) => r.json()),
  ).toEqual({
    message: messages.sessionNotFound,
  });
});

it('signing out the current session is a sign-out; another person’s session is not found', async () => {
  const user = await t.givenUser();
  const other = await t.givenUser();
  const mine = await signIn(user, CHROME);
  const theirs = (await sessionsOf(other.token))[0]!.id;
  expect((await t.as(mine.token).delete(`/api/auth/sessions/${theirs}`)).status).toBe(404);
  expect(await status(other.token)).toBe(200);
  const current = (await sessionsOf(mine.token)).find((s) => s.current)!.id;
  expect((await t.as(mine.token).delete(`/api/auth/sessions/${current}`)).status).toBe(204);
  expect(await status(mine.token)).toBe(401);
  expect((await t.as(user.token).get('/api/auth/sessions/not-a-session')).status).toBe(404);
  expect((await t.as(user.token).delete('/api/auth/sessions/not-a-session')).status).toBe(400);
});

it('refuses a personal access token: it may neither list nor end its owner’s sessions', async () => {
  const user = await t.givenUser();
  const pat = await t.ok<{ token: string }>(t.as(user.token).post('/api/auth/tokens', { name: 'script' }));
  expect((await t.as(pat.token).get('/api/auth/sessions')).status).toBe(403);
});
