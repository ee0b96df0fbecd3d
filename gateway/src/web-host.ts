import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { etag } from 'hono/etag';
import { BUNDLED_VERSION, messages, remoteNames, type AppConfig, type RemoteName } from '@trackboard/contracts';
import { apiReferenceRoutes, gatewayDocument, type ServiceDocuments } from './api-reference';
import type { Mcp } from './mcp/app';
import type { Releases } from './releases/app';
import { remoteFolders, versionName } from './releases/domain/version-catalog';
import { pageSecurityHeaders } from './security-headers';
import { createStaticFolder, revalidateEveryTime } from './static-files';

export type WebHostOptions = {
  /** Repository root holding shell/dist and each remote's dist. */
  webRoot: string;
  /** Where each remote's manifest lives (REMOTE_<NAME>_URL); default: served here. */
  remoteUrls: Partial<Record<RemoteName, string>>;
  appConfig: AppConfig;
  /** Readiness (GET /ready): throws while shutting down or while the gateway cannot serve. */
  ready?: () => Promise<void>;
  /**
   * The release table: /remotes.json chosen per user, published versions served, the
   * admin API. Without it (tests of other things) every remote is its bundled build.
   */
  releases?: Releases;
  /** Each service's OpenAPI document, merged into /api/openapi.json (api-reference.ts); tests of other things leave it out. */
  serviceDocuments?: ServiceDocuments;
  /** The MCP server for AI agents at /api/mcp (mcp/app.ts); without it /api/mcp is a 404. */
  mcp?: Mcp;
};

/** The request's path, percent-decoded; undefined when it does not decode. */
function decodedPath(c: Context): string | undefined {
  try {
    return decodeURIComponent(new URL(c.req.url).pathname);
  } catch {
    return undefined;
  }
}

/**
 * The gateway's own answers: health, /remotes.json, the built shell and remotes — compressed
 * by the build, revalidated by ETag or kept for good (static-files.ts).
 */
export function createWebHost({
  webRoot,
  remoteUrls,
  appConfig,
  ready = async () => undefined,
  releases,
  serviceDocuments,
  mcp,
}: WebHostOptions) {
  const bundled = {
    remotes: remoteNames.map((name) => ({
      name,
      entry: remoteUrls[name] ?? `/remotes/${remoteFolders[name]}/mf-manifest.json`,
      version: BUNDLED_VERSION,
    })),
  };
  const shellDist = join(webRoot, 'shell', 'dist');
  const shell = createStaticFolder(shellDist);

  const app = new Hono();
  app.use(pageSecurityHeaders(Object.values(remoteUrls)));
  app.get('/health', (c) => c.json({ status: 'ok', service: 'gateway' }));
  app.get('/ready', async (c) => {
    try {
      await ready();
      return c.json({ status: 'ready', service: 'gateway' });
    } catch {
      return c.json({ status: 'unavailable', service: 'gateway' }, 503);
    }
  });
  // Read on every load (a redeploy may change them): a strong ETag turns the repeat into a 304.
  app.get('/app-config.json', etag(), (c) => {
    c.header('Cache-Control', revalidateEveryTime);
    return c.json(appConfig);
  });
  // Chosen for each user (a canary goes to a share of them), so no shared cache may keep it.
  app.get('/remotes.json', etag(), async (c) => {
    c.header('Cache-Control', 'private, no-cache');
    c.header('Vary', 'Authorization, Cookie');
    return c.json(releases ? await releases.manifestFor(await releases.subjectOf(c)) : bundled);
  });
  if (releases) {
    // The gateway's own API routes (route-table.ts): the release table.
    app.on(['GET', 'PUT'], ['/api/admin/releases', '/api/admin/releases/*'], (c) => releases.app.fetch(c.req.raw));
    app.post('/api/releases/failures', (c) => releases.app.fetch(c.req.raw));
  }
  // Its tools call the API back through this server, at the address the request came in on (c.env).
  if (mcp) app.all('/api/mcp', (c) => mcp.fetch(c.req.raw, c.env));

  // One served folder per directory: a remote's bundled build or a published version.
  const folders = new Map<string, ReturnType<typeof createStaticFolder>>();
  const served = (dir: string) => folders.get(dir) ?? folders.set(dir, createStaticFolder(dir)).get(dir)!;
  for (const name of remoteNames) {
    const dist = join(webRoot, remoteFolders[name], 'dist');
    const prefix = `/remotes/${remoteFolders[name]}/`;
    app.on(['GET', 'HEAD'], `${prefix}*`, async (c, next) => {
      // Remotes may be loaded by a shell on another origin (a CDN-style deploy).
      c.header('Access-Control-Allow-Origin', '*');
      c.header('Cross-Origin-Resource-Policy', 'cross-origin');
      const full = decodedPath(c);
      if (!full?.startsWith(prefix)) return next();
      const path = full.slice(prefix.length);
      // `/remotes/mf-boards/<version>/…`: a published version, when that folder is one.
      const [first, ...rest] = path.split('/');
      const release =
        releases && rest.length && versionName.test(first!) ? await releases.folderOf(name, first!) : undefined;
      if (release) return (await served(release).serve(c, rest.join('/'))) || next();
      // The bundled build; none here for a remote served from elsewhere (REMOTE_<NAME>_URL).
      return (await served(dist).serve(c, path)) || next();
    });
  }
  if (serviceDocuments) app.route('/', apiReferenceRoutes(serviceDocuments, gatewayDocument([releases?.app, mcp])));
  app.all('/api/*', (c) => c.json({ message: messages.notFound }, 404));
  app.all('/remotes/*', (c) => c.json({ message: messages.notFound }, 404));
  app.on(['GET', 'HEAD'], '*', async (c) => {
    const path = decodedPath(c);
    const file = path === undefined || path === '/' ? undefined : await shell.serve(c, path);
    if (file) return file;
    // The shell owns routing: any other page path gets index.html (the shell draws its own 404).
    const page = await shell.serve(c, 'index.html');
    return page ?? c.text('The web app is not built yet: run `npm run build:web`.', 503);
  });
  return app;
}
