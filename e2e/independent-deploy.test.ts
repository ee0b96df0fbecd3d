import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { apiOf } from './support/api';
import { ADMIN, startEmbeddedApp, type RunningApp } from './support/app-process';
import { usingBrowser } from './support/journey';
import { serveFolder } from './support/static-server';

const root = resolve(__dirname, '..');

/** One hash over every file of a folder: did anything in it change? */
function folderHash(folder: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(name).update(readFileSync(path));
    }
  };
  walk(folder);
  return hash.digest('hex');
}

const manifestVersion = (folder: string) =>
  JSON.parse(readFileSync(join(folder, 'mf-manifest.json'), 'utf8')).metaData.buildInfo.buildVersion;

// A remote is rebuilt and redeployed on its own: the shell's files stay as they are,
// and a reload of the running app shows the new remote. An app of its own, whose mf_admin is
// served from a CDN stand-in.
describe('deploying one remote on its own', () => {
  const deployed = mkdtempSync(join(tmpdir(), 'tb-cdn-mf-admin-'));
  const variant = join(root, 'e2e', '.tmp', `mf-admin-${process.pid}`);
  const browser = usingBrowser();
  let cdn: Awaited<ReturnType<typeof serveFolder>>;
  let app: RunningApp;

  beforeAll(async () => {
    cpSync(join(root, 'mf-admin', 'dist'), deployed, { recursive: true });
    cdn = await serveFolder(deployed);
    app = await startEmbeddedApp({ REMOTE_MF_ADMIN_URL: `${cdn.url}/mf-manifest.json` });
  });
  afterAll(async () => {
    await app?.stop();
    await cdn?.close();
    rmSync(deployed, { recursive: true, force: true });
    rmSync(variant, { recursive: true, force: true });
  });

  it('shows the rebuilt remote after a reload, with the shell untouched', async () => {
    const shellBefore = folderHash(join(root, 'shell', 'dist'));
    const page = await browser.newPage({ as: await apiOf(app).login(ADMIN.email, ADMIN.password) });
    await page.goto(`${app.url}/admin/user-approval`);
    await page.locator('[data-remote="mf_admin"]').waitFor();
    expect(await page.getByText('Redeployed build').count()).toBe(0);
    const versionBefore = manifestVersion(deployed);

    // The admin team's change: a visible line in its root, and a new version.
    mkdirSync(variant, { recursive: true });
    for (const part of ['src', 'webpack.config.js', 'package.json'])
      cpSync(join(root, 'mf-admin', part), join(variant, part), { recursive: true });
    const rootFile = join(variant, 'src', 'exposes', 'admin-app.tsx');
    const source = readFileSync(rootFile, 'utf8');
    const changed = source.replace(/<div data-remote="mf_admin"[^>]*>/, '$&\n      <p>Redeployed build</p>');
    expect(changed).not.toBe(source);
    writeFileSync(rootFile, changed);
    const pkg = JSON.parse(readFileSync(join(variant, 'package.json'), 'utf8'));
    writeFileSync(join(variant, 'package.json'), JSON.stringify({ ...pkg, version: '0.1.1-redeploy' }));

    const build = spawnSync(
      process.execPath,
      [
        require.resolve('webpack-cli/bin/cli.js'),
        'build',
        '--mode',
        'production',
        '--config',
        join(variant, 'webpack.config.js'),
      ],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    expect(build.status).toBe(0);

    // Deploy: replace the files at the remote's configured location.
    rmSync(deployed, { recursive: true, force: true });
    cpSync(join(variant, 'dist'), deployed, { recursive: true });
    expect(manifestVersion(deployed)).toBe('0.1.1-redeploy');
    expect(versionBefore).toBe(JSON.parse(readFileSync(join(root, 'mf-admin', 'package.json'), 'utf8')).version);

    await page.reload();
    await page.getByText('Redeployed build').waitFor();
    await page.locator('[data-remote="mf_admin"]').waitFor();
    expect(folderHash(join(root, 'shell', 'dist'))).toBe(shellBefore);
  });
});
