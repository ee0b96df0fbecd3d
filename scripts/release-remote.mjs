// Releases one remote: `npm run release -w mf-boards [-- options]`. Builds it for
// production into a fresh folder (never its dist/, which a running gateway may serve), names the
// build `<version>-<first 8 hex of its content hash>` and puts it where the gateway serves
// releases from, <releases>/<remote folder>/<version>/. Making it current is a separate step.
//
//   --version <semver>  build version instead of package.json's
//   --into <dir>        the releases folder (default $RELEASES_DIR, $DATA_DIR/remotes, data/remotes)
//   --out <dir>         put the version folder in <dir> instead, to upload it elsewhere
//   --url <base URL>    with --out: the URL that version folder is served at ("{version}" in it is
//                       replaced); the releases folder then gets a pointer to it (its manifest
//                       and release.json)
// Relative folders are resolved against the repository root.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { folderHash } from './folder-hash.mjs';
import { buildWebApp, root } from './web-app-build.mjs';
const remotes = ['mf-boards', 'mf-projects', 'mf-admin'];
const usage = 'npm run release -w <remote> -- [--version <semver>] [--into <dir>] [--out <dir> [--url <base URL>]]';

/** A refusal or a failed step: reported in one line, once the staging folders are gone. */
class ReleaseFailure extends Error {}
const fail = (message) => {
  throw new ReleaseFailure(message);
};

try {
  release(readOptions());
} catch (error) {
  if (!(error instanceof ReleaseFailure)) throw error;
  console.error(`✖ ${error.message}`);
  process.exitCode = 1;
}

function release(options) {
  const folder = basename(process.cwd());
  if (!remotes.includes(folder)) fail(`run it for one remote: npm run release -w <${remotes.join('|')}>`);
  const name = folder.replace('-', '_');
  const releases = resolve(
    root,
    options.into ?? process.env.RELEASES_DIR ?? join(process.env.DATA_DIR ?? 'data', 'remotes'),
  );
  const out = options.out === undefined ? undefined : resolve(root, options.out);

  const staging = stagingFolderIn(out ?? releases);
  try {
    const built = join(staging, 'build');
    build(folder, built, options.version);
    const baseVersion = options.version ?? JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')).version;
    const version = `${baseVersion}-${folderHash(built).slice(0, 8)}`;
    const manifest = readFileSync(join(built, 'mf-manifest.json'));
    console.log(`\n${name} ${version}`);
    place(built, out === undefined ? join(releases, folder, version) : join(out, version));

    if (options.url !== undefined) {
      const entry = `${options.url.replaceAll('{version}', version).replace(/\/+$/, '')}/mf-manifest.json`;
      const pointer = stagingFolderIn(releases);
      try {
        writeFileSync(join(pointer, 'mf-manifest.json'), manifest);
        writeFileSync(join(pointer, 'release.json'), `${JSON.stringify({ entry }, null, 2)}\n`);
        place(pointer, join(releases, folder, version), `a pointer to ${entry}`);
      } finally {
        rmSync(pointer, { recursive: true, force: true });
      }
    }
    if (out !== undefined && options.url === undefined) {
      console.log('  upload that folder; --url <where it is served> registers it with the gateway');
    } else {
      console.log('  make it current on the admin Releases page, or:');
      console.log(`  PUT /api/admin/releases/${name} {"current": "${version}"}`);
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The options, checked: a mistake ends the run before anything is built. */
function readOptions() {
  const options = {
    version: { type: 'string' },
    into: { type: 'string' },
    out: { type: 'string' },
    url: { type: 'string' },
  };
  let values;
  try {
    ({ values } = parseArgs({ options }));
  } catch (error) {
    fail(`${error.message}\n  usage: ${usage}`);
  }
  if (values.version !== undefined && !/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(values.version))
    fail(`--version takes a semantic version such as 1.4.0 or 1.4.0-beta.1, not "${values.version}"`);
  if (values.url !== undefined && values.out === undefined)
    fail('--url says where an --out folder is served: add --out');
  if (values.url !== undefined && !/^https?:\/\/[^/]/.test(values.url))
    fail(`--url takes an absolute http(s) URL, not "${values.url}"`);
  if (values.into !== undefined && values.out !== undefined && values.url === undefined)
    fail('--out alone writes nothing into the releases folder: add --url, or leave out --into');
  return values;
}

// Beside where the build goes, so that placing it is one rename on one file system: in the
// releases folder itself, not in a remote's folder there, where the gateway looks for versions.
function stagingFolderIn(parent) {
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(join(parent, '.staging-'));
}

/** The remote's production build into `out`. */
function build(folder, out, version) {
  const started = Date.now();
  console.log(`▶ building ${folder}${version ? ` as ${version}` : ''}`);
  const { status, signal } = buildWebApp(folder, {
    TRACKBOARD_BUILD_OUT: out,
    ...(version && { TRACKBOARD_RELEASE_VERSION: version }),
  });
  if (status !== 0) fail(`${folder} failed to build${signal ? ` (${signal})` : ''}`);
  console.log(`✔ built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Moves a staged folder to `target`; one already there must hold the same files. */
function place(staged, target, what = 'the build') {
  if (existsSync(target)) {
    if (folderHash(target) !== folderHash(staged))
      fail(`${target} already exists with other files: remove it, or release under another --version`);
    console.log(`  already there, with the same files: ${target}`);
    return;
  }
  mkdirSync(dirname(target), { recursive: true });
  renameSync(staged, target);
  console.log(`  ${what}: ${target}`);
}
