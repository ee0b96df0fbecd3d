import { Hono } from 'hono';
import { createLogger } from './logger';
import { listen, type Listening } from './serve';
import { createServiceClient } from './service-client';

// A service calling another with several base URLs (project → board replicas, admin → auth)
// tracks them as the gateway does: only replicas up are called, a GET/HEAD/PUT that cannot reach
// one goes to another, a POST only when its connection was refused (so it was never sent), and a
// replica whose /ready answers is used again.
const log = createLogger('test', 'silent');
const running: Listening[] = [];
/** Which replica each POST reached. */
const posts: string[] = [];

async function replica(name: string, port = 0) {
  const app = new Hono()
    .get('/ready', (c) => c.json({ ok: true }))
    .get('/whoami', (c) => c.json({ name, requestId: c.req.header('x-request-id') ?? null }))
    .put('/things/1', async (c) => c.json({ name, body: await c.req.json() }))
    .post('/things', (c) => (posts.push(name), c.json({ name }, 201)));
  const listening = await listen(app, port, '127.0.0.1');
  running.push(listening);
  return { name, listening, url: `http://127.0.0.1:${listening.port}` };
}
afterAll(() => Promise.all(running.map((l) => l.close())));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('calls the replicas in turn, and only the one left once the other stops listening', async () => {
  const [a, b] = [await replica('a'), await replica('b')];
  const call = createServiceClient({ urls: [a.url, b.url], service: 'demo', log, pool: { probeEveryMs: 0 } });
  const names = async (n: number) => {
    const seen = [];
    for (let i = 0; i < n; i++) seen.push(((await (await call('GET', '/whoami')).json()) as { name: string }).name);
    return seen.sort();
  };
  expect(await names(4)).toEqual(['a', 'a', 'b', 'b']);
  await a.listening.close();
  expect(await names(4)).toEqual(['b', 'b', 'b', 'b']);
  const put = await call('PUT', '/things/1', { body: { position: 2 } });
  expect(await put.json()).toEqual({ name: 'b', body: { position: 2 } });
  call.close();
});

it('sends a POST whose connection was refused (it never left) to the other replica', async () => {
  const [a, b] = [await replica('a'), await replica('b')];
  await a.listening.close();
  const call = createServiceClient({ urls: [a.url, b.url], service: 'demo', log, pool: { probeEveryMs: 0 } });
  // The first POST goes to `a` (first in turn): refused, marked down, and sent to `b`.
  const res = await call('POST', '/things');
  expect([res.status, await res.json()]).toEqual([201, { name: 'b' }]);
  expect(posts).toEqual(['b']);
  call.close();
});

it('uses a replica again once its /ready answers', async () => {
  const [a, b] = [await replica('a'), await replica('b')];
  const port = a.listening.port;
  await a.listening.close();
  const call = createServiceClient({ urls: [a.url, b.url], service: 'demo', log, pool: { probeEveryMs: 50 } });
  expect(((await (await call('GET', '/whoami')).json()) as { name: string }).name).toBe('b');
  await replica('a again', port);
  const deadline = Date.now() + 5_000;
  let name = '';
  while (name !== 'a again' && Date.now() < deadline) {
    name = ((await (await call('GET', '/whoami')).json()) as { name: string }).name;
    await sleep(20);
  }
  expect(name).toBe('a again');
  call.close();
});

it('answers 503 when no replica is up', async () => {
  const a = await replica('a');
  await a.listening.close();
  const call = createServiceClient({ urls: [a.url], service: 'demo', log, pool: { probeEveryMs: 0 } });
  await expect(call('GET', '/whoami')).rejects.toMatchObject({ status: 503 });
  await expect(call('GET', '/whoami')).rejects.toMatchObject({ status: 503 });
  call.close();
});

it('looks again at once when every replica is down, instead of answering 503 until the next probe', async () => {
  // The other service was still starting when this one first probed it (split mode's start).
  const a = await replica('a');
  const port = a.listening.port;
  await a.listening.close();
  const call = createServiceClient({ urls: [a.url], service: 'demo', log, pool: { probeEveryMs: 60_000 } });
  await sleep(100); // the first probe has marked it down
  await replica('a started', port);
  const res = await call('GET', '/whoami');
  expect(((await res.json()) as { name: string }).name).toBe('a started');
  call.close();
});
