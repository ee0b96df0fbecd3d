import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { messages, type AppConfig, type RemoteName, type RemotesManifest } from '@trackboard/contracts';
import { pageSecurityHeaders } from './security-headers';

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
};

// Manifests, remote entries and the page must be re-read on every load so a redeployed
// remote shows on the next reload; hashed chunks can be cached for good.
const noCache = /(?:mf-manifest\.json|remoteEntry\.js|index\.html)$/;

/** The gateway's own answers: health, /remotes.json, the built shell and remotes. */
export function createWebHost({ webRoot, remoteUrls, appConfig }: WebHostOptions) {
  const manifest: RemotesManifest = {
    remotes: (Object.keys(remoteFolders) as RemoteName[]).map((name) => ({
      name,
      entry: remoteUrls[name] ?? `/remotes/${remoteFolders[name]}/mf-manifest.json`,
    })),
  };
  const shellDist = join(webRoot, 'shell', 'dist');
  const indexHtml = join(shellDist, 'index.html');
  const cacheHeaders = (path: string, c: { header: (k: string, v: string) => void }) =>
    c.header('Cache-Control', noCache.test(path) ? 'no-cache' : 'public, max-age=31536000, immutable');

  const app = new Hono();
  app.use(pageSecurityHeaders(Object.values(remoteUrls)));
  app.get('/health', (c) => c.json({ status: 'ok', service: 'gateway' }));
  app.get('/app-config.json', (c) => c.json(appConfig));
  app.get('/remotes.json', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json(manifest);
  });

  for (const folder of Object.values(remoteFolders)) {
    const dist = join(webRoot, folder, 'dist');
    // A remote served from elsewhere (REMOTE_<NAME>_URL) needs no local build.
    if (!existsSync(dist)) continue;
    app.use(`/remotes/${folder}/*`, async (c, next) => {
      await next();
      // Remotes may be loaded by a shell on another origin (a CDN-style deploy).
      c.header('Access-Control-Allow-Origin', '*');
      c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    });
    app.use(
      `/remotes/${folder}/*`,
      serveStatic({
        root: dist,
        rewriteRequestPath: (p) => p.replace(`/remotes/${folder}`, ''),
        onFound: cacheHeaders,
      }),
    );
  }
  app.all('/api/*', (c) => c.json({ message: messages.notFound }, 404));
  app.all('/remotes/*', (c) => c.json({ message: messages.notFound }, 404));
  if (existsSync(shellDist)) app.use('*', serveStatic({ root: shellDist, onFound: cacheHeaders }));
  // The shell owns routing: any other page path gets index.html (spec §2.1, 404 drawn by the shell).
  app.get('*', (c) => {
    if (!existsSync(indexHtml)) return c.text('The web app is not built yet: run `npm run build:web`.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexHtml, 'utf8'));
  });
  return app;
}
