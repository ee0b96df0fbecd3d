import { createHash, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import {
  BUNDLED_VERSION,
  isAdmin,
  messages,
  ReleaseUpdateRequest,
  ReleaseUpdateResponse,
  ReleasesResponse,
  RemoteLoadFailure,
  remoteNames,
  RemoteParam,
  type RemoteName,
  type RemoteReleaseDto,
  type RemotesManifest,
} from '@trackboard/contracts';
import {
  clientIp,
  Conflict,
  createServiceApp,
  documented,
  Forbidden,
  NotFound,
  bearerToken,
  requireUser,
  validate,
  type AppEnv,
  type Authenticator,
  type Database,
  type Logger,
  type RateLimiter,
} from '@trackboard/server-kit';
import { createMiddleware } from 'hono/factory';
import { createReleaseTable, type RemoteChoice } from './release-table';
import type { PublishedVersion, VersionCatalog } from './version-catalog';

export type ReleasesOptions = {
  database: Database;
  authenticate: Authenticator;
  catalog: VersionCatalog;
  log: Logger;
  /** Counts the failure reports (anyone may send them). */
  limiter: RateLimiter;
};

/**
 * A user's place among 100 for one remote's canary, the same on every load: a hash of the remote
 * and the user (or the anonymous cookie). Raising the share only adds users — those already on
 * the canary stay on it.
 */
export function canaryBucket(remote: RemoteName, subject: string): number {
  return createHash('sha256').update(`${remote}:${subject}`).digest().readUInt32BE(0) % 100;
}

/** Who a page load is, for the canary: before sign-in, an anonymous id kept in this cookie for a year. */
const visitorCookie = 'tb_visitor';
const visitorId = /^[0-9a-f-]{36}$/;

// Failure reports are open to anyone (the shell reports before sign-in too), so what they count is
// bounded: one report per visitor or user per canary a minute is all the admin page needs (a
// page reloaded in a loop counts once), and an address sending more than 30 a minute is refused
// (made-up visitor ids each count once, but not past this; an office behind one address has room).
const REPORTS_PER_ADDRESS = { limit: 30, windowSeconds: 60 };
const REPORT_PER_REPORTER = { limit: 1, windowSeconds: 60 };

const administrator = createMiddleware<AppEnv>(async (c, next) => {
  if (!isAdmin(c.var.user)) throw new Forbidden(messages.adminOnly);
  await next();
});

/**
 * Remote releases (issue 19): which version of each remote a user loads, chosen per request
 * from the release table, and the admin API that changes it. Answered by the gateway itself
 * (the route table's gateway rules), because the gateway serves the versions' files.
 */
export function createReleases({ database, authenticate, catalog, log, limiter }: ReleasesOptions) {
  const table = createReleaseTable(database.db);

  /** The signed-in user (a valid token), else the visitor cookie; null for neither. */
  async function knownSubject(c: Context): Promise<string | null> {
    const token = bearerToken(c.req.header('authorization'));
    const user = token ? await authenticate(token) : null;
    if (user) return `user:${user.id}`;
    const visitor = getCookie(c, visitorCookie);
    return visitor && visitorId.test(visitor) ? `visitor:${visitor}` : null;
  }

  /** The current version's whereabouts; a current version whose folder is gone falls back to the bundled build. */
  async function currentOf(remote: RemoteName, choice: RemoteChoice): Promise<PublishedVersion> {
    const found = await catalog.locate(remote, choice.current);
    if (found) return found;
    log.warn(
      { remote, version: choice.current },
      'the current release is not in the releases folder; serving the bundled build',
    );
    return (await catalog.locate(remote, BUNDLED_VERSION))!;
  }

  async function describe(remote: RemoteName, choice: RemoteChoice): Promise<RemoteReleaseDto> {
    const versions = await catalog.list(remote);
    return {
      name: remote,
      current: choice.current,
      canary: choice.canary,
      versions: versions.map(({ version, entry, publishedAt, problem }) => ({
        version,
        entry,
        publishedAt: publishedAt?.toISOString() ?? null,
        compatible: problem === null,
        problem,
      })),
      canaryFailures: choice.canary
        ? await table.failures(remote, choice.canary.version)
        : { count: 0, lastAt: null, lastMessage: null },
    };
  }

  /** A version named in a change: published, and runnable by this shell. */
  async function usable(remote: RemoteName, field: string, version: string): Promise<void> {
    const found = await catalog.find(remote, version);
    if (!found) throw new NotFound(`${field}: ${remote} has no published version ${version}.`);
    if (found.problem) throw new Conflict(`${remote} ${version}: ${found.problem}`);
  }

  const app = createServiceApp({ service: 'gateway', log, ready: database.ping });
  app.use('/api/admin/*', requireUser(authenticate), administrator);
  app.get(
    '/api/admin/releases',
    documented({
      summary: "Each remote's versions, current and canary release, and the history of changes",
      responses: { 200: ReleasesResponse },
    }),
    async (c) => {
      const choices = await table.choices();
      const remotes = await Promise.all(remoteNames.map((remote) => describe(remote, choices[remote])));
      return c.json({ remotes, history: await table.history() });
    },
  );
  app.put(
    '/api/admin/releases/:remote',
    documented({
      summary: "Make a version current (or roll back), or set, change or end a remote's canary",
      responses: { 200: ReleaseUpdateResponse },
      errors: [404, 409],
      body: ReleaseUpdateRequest,
    }),
    validate('param', RemoteParam),
    validate('json', ReleaseUpdateRequest),
    async (c) => {
      const { remote } = c.req.valid('param');
      const update = c.req.valid('json');
      if (update.current !== undefined) await usable(remote, 'current', update.current);
      if (update.canary) await usable(remote, 'canary', update.canary.version);
      const { choice, changeIds } = await table.update(remote, update, Number(c.var.user.id));
      return c.json({ remote: await describe(remote, choice), change: await table.history(changeIds) });
    },
  );
  app.post(
    '/api/releases/failures',
    documented({
      summary: 'Report that a canary version failed to load (the shell fell back to the current one)',
      responses: { 204: null },
      errors: [429],
      public: true,
      body: RemoteLoadFailure,
    }),
    validate('json', RemoteLoadFailure),
    async (c) => {
      const address = clientIp(c);
      const { limit, windowSeconds } = REPORTS_PER_ADDRESS;
      if (!(await limiter.hit(`release-failures:ip:${address}`, limit, windowSeconds)))
        return c.json({ message: messages.tooManyRequests }, 429, { 'Retry-After': String(windowSeconds) });
      const { remote, version, message } = c.req.valid('json');
      // Before sign-in and before the first /remotes.json (no cookie yet), the address stands for the visitor.
      const reporter = (await knownSubject(c)) ?? `address:${address}`;
      const once = REPORT_PER_REPORTER;
      // Answered alike either way: a repeat is simply not counted again.
      if (await limiter.hit(`release-failures:${remote}:${version}:${reporter}`, once.limit, once.windowSeconds))
        await table.recordFailure(remote, version, message ?? null);
      return c.body(null, 204);
    },
  );

  return {
    app,

    /** GET /remotes.json for one user (their id, or the anonymous cookie): each remote's version for them. */
    async manifestFor(subject: string): Promise<RemotesManifest> {
      const choices = await table.choices();
      const remotes = await Promise.all(
        remoteNames.map(async (name) => {
          const { canary } = choices[name];
          const current = await currentOf(name, choices[name]);
          const chosen =
            canary && canaryBucket(name, subject) < canary.share
              ? await catalog.locate(name, canary.version)
              : undefined;
          return chosen
            ? {
                name,
                entry: chosen.entry,
                version: chosen.version,
                fallback: { entry: current.entry, version: current.version },
              }
            : { name, entry: current.entry, version: current.version };
        }),
      );
      return { remotes };
    },

    /** The user a page load is for (their account, when it carries a valid token), else the visitor cookie, set now if absent. */
    async subjectOf(c: Context): Promise<string> {
      const known = await knownSubject(c);
      if (known) return known;
      const visitor = randomUUID();
      setCookie(c, visitorCookie, visitor, { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'Lax', httpOnly: true });
      return `visitor:${visitor}`;
    },

    /** The folder a version's files are served from here, or undefined. */
    async folderOf(remote: RemoteName, version: string): Promise<string | undefined> {
      return (await catalog.locate(remote, version))?.folder ?? undefined;
    },
  };
}
export type Releases = ReturnType<typeof createReleases>;
