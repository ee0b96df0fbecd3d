import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReleasesResponse, ReleaseUpdateResponse, RemotesManifest } from '@trackboard/contracts';
import { Hono } from 'hono';
import { messages } from '@trackboard/contracts';
import {
  createLogger,
  createMemoryRateLimiter,
  createServiceClient,
  listenOn,
  type OpenApiDocument,
} from '@trackboard/server-kit';
import { checkContract, createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { byService, documentsFrom } from '../api-reference';
import { createGatewayServer } from '../server';
import { createWebHost } from '../web-host';
import { createReleases, createVersionCatalog } from '.';

// The release table behind /remotes.json, the versions it serves and the admin API
// that changes it, over a real database (PGlite, and PostgreSQL in server-pg).

const shellShared = [
  { name: 'react', version: '19.3.1' },
  { name: 'react-dom', version: '19.3.1' },
  { name: 'react-router', version: '7.18.5' },
  { name: 'zustand', version: '5.1.0' },
  { name: 'swr', version: '2.5.1' },
  { name: '@trackboard/web-kit', version: '0.1.0' },
];

const root = mkdtempSync(join(tmpdir(), 'tb-releases-'));
const webRoot = join(root, 'web');
const releasesDir = join(root, 'releases');

function write(folder: string, files: Record<string, string>) {
  mkdirSync(folder, { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(folder, name), content);
}
const manifest = (shared = shellShared.slice(0, 4)) => JSON.stringify({ id: 'mf_boards', shared });
/** A published version of mf-boards as `npm run release` leaves it. */
const publish = (version: string, files: Record<string, string> = {}) =>
  write(join(releasesDir, 'mf-boards', version), {
    'mf-manifest.json': manifest(),
    'remoteEntry.js': `var mf_boards = "${version}";`,
    ...files,
  });

write(join(webRoot, 'shell', 'dist'), { 'mf-manifest.json': JSON.stringify({ id: 'shell', shared: shellShared }) });
write(join(webRoot, 'mf-boards', 'dist'), {
  'mf-manifest.json': manifest(),
  'remoteEntry.js': 'var mf_boards = "bundled";',
});
const V1 = '0.1.0-aaaaaaaa';
const V2 = '0.2.0-bbbbbbbb';
const OLD_REACT = '0.0.9-cccccccc';
const CDN = '0.3.0-dddddddd';
publish(V1);
publish(V2);
publish(OLD_REACT, { 'mf-manifest.json': manifest([{ name: 'react', version: '18.3.1' }]) });
write(join(releasesDir, 'mf-boards', CDN), {
  'mf-manifest.json': manifest(),
  'release.json': JSON.stringify({ entry: 'https://cdn.example.test/mf-boards/0.3.0/mf-manifest.json' }),
});

let t: TestPlatform;
let releases: ReturnType<typeof createReleases>;
let web: ReturnType<typeof createWebHost>;
let adminToken: string;
let userToken: string;
/** The limiter's clock: a test moves it past a window rather than waiting a minute. */
let now = Date.now();

beforeAll(async () => {
  t = await createTestPlatform();
  releases = createReleases({
    database: t.database,
    authenticate: t.platform.authenticate,
    log: createLogger('test', 'silent'),
    catalog: createVersionCatalog({ webRoot, releasesDir, remoteUrls: {} }),
    limiter: createMemoryRateLimiter(() => now),
  });
  web = createWebHost({
    webRoot,
    remoteUrls: {},
    appConfig: { name: 'T', provider: 'T', supportEmail: 'support@example.test' },
    releases,
    serviceDocuments: documentsFrom(byService((service) => createServiceClient(t.platform.apps[service].fetch))),
  });
  adminToken = (await t.admin()).token;
  userToken = (await t.givenUser()).token;
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

/** A request to the gateway's web host; every API answer is held to the OpenAPI description. */
async function call(
  method: string,
  path: string,
  { token, body, cookie, address }: { token?: string; body?: unknown; cookie?: string; address?: string } = {},
) {
  const res = await web.request(path, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(cookie && { cookie }),
      // The client's address as the gateway's server hands it on (it replaces what a client sent).
      ...(address && { 'x-forwarded-for': address }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (path.startsWith('/api/')) await checkContract(releases.app, method, path, res);
  return res;
}
const put = async (body: unknown, token = adminToken) => call('PUT', '/api/admin/releases/mf_boards', { token, body });
const boardsFor = async (options: { token?: string; cookie?: string }) => {
  const res = await call('GET', '/remotes.json', options);
  expect(res.status).toBe(200);
  return ((await res.json()) as RemotesManifest).remotes.find((remote) => remote.name === 'mf_boards')!;
};
const release = async () => {
  const res = await call('GET', '/api/admin/releases', { token: adminToken });
  expect(res.status).toBe(200);
  return (await res.json()) as ReleasesResponse;
};

describe('versions and /remotes.json', () => {
  it('starts on every remote’s bundled build', async () => {
    const res = await call('GET', '/remotes.json');
    expect(res.headers.get('Cache-Control')).toBe('private, no-cache');
    expect(((await res.json()) as RemotesManifest).remotes).toEqual([
      { name: 'mf_projects', entry: '/remotes/mf-projects/mf-manifest.json', version: 'bundled' },
      { name: 'mf_boards', entry: '/remotes/mf-boards/mf-manifest.json', version: 'bundled' },
      { name: 'mf_admin', entry: '/remotes/mf-admin/mf-manifest.json', version: 'bundled' },
    ]);
  });

  it('lists each version, the bundled build first, with its compatibility', async () => {
    const boards = (await release()).remotes.find((remote) => remote.name === 'mf_boards')!;
    expect(boards.current).toBe('bundled');
    expect(boards.canary).toBeNull();
    expect(boards.versions.map((v) => v.version).sort()).toEqual([CDN, OLD_REACT, V1, V2, 'bundled'].sort());
    expect(boards.versions[0]).toMatchObject({ version: 'bundled', compatible: true, publishedAt: null });
    expect(boards.versions.find((v) => v.version === OLD_REACT)).toMatchObject({
      compatible: false,
      problem: 'Incompatible with the shell: react 18.3.1 is needed; the shell shares 19.3.1.',
    });
    expect(boards.versions.find((v) => v.version === CDN)).toMatchObject({
      entry: 'https://cdn.example.test/mf-boards/0.3.0/mf-manifest.json',
      compatible: true,
    });
  });

  it('makes a version current for everyone at the next load, and serves its files', async () => {
    const res = await put({ current: V1 });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ReleaseUpdateResponse;
    expect(body.remote).toMatchObject({ current: V1, canary: null });
    expect(body.change).toEqual([
      expect.objectContaining({ remote: 'mf_boards', what: 'current', from: 'bundled', to: V1, share: null }),
    ]);
    for (const token of [undefined, userToken, adminToken])
      expect(await boardsFor({ token })).toEqual({
        name: 'mf_boards',
        entry: `/remotes/mf-boards/${V1}/mf-manifest.json`,
        version: V1,
      });
    const entry = await call('GET', `/remotes/mf-boards/${V1}/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(await entry.text()).toBe(`var mf_boards = "${V1}";`);
    expect(entry.headers.get('Access-Control-Allow-Origin')).toBe('*');
    // The bundled build is still served beside it, for those who roll back.
    expect(await (await call('GET', '/remotes/mf-boards/remoteEntry.js')).text()).toBe('var mf_boards = "bundled";');
  });

  it('gives a 100 % canary to everyone, with the current version to fall back to, and rolls back', async () => {
    expect((await put({ canary: { version: V2, share: 100 } })).status).toBe(200);
    expect(await boardsFor({ token: userToken })).toEqual({
      name: 'mf_boards',
      entry: `/remotes/mf-boards/${V2}/mf-manifest.json`,
      version: V2,
      fallback: { entry: `/remotes/mf-boards/${V1}/mf-manifest.json`, version: V1 },
    });
    expect((await put({ canary: null })).status).toBe(200);
    expect((await boardsFor({ token: userToken })).version).toBe(V1);
  });

  it('splits a 50 % canary over 200 visitors, each keeping their version from load to load', async () => {
    expect((await put({ canary: { version: V2, share: 50 } })).status).toBe(200);
    // A first load gives the visitor a cookie, and their version follows it.
    const first = await call('GET', '/remotes.json');
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    expect(cookie).toMatch(/^tb_visitor=[0-9a-f-]{36}$/);
    const version = ((await first.json()) as RemotesManifest).remotes[1]!.version;
    for (let load = 0; load < 3; load++) expect((await boardsFor({ cookie })).version).toBe(version);
    // The split over visitors whose ids are fixed: with a new random id each run the count itself
    // would be random, and 80–120 of 200 would fail about one run in two hundred.
    let onCanary = 0;
    for (let visitor = 0; visitor < 200; visitor++) {
      const cookie = `tb_visitor=00000000-0000-4000-8000-${visitor.toString(16).padStart(12, '0')}`;
      const version = (await boardsFor({ cookie })).version;
      if (version === V2) onCanary++;
      for (let load = 0; load < 3; load++) expect((await boardsFor({ cookie })).version).toBe(version);
    }
    expect(onCanary).toBeGreaterThanOrEqual(80);
    expect(onCanary).toBeLessThanOrEqual(120);
    // A signed-in user is placed by their account, the same on every load.
    const mine = (await boardsFor({ token: userToken })).version;
    for (let load = 0; load < 5; load++) expect((await boardsFor({ token: userToken })).version).toBe(mine);
    expect((await put({ canary: null })).status).toBe(200);
  });

  it('serves the bundled build when the current version’s folder is gone', async () => {
    publish('0.4.0-eeeeeeee');
    expect((await put({ current: '0.4.0-eeeeeeee' })).status).toBe(200);
    rmSync(join(releasesDir, 'mf-boards', '0.4.0-eeeeeeee'), { recursive: true });
    expect((await boardsFor({})).version).toBe('bundled');
    expect((await put({ current: V1 })).status).toBe(200);
  });
});

describe('changing the release table', () => {
  it('refuses a version whose shared dependencies the shell cannot serve, changing nothing', async () => {
    for (const body of [{ current: OLD_REACT }, { canary: { version: OLD_REACT, share: 10 } }]) {
      const res = await put(body);
      expect(res.status).toBe(409);
      expect(((await res.json()) as { message: string }).message).toBe(
        `mf_boards ${OLD_REACT}: Incompatible with the shell: react 18.3.1 is needed; the shell shares 19.3.1.`,
      );
    }
    expect((await boardsFor({})).version).toBe(V1);
  });

  it.each([
    [{ current: '9.9.9-ffffffff' }, 404, 'current: mf_boards has no published version 9.9.9-ffffffff.'],
    [{ current: '../../etc' }, 404, 'current: mf_boards has no published version ../../etc.'],
    [{ canary: { version: V2, share: 101 } }, 400, 'canary.share: must be a whole number from 0 to 100'],
    [{ canary: { version: V1, share: 10 } }, 400, 'canary: is already the current version'],
    [{}, 400, 'current: must name current or canary'],
    [{ current: V2, extra: true }, 400, undefined],
  ])('refuses %j with %i', async (body, status, message) => {
    const res = await put(body);
    expect(res.status).toBe(status);
    const answer = (await res.json()) as { message: string };
    if (message) expect(answer.message).toBe(message);
    else expect(answer.message).toMatch(/extra/);
  });

  it('answers 400 naming the remote for an unknown one', async () => {
    const res = await call('PUT', '/api/admin/releases/mf_nothing', { token: adminToken, body: { current: V1 } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/^remote: must be one of/);
  });

  it('promoting the canary makes it current and ends the canary, recorded as two changes', async () => {
    expect((await put({ canary: { version: V2, share: 20 } })).status).toBe(200);
    const res = await put({ current: V2 });
    const body = (await res.json()) as ReleaseUpdateResponse;
    expect(body.remote).toMatchObject({ current: V2, canary: null });
    expect(body.change.map(({ what, from, to }) => ({ what, from, to }))).toEqual([
      { what: 'canary', from: V2, to: null },
      { what: 'current', from: V1, to: V2 },
    ]);
  });

  it('keeps the history: who, when, from → to, newest first', async () => {
    expect((await put({ current: V1 })).status).toBe(200);
    const { history } = await release();
    expect(history[0]).toMatchObject({ remote: 'mf_boards', what: 'current', from: V2, to: V1, share: null });
    expect(history[0]!.by.name).toBe('Administrator');
    expect(Date.now() - Date.parse(history[0]!.at)).toBeLessThan(60_000);
    expect(history.at(-1)).toMatchObject({ what: 'current', from: 'bundled', to: V1 });
  });
});

describe('canary load failures', () => {
  const visitor = (n: number) => `tb_visitor=00000000-0000-4000-9000-${n.toString(16).padStart(12, '0')}`;
  const report = (version: string, from: { cookie?: string; token?: string; address?: string } = {}) =>
    call('POST', '/api/releases/failures', {
      body: { remote: 'mf_boards', version, message: 'ScriptExternalLoadError' },
      address: '198.51.100.1',
      ...from,
    });
  const failures = async () =>
    (await release()).remotes.find((remote) => remote.name === 'mf_boards')!.canaryFailures.count;
  /** A new minute: every window the limiter counts has passed. */
  const nextMinute = () => (now += 61_000);
  beforeEach(nextMinute);

  it('counts the shell’s reports for the canary now set, and nothing else', async () => {
    expect((await put({ canary: { version: V2, share: 10 } })).status).toBe(200);
    expect((await report(V2, { cookie: visitor(1) })).status).toBe(204);
    expect((await report(V2, { cookie: visitor(2) })).status).toBe(204);
    expect((await report(V1, { cookie: visitor(3) })).status).toBe(204); // not the canary: ignored
    const boards = (await release()).remotes.find((remote) => remote.name === 'mf_boards')!;
    expect(boards.canaryFailures).toMatchObject({ count: 2, lastMessage: 'ScriptExternalLoadError' });
    const bad = await call('POST', '/api/releases/failures', { body: { remote: 'mf_boards' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^version: /);
    expect((await put({ canary: null })).status).toBe(200);
  });

  it('counts one report per visitor or user per canary a minute', async () => {
    expect((await put({ canary: { version: V2, share: 10 } })).status).toBe(200);
    const before = await failures();
    // A page reloaded in a loop, by a visitor, a signed-in user, and someone with no cookie yet.
    for (const from of [
      { cookie: visitor(10) },
      { token: userToken, cookie: visitor(11) },
      { address: '198.51.100.2' },
    ])
      for (let load = 0; load < 5; load++) expect((await report(V2, from)).status).toBe(204);
    expect(await failures()).toBe(before + 3);
    // The user is known by the account whatever cookie the browser sends.
    expect((await report(V2, { token: userToken, cookie: visitor(12) })).status).toBe(204);
    expect(await failures()).toBe(before + 3);
    nextMinute();
    expect((await report(V2, { cookie: visitor(10) })).status).toBe(204);
    expect(await failures()).toBe(before + 4);
    expect((await put({ canary: null })).status).toBe(200);
  });

  it('refuses reports past 30 a minute from one address with 429 and Retry-After; other addresses go on', async () => {
    expect((await put({ canary: { version: V2, share: 10 } })).status).toBe(200);
    const before = await failures();
    const from = (n: number) => ({ cookie: visitor(100 + n), address: '203.0.113.7' });
    for (let n = 0; n < 30; n++) expect((await report(V2, from(n))).status).toBe(204);
    const refused = await report(V2, from(30));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toEqual({ message: messages.tooManyRequests });
    expect(await failures()).toBe(before + 30);
    expect((await report(V2, { cookie: visitor(200), address: '203.0.113.8' })).status).toBe(204);
    nextMinute();
    expect((await report(V2, from(31))).status).toBe(204);
    expect((await put({ canary: null })).status).toBe(200);
  });

  it('limits by the address the gateway saw, not by an X-Forwarded-For the client made up', async () => {
    const stub = { web: () => undefined, ready: () => true, close: () => undefined };
    const server = createGatewayServer({ forwarder: stub, web: web as unknown as Hono, corsOrigins: [] });
    const url = `http://127.0.0.1:${await listenOn(server, 0, '127.0.0.1')}`;
    try {
      const statuses = [];
      for (let n = 0; n < 31; n++) {
        const res = await fetch(`${url}/api/releases/failures`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${n}`, cookie: visitor(300 + n) },
          body: JSON.stringify({ remote: 'mf_boards', version: V2 }),
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 30)).toEqual(Array(30).fill(204));
      expect(statuses[30]).toBe(429);
    } finally {
      await new Promise((done) => (server.closeAllConnections(), server.close(done)));
    }
  });
});

describe('authorization: the release table is the administrators’', () => {
  it.each([
    ['GET', '/api/admin/releases', undefined],
    ['PUT', '/api/admin/releases/mf_boards', { current: V1 }],
  ] as const)('%s %s: 401 signed out, 403 for a user, 200 for an admin', async (method, path, body) => {
    expect((await call(method, path, { body })).status).toBe(401);
    expect((await call(method, path, { token: userToken, body })).status).toBe(403);
    expect((await call(method, path, { token: adminToken, body })).status).toBe(200);
  });

  it('is described in /api/openapi.json with the services’ routes', async () => {
    const { paths } = (await (await call('GET', '/api/openapi.json')).json()) as OpenApiDocument;
    expect(paths!['/api/admin/releases']!.get!.summary).toMatch(/versions/);
    expect(paths!['/api/admin/releases/{remote}']!.put!.responses).toHaveProperty('409');
    expect(paths!['/api/releases/failures']!.post!.security).toEqual([]);
    expect(paths!['/api/admin/users']!.get).toBeDefined();
  });

  it('POST /api/releases/failures is open (the shell reports before sign-in too)', async () => {
    const res = await call('POST', '/api/releases/failures', { body: { remote: 'mf_admin', version: V1 } });
    expect(res.status).toBe(204);
  });
});
