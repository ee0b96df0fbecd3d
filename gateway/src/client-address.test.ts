import { request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { createLogger, listen, listenOn, loadConfig } from '@trackboard/server-kit';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { parseTrustProxy, setForwardedHeaders, trustNoProxy, type ProxyTrust } from './client-address';
import { gatewayConfig } from './config';
import { createInProcessForwarder, createProxyForwarder, type Forwarder } from './forwarders';
import { createGatewayServer } from './server';
import { embeddedSuite } from './testing/embedded-suite';
import { createWebHost } from './web-host';

// Login throttling counts per client address (services/auth: 100 logins, 5 verification
// resends per address). The address is the one the gateway (the edge) works out: the
// connection's, or a forwarded hop only through proxies TRUST_PROXY names. A client's own
// X-Forwarded-For must never buy it a fresh allowance, in either mode.
const log = createLogger('test', 'silent');
const RESENDS_PER_ADDRESS = 5;
const LOGINS_PER_ADDRESS = 100;

/** One JSON POST from a chosen local address (127.0.0.0/8 is all loopback here), answering its status. */
function post(
  url: string,
  path: string,
  body: unknown,
  { from = '127.0.0.1', forwardedFor }: { from?: string; forwardedFor?: string } = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${url}${path}`,
      {
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: { 'content-type': 'application/json', ...(forwardedFor && { 'x-forwarded-for': forwardedFor }) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

let mails = 0;
const resend = (url: string, options?: Parameters<typeof post>[3]) =>
  post(url, '/api/auth/resend-verification', { email: `nobody${++mails}@example.test` }, options);
/** `count` resends, one after another (the limiter counts them in order). */
async function resends(url: string, count: number, options: (i: number) => Parameters<typeof post>[3]) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push(await resend(url, options(i)));
  return statuses;
}
const allowedThenRefused = (allowed: number) => [...Array<number>(allowed).fill(200), 429];

describe('embedded mode', () => {
  const embedded = embeddedSuite({}, log);
  const url = () => `http://127.0.0.1:${embedded.app.port}`;

  it('counts logins under a rotating spoofed X-Forwarded-For against the connection, and refuses the next', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LOGINS_PER_ADDRESS; i++) {
      const body = { email: `guess${i}@example.test`, password: 'a guessed password' };
      statuses.push(
        await post(url(), '/api/auth/login', body, { from: '127.0.0.5', forwardedFor: `203.0.113.${i % 250}` }),
      );
    }
    expect(statuses).toEqual([...Array<number>(LOGINS_PER_ADDRESS).fill(401), 429]);
  });

  it('gives clients at different addresses, sending no header, allowances of their own', async () => {
    expect(await resends(url(), RESENDS_PER_ADDRESS + 1, () => ({ from: '127.0.0.6' }))).toEqual(
      allowedThenRefused(RESENDS_PER_ADDRESS),
    );
    expect(await resend(url(), { from: '127.0.0.7' })).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless set', () => {
    expect(loadConfig(gatewayConfig, {}).TRUST_PROXY('127.0.0.1', 0)).toBe(false);
  });

  it('takes a hop count or a list of addresses and ranges', () => {
    const hops = loadConfig(gatewayConfig, { TRUST_PROXY: '2' }).TRUST_PROXY;
    expect([hops('192.0.2.1', 0), hops('192.0.2.1', 1), hops('192.0.2.1', 2)]).toEqual([true, true, false]);
    const list = loadConfig(gatewayConfig, { TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY;
    expect([list('127.0.0.1', 0), list('10.1.2.3', 1), list('192.0.2.1', 0)]).toEqual([true, true, false]);
  });

  it('drops a client’s X-Forwarded-Host unless the connection is a trusted proxy', () => {
    const from = (remoteAddress: string) => {
      const headers = { 'x-forwarded-host': 'evil.example', 'x-forwarded-for': '203.0.113.9', host: 'app.test' };
      const rawHeaders = Object.entries(headers).flat();
      const socket = { remoteAddress };
      return { headers, rawHeaders, socket, connection: socket } as unknown as IncomingMessage;
    };
    const seen = (req: IncomingMessage) => ({ host: req.headers['x-forwarded-host'], raw: req.rawHeaders });
    const untrusted = from('198.51.100.7');
    setForwardedHeaders(untrusted, trustNoProxy, 'req-1');
    expect(seen(untrusted)).toEqual({
      host: undefined,
      raw: ['host', 'app.test', 'X-Forwarded-For', '198.51.100.7', 'X-Request-Id', 'req-1'],
    });
    const proxied = from('127.0.0.1');
    setForwardedHeaders(proxied, parseTrustProxy('loopback'), 'req-2');
    expect(seen(proxied)).toEqual({
      host: 'evil.example',
      raw: [
        'x-forwarded-host',
        'evil.example',
        'host',
        'app.test',
        'X-Forwarded-For',
        '203.0.113.9',
        'X-Request-Id',
        'req-2',
      ],
    });
  });

  it.each(['10.0.0.0/99', 'proxy.example', '-1'])('refuses %s, naming the variable', (value) => {
    expect(() => loadConfig(gatewayConfig, { TRUST_PROXY: value })).toThrow(
      /TRUST_PROXY: must be a hop count or a list of addresses and CIDR ranges/,
    );
  });
});

