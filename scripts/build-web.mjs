// Builds the web app for production: the shell, then each remote, one at a time (webpack
// with two builds in parallel starves this 2-core machine). Each build runs in its own
// process, so nothing (memory, environment, Module Federation state) leaks between apps.
// Exits non-zero at the first failed build.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webpackCli = createRequire(import.meta.url).resolve('webpack-cli/bin/cli.js');
const apps = ['shell', 'mf-projects', 'mf-boards', 'mf-admin'];

for (const app of apps) {
  const started = Date.now();
  console.log(`\n▶ building ${app}`);
  const result = spawnSync(
    process.execPath,
    [
      webpackCli,
      'build',
      '--mode',
      'production',
      '--config',
      join(app, 'webpack.config.js'),
      '--stats',
      'errors-warnings',
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
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
