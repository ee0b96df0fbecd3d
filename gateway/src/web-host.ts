import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { etag } from 'hono/etag';
import { messages, type AppConfig, type RemoteName, type RemotesManifest } from '@trackboard/contracts';
import { apiReferenceRoutes, type ServiceDocuments } from './api-reference';
import { pageSecurityHeaders } from './security-headers';
import { createStaticFolder, revalidateEveryTime } from './static-files';

/** Each remote's folder in the repo, where its build lands (`<folder>/dist`). */
export const remoteFolders: Record<RemoteName, string> = {
  mf_projects: 'mf-projects',
  mf_boards: 'mf-boards',
  mf_admin: 'mf-admin',
};

export type WebHostOptions = {
  /** Repository root holding shell/dist and each remote's dist. */
  webRoot: string;
  /** Where each remote's manifest lives (REMOTE_<NAME>_URL); default: served here. */
  remoteUrls: Partial<Record<RemoteName, string>>;
  appConfig: AppConfig;
  /** Readiness (GET /ready): throws while shutting down or while the gateway cannot serve. */
  ready?: () => Promise<void>;
  /** Each service's OpenAPI document, merged into /api/openapi.json (api-reference.ts); tests of other things leave it out. */
  serviceDocuments?: ServiceDocuments;
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
  serviceDocuments,
}: WebHostOptions) {
  const manifest: RemotesManifest = {
    remotes: (Object.keys(remoteFolders) as RemoteName[]).map((name) => ({
      name,
      entry: remoteUrls[name] ?? `/remotes/${remoteFolders[name]}/mf-manifest.json`,
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
  for (const [path, body] of [
    ['/app-config.json', appConfig],
    ['/remotes.json', manifest],
  ] as const) {
    app.get(path, etag(), (c) => {
      c.header('Cache-Control', revalidateEveryTime);
      return c.json(body);
    });
  }

  for (const folder of Object.values(remoteFolders)) {
    const dist = join(webRoot, folder, 'dist');
    // A remote served from elsewhere (REMOTE_<NAME>_URL) needs no local build.
    if (!existsSync(dist)) continue;
    const remote = createStaticFolder(dist);
    const prefix = `/remotes/${folder}/`;
    app.on(['GET', 'HEAD'], `${prefix}*`, async (c, next) => {
      // Remotes may be loaded by a shell on another origin (a CDN-style deploy).
      c.header('Access-Control-Allow-Origin', '*');
      c.header('Cross-Origin-Resource-Policy', 'cross-origin');
      const path = decodedPath(c);
      return (path?.startsWith(prefix) && (await remote.serve(c, path.slice(prefix.length)))) || next();
    });
  }
  if (serviceDocuments) app.route('/', apiReferenceRoutes(serviceDocuments));
  app.all('/api/*', (c) => c.json({ message: messages.notFound }, 404));
  app.all('/remotes/*', (c) => c.json({ message: messages.notFound }, 404));
  app.on(['GET', 'HEAD'], '*', async (c) => {
    const path = decodedPath(c);
    const file = path === undefined || path === '/' ? undefined : await shell.serve(c, path);
    if (file) return file;
    // The shell owns routing: any other page path gets index.html (spec §2.1, 404 drawn by the shell).
    const page = await shell.serve(c, 'index.html');
    return page ?? c.text('The web app is not built yet: run `npm run build:web`.', 503);
  });
  return app;
}
