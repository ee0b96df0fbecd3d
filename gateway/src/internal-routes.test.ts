import { tmpdir } from 'node:os';
import { listenOn } from '@trackboard/server-kit';
import { createTestPlatform, type TestPlatform } from '@trackboard/test-platform';
import { createInProcessForwarder } from './forwarders';
import { createGatewayServer } from './server';
import { createWebHost } from './web-host';

// The auth service's account administration (/api/auth/users/*) is for the admin service,
// which keeps the moderation log. Through the gateway it is an unknown path for everyone,
// administrators included; the admin service still reaches it.
let t: TestPlatform;
let url: string;
let close: () => Promise<unknown>;
beforeAll(async () => {
  t = await createTestPlatform();
  const server = createGatewayServer({
    forwarder: createInProcessForwarder(t.platform.apps),
    web: createWebHost({
      webRoot: tmpdir(),
      remoteUrls: {},
      appConfig: { name: 'T', provider: 'T', supportEmail: 'support@example.test' },
    }),
    corsOrigins: [],
  });
  url = `http://127.0.0.1:${await listenOn(server, 0, '127.0.0.1')}`;
  close = () => new Promise((done) => server.close(done));
});
afterAll(async () => {
  await close();
  await t.close();
});

const call = (method: string, path: string, token: string, body?: unknown) =>
  fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const statusOf = async (token: string, email: string) =>
  ((await (await call('GET', `/api/users?email=${encodeURIComponent(email)}`, token)).json()) as { status: string })
    .status;

describe('account administration through the gateway', () => {
  it.each([
    ['PUT', 'status', { status: 'ACTIVE' }],
    ['PUT', 'status', { status: 'REJECTED' }],
    ['PUT', '', { name: 'Renamed' }],
    ['DELETE', '', undefined],
    ['POST', 'resend-verification', undefined],
  ])('%s /api/auth/users/:id/%s is an unknown path, also for an administrator', async (method, tail, body) => {
    const admin = (await t.admin()).token;
    const pending = await t.givenUser({ status: 'PENDING_APPROVAL', name: 'Pat Pending' });
    const path = `/api/auth/users/${pending.user.id}${tail && `/${tail}`}`;
    for (const written of [path, path.replace('/users/', '/%75sers/'), path.replace('/auth/', '/auth/x/../')]) {
      const res = await call(method, written, admin, body);
      expect({ written, status: res.status, body: await res.json() }).toEqual({
        written,
        status: 404,
        body: { message: 'Not found' },
      });
    }
    expect(await statusOf(admin, pending.email)).toBe('PENDING_APPROVAL');
  });

  it('leaves approval to the admin service, which still reaches the auth service', async () => {
    const admin = (await t.admin()).token;
    const pending = await t.givenUser({ status: 'PENDING_APPROVAL' });
    expect((await call('PUT', `/api/admin/users/${pending.user.id}/approve`, admin)).status).toBe(200);
    expect(await statusOf(admin, pending.email)).toBe('ACTIVE');
  });
});
