import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listenOn } from '@trackboard/server-kit';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { createInProcessForwarder } from './forwarders';
import { edgeHeaders } from './security-headers';
import { createGatewayServer } from './server';
import { createWebHost } from './web-host';

// Every kind of answer the gateway gives carries nosniff; pages carry the policy the shell
// and its remotes run under (e2e/shell-remotes.test.ts shows they work under it in Chromium);
// HSTS only when users reach the app over HTTPS.
const webRoot = mkdtempSync(join(tmpdir(), 'tb-headers-'));
mkdirSync(join(webRoot, 'shell', 'dist'), { recursive: true });
writeFileSync(join(webRoot, 'shell', 'dist', 'index.html'), '<!doctype html><div id="root"></div>');
mkdirSync(join(webRoot, 'mf-boards', 'dist'), { recursive: true });
writeFileSync(join(webRoot, 'mf-boards', 'dist', 'remoteEntry.js'), 'var mf_boards;');
const CDN = 'https://cdn.example.test';

let t: TestPlatform;
const closers: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  t = await createTestPlatform();
});
afterAll(async () => {
  for (const close of closers) await close();
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

async function gateway(publicUrl: string, timeouts?: { headersMs: number; requestMs: number }) {
  const server = createGatewayServer({
    forwarder: createInProcessForwarder(t.platform.apps),
    web: createWebHost({
      webRoot,
      remoteUrls: { mf_admin: `${CDN}/mf-admin/mf-manifest.json` },
      appConfig: { name: 'T', provider: 'T', supportEmail: 'support@example.test' },
    }),
    corsOrigins: ['http://other.example.test'],
    responseHeaders: edgeHeaders(publicUrl),
    timeouts,
  });
  closers.push(() => new Promise((done) => server.close(done)));
  const port = await listenOn(server, 0, '127.0.0.1');
  return `http://127.0.0.1:${port}`;
}

/** The policy as directive → sources. */
const policyOf = (res: Response) =>
  Object.fromEntries(
    (res.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );

// Every row has all three fields: jest would take a missing third argument for `done`.
const kinds: [kind: string, path: string, init: RequestInit][] = [
  ['the page', '/', {}],
  ['a deep link', '/projects/WEB', {}],
  ['a remote’s file', '/remotes/mf-boards/remoteEntry.js', {}],
  ['a missing remote file', '/remotes/mf-boards/nothing.js', {}],
  ['the remotes manifest', '/remotes.json', {}],
  ['the app config', '/app-config.json', {}],
  ['the gateway’s health', '/health', {}],
  ['a service answer', '/api/health/auth', {}],
  ['a service error', '/api/boards/1', {}],
  ['an unknown API path', '/api/nothing', {}],
  [
    'a CORS preflight',
    '/api/projects',
    { method: 'OPTIONS', headers: { origin: 'http://other.example.test', 'access-control-request-method': 'POST' } },
  ],
];

describe('over plain HTTP', () => {
  let url: string;
  beforeAll(async () => {
    url = await gateway('http://tracker.example.test');
  });

  it.each(kinds)('%s carries nosniff and no HSTS', async (_kind, path, init) => {
    const res = await fetch(`${url}${path}`, init);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('pages run scripts only from here and the remotes’ origins, never inline', async () => {
    const policy = policyOf(await fetch(`${url}/boards/7`));
    expect(policy).toMatchObject({
      'default-src': ["'self'"],
      'script-src': ["'self'", CDN],
      'connect-src': ["'self'", CDN],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'https:']);
  });

  it('API answers load nothing and are framed nowhere', async () => {
    expect(policyOf(await fetch(`${url}/api/health/auth`))).toEqual({
      'default-src': ["'none'"],
      'frame-ancestors': ["'none'"],
      sandbox: [],
    });
  });

  it('API answers, private ones and errors, are kept by no cache', async () => {
    const { token } = await t.givenUser();
    const mine = await fetch(`${url}/api/projects`, { headers: { authorization: `Bearer ${token}` } });
    expect(mine.status).toBe(200);
    for (const res of [mine, await fetch(`${url}/api/boards/1`)])
      expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('remote files stay loadable by a shell on another origin', async () => {
    const res = await fetch(`${url}/remotes/mf-boards/remoteEntry.js`);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('behind HTTPS', () => {
  it.each(kinds)('%s carries HSTS', async (_kind, path, init) => {
    const url = await gateway('https://tracker.example.test');
    const res = await fetch(`${url}${path}`, init);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('a slow client', () => {
  it('whose body stalls gets 408 from the gateway, and the connection closes', async () => {
    const url = new URL(await gateway('http://tracker.example.test', { headersMs: 300, requestMs: 600 }));
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () =>
        socket.write(
          'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":',
        ),
      );
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });
});
