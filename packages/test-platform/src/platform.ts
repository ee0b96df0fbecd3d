import {
  accountStatuses,
  messages,
  type AccountStatus,
  type SessionResponse,
  type UserDto,
} from '@trackboard/contracts';
import {
  createLogger,
  createMemoryEventBus,
  createMemoryMailer,
  createMemoryRateLimiter,
  generateKeyPair,
  type Clock,
  type EventBus,
  type RateLimiter,
  type ServiceClient,
} from '@trackboard/server-kit';
import { openTestDatabase } from '@trackboard/server-kit/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allMigrations, assemblePlatform, attachmentSettings, routeFor, type PlatformDeps } from '@trackboard/gateway';

import { ADMIN } from './admin';
import { checkContract } from './contract-check';
import { freshAddress } from './client-addresses';
const PASSWORD = 'correct horse battery';
let counter = 0;

export type Caller = ReturnType<TestPlatform['as']>;
export type GivenUser = { token: string; user: UserDto; email: string; password: string };

/**
 * The whole back end in-process on a fresh test database, reached through the gateway's
 * route table, with helpers that arrange state through the real API (STYLE: givenUser, as).
 */
export async function createTestPlatform(
  options: {
    boardService?: ServiceClient;
    onQuery?: (query: string) => void;
    /** Event and realtime tests on Redis: the bus, limits and board rooms of a split deployment. */
    events?: EventBus;
    limiter?: RateLimiter;
    redisUrl?: string;
    clock?: Clock;
    realtime?: PlatformDeps['realtime'];
    /** WEBHOOK_ALLOW_PRIVATE: true unless a test checks the refusals. */
    webhookAllowPrivate?: boolean;
    /**
     * The outbox relays run after each commit; they poll as well only for a test about what the
     * poll recovers (a crash or an outage between commit and relay).
     */
    outboxPollMs?: number;
    /** Attachment storage and limits: a local folder of the platform's own, with the usual limits, unless given. */
    attachments?: PlatformDeps['attachments'];
    /** Single sign-on through an OpenID provider (oidc-provider.ts runs one). */
    sso?: PlatformDeps['sso'];
  } = {},
) {
  const database = await openTestDatabase(allMigrations, options.onQuery);
  const mailer = createMemoryMailer();
  const log = createLogger('test', 'silent');
  const events = options.events ?? createMemoryEventBus(log);
  // Attachments in a folder of this platform's own, unless the test brings its storage.
  const dataDir = mkdtempSync(join(tmpdir(), 'tb-platform-'));
  const attachments = options.attachments ?? attachmentSettings({}, dataDir);
  const platform = await assemblePlatform({
    database,
    log,
    events,
    keys: generateKeyPair(),
    mailer,
    limiter: options.limiter ?? createMemoryRateLimiter(),
    publicUrl: 'http://trackboard.test',
    appName: 'Trackboard',
    allowedOrigins: [],
    boardService: options.boardService,
    redisUrl: options.redisUrl,
    realtime: options.realtime,
    clock: options.clock,
    // Webhook tests start their receivers on loopback.
    webhookAllowPrivate: options.webhookAllowPrivate ?? true,
    outboxPollMs: options.outboxPollMs ?? 0,
    attachments,
    sso: options.sso,
  });
  await platform.accounts.ensureFirstAdmin(ADMIN);

  /** One request as the browser would send it to the gateway. */
  async function request(
    method: string,
    path: string,
    {
      token,
      body,
      ip,
      cookie,
      headers: extra,
    }: { token?: string; body?: unknown; ip?: string; cookie?: string; headers?: Record<string, string> } = {},
  ) {
    const route = routeFor(method, path);
    // What the gateway answers for an /api path no service takes (the internal routes included).
    if (!route) return Response.json({ message: messages.notFound }, { status: 404 });
    const app = platform.apps[route.service];
    const res = await app.request(route.url, {
      method,
      headers: {
        // Bytes are a file, sent as they are (an upload); anything else is JSON.
        ...(body !== undefined && {
          'content-type': body instanceof Uint8Array ? 'application/octet-stream' : 'application/json',
        }),
        ...(token && { authorization: `Bearer ${token}` }),
        ...(cookie && { cookie }),
        ...extra,
        'x-forwarded-for': ip ?? '10.0.0.1',
      },
      body:
        body === undefined
          ? undefined
          : body instanceof Uint8Array
            ? new Uint8Array(body)
            : typeof body === 'string'
              ? body
              : JSON.stringify(body),
    });
    // Every answer is held to the service's OpenAPI description: a mismatch fails the test.
    await checkContract(app, method, route.url, res);
    return res;
  }

  const as = (token?: string) => ({
    token,
    get: (path: string) => request('GET', path, { token }),
    post: (path: string, body?: unknown) => request('POST', path, { token, body }),
    put: (path: string, body?: unknown) => request('PUT', path, { token, body }),
    patch: (path: string, body?: unknown) => request('PATCH', path, { token, body }),
    delete: (path: string) => request('DELETE', path, { token }),
  });

  async function ok<T>(response: Response | Promise<Response>): Promise<T> {
    const res = await response;
    if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }

  const login = (email: string, password: string) =>
    ok<SessionResponse>(request('POST', '/api/auth/login', { body: { email, password } }));
  let adminSession: SessionResponse | undefined;
  const admin = async () => (adminSession ??= await login(ADMIN.email, ADMIN.password));

  /** The last verification link token mailed to this address. */
  function verificationToken(email: string): string {
    const mail = [...mailer.sent].reverse().find((m) => m.to === email.toLowerCase());
    const token = mail && /verify-email\?token=([\w%-]+)/.exec(mail.text)?.[1];
    if (!token) throw new Error(`no verification mail for ${email}`);
    return decodeURIComponent(token);
  }

  /** A user in the given status, reached the way a person would: register, verify, approval. */
  async function givenUser({
    status = 'ACTIVE',
    name,
  }: { status?: AccountStatus; name?: string } = {}): Promise<GivenUser> {
    const n = ++counter;
    // Each person from an address and a mail domain of their own: registration is throttled by both.
    const email = `user${n}@${Date.now()}-${n}.example.test`;
    const registered = await ok<SessionResponse>(
      request('POST', '/api/auth/register', {
        body: { name: name ?? `User ${n}`, email, password: PASSWORD },
        ip: freshAddress(),
      }),
    );
    if (status !== 'PENDING_VERIFICATION')
      await ok(request('POST', '/api/auth/verify-email', { body: { token: verificationToken(email) } }));
    const { id } = registered.user;
    const administrator = as((await admin()).token);
    if (status === 'ACTIVE' || status === 'SUSPENDED') await ok(administrator.put(`/api/admin/users/${id}/approve`));
    if (status === 'REJECTED') await ok(administrator.put(`/api/admin/users/${id}/reject`, {}));
    // The admin API has no suspension: the auth service's own route, as a service calls it (the gateway refuses it).
    if (status === 'SUSPENDED')
      await ok(
        platform.apps.auth.request(`/api/auth/users/${id}/status`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${administrator.token}` },
          body: JSON.stringify({ status: 'SUSPENDED' }),
        }),
      );
    return { token: registered.token, user: { ...registered.user, status }, email, password: PASSWORD };
  }

  return {
    database,
    mailer,
    events,
    platform,
    request,
    as,
    ok,
    login,
    admin,
    givenUser,
    verificationToken,
    statuses: accountStatuses,
    attachments,
    async close() {
      await platform.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestPlatform = Awaited<ReturnType<typeof createTestPlatform>>;
