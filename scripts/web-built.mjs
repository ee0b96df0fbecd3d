import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const webApps = ['shell', 'mf-projects', 'mf-boards', 'mf-admin'];

/** Builds the shell and remotes once, when any of them has no build yet. */
export function ensureWebBuilt() {
  const missing = webApps.filter(
    (app) => !existsSync(`${app}/dist/${app === 'shell' ? 'index.html' : 'mf-manifest.json'}`),
  );
  if (missing.length === 0) return;
  console.log(`Building the web apps (missing: ${missing.join(', ')})…`);
  const build = spawnSync(process.execPath, ['scripts/build-web.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
