// One production build of one web app (the shell or a remote), in its own process so nothing
// (memory, environment, Module Federation state) leaks between builds: what `npm run build:web`
// runs for each app, and `npm run release` for one remote (with its output folder and version).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webpackCli = createRequire(import.meta.url).resolve('webpack-cli/bin/cli.js');

/** Builds `app` (its folder: `shell`, `mf-boards`, …); answers spawnSync's status and signal. */
export function buildWebApp(app, env = {}) {
  return spawnSync(
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
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', ...env } },
  );
}
