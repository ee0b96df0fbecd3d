// Builds the web app for production: the shell, then each remote, one at a time (webpack
// with two builds in parallel starves this 2-core machine), each in its own process
// (web-app-build.mjs). Exits non-zero at the first failed build.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWebApp, root } from './web-app-build.mjs';

const apps = ['shell', 'mf-projects', 'mf-boards', 'mf-admin'];

for (const app of apps) {
  const started = Date.now();
  console.log(`\n▶ building ${app}`);
  const result = buildWebApp(app);
  if (result.status !== 0) {
    console.error(`✖ ${app} failed to build${result.signal ? ` (${result.signal})` : ''}`);
    process.exit(result.status || 1);
  }
  console.log(`✔ ${app} built in ${((Date.now() - started) / 1000).toFixed(1)} s${describeManifest(app)}`);
}

/** A remote's build carries its version in dist/mf-manifest.json (metaData.buildInfo). */
function describeManifest(app) {
  const file = join(root, app, 'dist', 'mf-manifest.json');
  if (!existsSync(file)) return '';
  const { metaData } = JSON.parse(readFileSync(file, 'utf8'));
  return ` — ${metaData.name} ${metaData.buildInfo.buildVersion}`;
}