describe('the gateway over the test platform', () => {
  let t: TestPlatform;
  const cleanups: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    t = await createTestPlatform();
  });
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    await t.close();
  });

  /** A gateway server in front of `forwarder`, trusting what `trustProxy` says. */
  async function gateway(forwarder: Forwarder, trustProxy?: ProxyTrust): Promise<{ url: string; server: Server }> {
    const web = createWebHost({
      webRoot: tmpdir(),
      remoteUrls: {},
      appConfig: { name: 'T', provider: 'T', supportEmail: 'a@b.c' },
    });
    const server = createGatewayServer({ forwarder, web, corsOrigins: [], trustProxy });
    cleanups.push(() => new Promise((done) => server.close(done)));
    const port = await listenOn(server, 0, '127.0.0.1');
    return { url: `http://127.0.0.1:${port}`, server };
  }
  const inProcess = () => createInProcessForwarder(t.platform.apps);

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const { url } = await gateway(inProcess());
    const statuses = await resends(url, RESENDS_PER_ADDRESS + 1, (i) => ({
      from: '127.0.0.11',
      forwardedFor: `198.51.100.${i}`,
    }));
    expect(statuses).toEqual(allowedThenRefused(RESENDS_PER_ADDRESS));
  });

  it('with TRUST_PROXY=1 believes the last hop, and only that one', async () => {
    const { url } = await gateway(inProcess(), parseTrustProxy('1'));
    // The hop the proxy added stays the same: one client, however the earlier hops vary.
    expect(
      await resends(url, RESENDS_PER_ADDRESS + 1, (i) => ({
        from: '127.0.0.12',
        forwardedFor: `192.0.2.${i}, 198.51.100.20`,
      })),
    ).toEqual(allowedThenRefused(RESENDS_PER_ADDRESS));
    // A different last hop each time: different clients behind the one proxy.
    expect(
      await resends(url, RESENDS_PER_ADDRESS + 1, (i) => ({
        from: '127.0.0.12',
        forwardedFor: `192.0.2.99, 198.51.100.${30 + i}`,
      })),
    ).toEqual(Array<number>(RESENDS_PER_ADDRESS + 1).fill(200));
  });

  it('with a CIDR list walks back through the listed proxies only', async () => {
    const { url } = await gateway(inProcess(), parseTrustProxy('127.0.0.13, 10.0.0.0/8'));
    // 127.0.0.13 and 10.9.9.9 are proxies: the client is the hop before them.
    expect(
      await resends(url, RESENDS_PER_ADDRESS + 1, (i) => ({
        from: '127.0.0.13',
        forwardedFor: `192.0.2.${i}, 198.51.100.40, 10.9.9.9`,
      })),
    ).toEqual(allowedThenRefused(RESENDS_PER_ADDRESS));
    // Not a listed proxy: its header is not believed, the connection is the client.
    expect(
      await resends(url, RESENDS_PER_ADDRESS + 1, (i) => ({
        from: '127.0.0.14',
        forwardedFor: `198.51.100.${50 + i}`,
      })),
    ).toEqual(allowedThenRefused(RESENDS_PER_ADDRESS));
  });

  it('hands a websocket upgrade the same address', async () => {
    const { url, server } = await gateway(inProcess());
    const seen = new Promise<string | undefined>((resolve) =>
      server.on('upgrade', (req, socket) => {
        resolve(req.headers['x-forwarded-for'] as string | undefined);
        socket.destroy();
      }),
    );
    const req = httpRequest(`${url}/socket.io/?EIO=4&transport=websocket`, {
      localAddress: '127.0.0.15',
      headers: { connection: 'Upgrade', upgrade: 'websocket', 'x-forwarded-for': '203.0.113.1' },
    });
    req.on('error', () => undefined);
    req.end();
    expect(await seen).toBe('127.0.0.15');
  });

  it('a service reached without the gateway counts the connection’s address, not one shared bucket', async () => {
    const auth = await listen(t.platform.apps.auth, 0, '127.0.0.1');
    cleanups.push(() => auth.close());
    const url = `http://127.0.0.1:${auth.port}`;
    expect(await resends(url, RESENDS_PER_ADDRESS + 1, () => ({ from: '127.0.0.17' }))).toEqual(
      allowedThenRefused(RESENDS_PER_ADDRESS),
    );
    expect(await resend(url, { from: '127.0.0.18' })).toBe(200);
  });

  it('split mode: the proxied service sees the address, not the client’s header', async () => {
    const auth = await listen(t.platform.apps.auth, 0, '127.0.0.1');
    const forwarder = createProxyForwarder(
      { auth: [`http://127.0.0.1:${auth.port}`], project: [], board: [], admin: [], notification: [] },
      log,
    );
    cleanups.push(
      async () => forwarder.close(),
      () => auth.close(),
    );
    const { url } = await gateway(forwarder);
    const statuses = await resends(url, RESENDS_PER_ADDRESS + 1, (i) => ({
      from: '127.0.0.16',
      forwardedFor: `198.51.100.${i}`,
    }));
    expect(statuses).toEqual(allowedThenRefused(RESENDS_PER_ADDRESS));
  });
});
