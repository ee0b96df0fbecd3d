import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createLogger, listen, listenOn } from '@trackboard/server-kit';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { createInProcessForwarder, createProxyForwarder, type Forwarder } from './forwarders';
import { createGatewayServer } from './server';
import { createWebHost } from './web-host';

// A service compresses its own answer; the gateway, in either mode, hands the client exactly
// those bytes with their Content-Encoding and Content-Length — never a second encoding.
const log = createLogger('test', 'silent');
const webRoot = mkdtempSync(join(tmpdir(), 'tb-passthrough-'));

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A GET whose body stays as it came over the wire (fetch would decode it). */
function rawGet(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

let t: TestPlatform;
const usersPath = '/api/admin/users';
let token: string;
const cleanups: (() => Promise<unknown> | unknown)[] = [];

beforeAll(async () => {
  t = await createTestPlatform();
  // Enough accounts for an answer well over the 1 KB below which a service leaves it as it is.
  for (let i = 0; i < 6; i++) await t.givenUser({ name: `Person with a fairly long display name ${i}` });
  token = (await t.admin()).token;
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

async function gatewayWith(forwarder: Forwarder): Promise<string> {
  const server = createGatewayServer({
    forwarder,
    web: createWebHost({
      webRoot,
      remoteUrls: {},
      appConfig: { name: 'T', provider: 'T', supportEmail: 'support@example.test' },
    }),
    corsOrigins: [],
  });
  cleanups.push(() => new Promise((done) => server.close(done)));
  return `http://127.0.0.1:${await listenOn(server, 0, '127.0.0.1')}`;
}

const modes: [string, () => Promise<string>][] = [
  ['embedded (in-process)', () => gatewayWith(createInProcessForwarder(t.platform.apps))],
  [
    'split (http-proxy-3)',
    async () => {
      const admin = await listen(t.platform.apps.admin, 0, '127.0.0.1');
      const forwarder = createProxyForwarder(
        { admin: [`http://127.0.0.1:${admin.port}`], auth: [], board: [], project: [], notification: [] },
        log,
      );
      cleanups.push(() => admin.close(), forwarder.close);
      return gatewayWith(forwarder);
    },
  ],
];

describe.each(modes)('the gateway, %s, passes a service’s compressed answer on untouched', (_mode, start) => {
  let url: string;
  let expected: unknown;
  beforeAll(async () => {
    url = await start();
    expected = await t.ok(t.as(token).get(usersPath));
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('%s: the service’s bytes, their length, one encoding', async (encoding, decode) => {
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': encoding };
    const viaGateway = await rawGet(`${url}${usersPath}`, headers);
    const fromService = Buffer.from(await (await t.platform.apps.admin.request(usersPath, { headers })).arrayBuffer());
    expect(viaGateway.status).toBe(200);
    expect(viaGateway.headers['content-encoding']).toBe(encoding);
    expect(viaGateway.headers['content-length']).toBe(String(viaGateway.body.length));
    expect(viaGateway.headers.vary).toMatch(/Accept-Encoding/i);
    expect(viaGateway.body.equals(fromService)).toBe(true);
    expect(JSON.parse(decode(viaGateway.body).toString())).toEqual(expected);
  });

  it('identity: the plain JSON to a client that asks for no encoding', async () => {
    const plain = await rawGet(`${url}${usersPath}`, { authorization: `Bearer ${token}` });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(JSON.parse(plain.body.toString())).toEqual(expected);
  });
});
