import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import type { BoardDto, ReleasesResponse, SessionResponse } from '@trackboard/contracts';
import { folderHash } from '../scripts/folder-hash.mjs';
import { apiOf } from './support/api';
import { ADMIN, startEmbeddedApp, type RunningApp } from './support/app-process';
import { usingBrowser } from './support/journey';
import { until } from './support/poll';

const root = resolve(__dirname, '..');

// Remote releases in a real browser against one running app (an app of its own, with its own
// releases folder): two releases of mf-boards (0.1.0 and 0.2.0, which its root shows as
// data-remote-version), switched from current to canary and rolled back through the release
// table, with no process restarted; a canary that 404s falls back to the current release; the
// admin page switches, rolls back and shows the history. Each test starts from 0.1.0 current and
// no canary.

/** `npm run release -w mf-boards`, as a team runs it; answers the version folder it made. */
function release(releasesDir: string, args: string[] = []): string {
  const before = new Set(readdirSync(join(releasesDir, 'mf-boards')));
  const run = spawnSync('npm', ['run', 'release', '-w', 'mf-boards', '--', '--into', releasesDir, ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`release failed:\n${run.stdout}\n${run.stderr}`);
  const made = readdirSync(join(releasesDir, 'mf-boards')).filter((name) => !before.has(name));
  expect(made).toHaveLength(1);
  return made[0]!;
}

/**
 * Another version of a released mf-boards, without a second production build (a minute of
 * webpack): the same build with another build version. A build carries its version in a few
 * places only — the DefinePlugin value its root shows (data-remote-version), the federation
 * instance id (`mf_boards:<version>`), the unique name its chunks register under
 * (`@trackboard/mf-boards@<version>`, as an identifier in the chunk-loading global) and its
 * manifests' buildInfo — and those are rewritten, the compressed copies made anew; then it is
 * placed as `npm run release -- --version` places a build, named after its content.
 */
function releaseCopy(releasesDir: string, from: string, fromVersion: string, toVersion: string): string {
  const staging = mkdtempSync(join(releasesDir, '.staging-'));
  try {
    cpSync(join(releasesDir, 'mf-boards', from), staging, { recursive: true });
    const asIdentifier = (version: string) => `_trackboard_mf_boards_${version.replace(/\W/g, '_')}`;
    const markers: [string, string][] = [
      [`"data-remote-version":"${fromVersion}"`, `"data-remote-version":"${toVersion}"`],
      [`mf_boards:${fromVersion}`, `mf_boards:${toVersion}`],
      [`@trackboard/mf-boards@${fromVersion}`, `@trackboard/mf-boards@${toVersion}`],
      [asIdentifier(fromVersion), asIdentifier(toVersion)],
    ];
    const found = new Map(markers.map(([marker]) => [marker, 0]));
    const files = readdirSync(staging, { recursive: true, encoding: 'utf8' });
    for (const file of files.filter((name) => name.endsWith('.js'))) {
      const path = join(staging, file);
      const before = readFileSync(path, 'utf8');
      let text = before;
      for (const [marker, replacement] of markers) {
        found.set(marker, found.get(marker)! + text.split(marker).length - 1);
        text = text.replaceAll(marker, replacement);
      }
      if (text === before) continue;
      writeFileSync(path, text);
      writeFileSync(`${path}.gz`, gzipSync(text));
      writeFileSync(`${path}.br`, brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
    }
    // Each marker where the build keeps its version was there to rewrite.
    expect([...found].filter(([, count]) => count === 0).map(([marker]) => marker)).toEqual([]);
    for (const file of files.filter((name) => /(^|[/\\])mf-manifest(-stats)?\.json$/.test(name))) {
      const manifest = JSON.parse(readFileSync(join(staging, file), 'utf8'));
      expect(manifest.metaData.buildInfo.buildVersion).toBe(fromVersion);
      manifest.metaData.buildInfo.buildVersion = toVersion;
      writeFileSync(join(staging, file), JSON.stringify(manifest));
    }
    const version = `${toVersion}-${folderHash(staging).slice(0, 8)}`;
    renameSync(staging, join(releasesDir, 'mf-boards', version));
    return version;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

describe('remote releases: versions, canaries and rollback from the gateway', () => {
  const releasesDir = mkdtempSync(join(tmpdir(), 'tb-releases-'));
  const browser = usingBrowser();
  let app: RunningApp;
  let admin: SessionResponse;
  let user: SessionResponse;
  let board: BoardDto;
  let v1: string;
  let v2: string;

  beforeAll(async () => {
    mkdirSync(join(releasesDir, 'mf-boards'));
    v1 = release(releasesDir);
    v2 = releaseCopy(releasesDir, v1, '0.1.0', '0.2.0');
    app = await startEmbeddedApp({ RELEASES_DIR: releasesDir });
    const api = apiOf(app);
    admin = await api.login(ADMIN.email, ADMIN.password);
    user = await api.activeUser(admin, 'Canary Carla');
    const project = await api.createProject(user, 'Release Train', 'TRAIN');
    board = await api.call<BoardDto>('GET', `/api/boards/${project.boards[0]!.id}`, undefined, user.token);
  });
  afterAll(async () => {
    await app?.stop();
    rmSync(releasesDir, { recursive: true, force: true });
  });

  const setRelease = (body: unknown) => apiOf(app).call('PUT', '/api/admin/releases/mf_boards', body, admin.token);
  const releases = () => apiOf(app).call<ReleasesResponse>('GET', '/api/admin/releases', undefined, admin.token);
  beforeEach(() => setRelease({ current: v1, canary: null }));

  /** Opens the board and answers the mf-boards version its root shows, and the versions the page's API calls name. */
  async function boardVersion(page: Page): Promise<{ shown: string; header: string }> {
    const called = page.waitForRequest((request) => request.url().includes(`/api/boards/${board.id}`));
    await page.goto(`${app.url}/boards/${board.id}`);
    const root = page.locator('[data-remote="mf_boards"]');
    await root.waitFor();
    await page.getByText(board.columns[0]!.name, { exact: true }).first().waitFor();
    return {
      shown: (await root.getAttribute('data-remote-version'))!,
      header: (await (await called).headerValue('x-remote-versions')) ?? '',
    };
  }

  it('releases two versions of mf-boards side by side, each with its version in its name', () => {
    expect(v1).toMatch(/^0\.1\.0-[0-9a-f]{8}$/);
    expect(v2).toMatch(/^0\.2\.0-[0-9a-f]{8}$/);
  });

  it('current v1 → the browser runs v1; a 100 % canary of v2 → the next load runs v2; rolled back → v1', async () => {
    const pid = app.child.pid;
    const page = await browser.newPage({ as: user });

    await setRelease({ current: v1 });
    expect(await boardVersion(page)).toEqual({ shown: '0.1.0', header: expect.stringContaining(`mf_boards=${v1}`) });

    await setRelease({ canary: { version: v2, share: 100 } });
    expect(await boardVersion(page)).toEqual({ shown: '0.2.0', header: expect.stringContaining(`mf_boards=${v2}`) });

    await setRelease({ canary: null });
    expect((await boardVersion(page)).shown).toBe('0.1.0');
    // Promoted, then rolled back to v1: the table, not a restart, decides.
    await setRelease({ current: v2 });
    expect((await boardVersion(page)).shown).toBe('0.2.0');
    await setRelease({ current: v1 });
    expect((await boardVersion(page)).shown).toBe('0.1.0');
    expect(app.child.pid).toBe(pid);
    expect(app.child.exitCode).toBeNull();
  });

  it('a canary whose files 404 falls back to the current release: the board works, the failure is reported', async () => {
    // A version published to a CDN that has lost it: its manifest is known, its files are not there.
    const gone = '0.3.0-0badf00d';
    cpSync(
      join(releasesDir, 'mf-boards', v2, 'mf-manifest.json'),
      join(releasesDir, 'mf-boards', gone, 'mf-manifest.json'),
    );
    writeFileSync(
      join(releasesDir, 'mf-boards', gone, 'release.json'),
      JSON.stringify({ entry: `${app.url}/remotes/mf-boards/0.3.0-missing/mf-manifest.json` }),
    );
    await setRelease({ canary: { version: gone, share: 100 } });
    const page = await browser.newPage({ as: user });
    const { shown, header } = await boardVersion(page);
    expect(shown).toBe('0.1.0');
    expect(header).toContain(`mf_boards=${v1}`);
    await page.getByText(board.columns[0]!.name, { exact: true }).first().waitFor();
    // The shell reports the failure without waiting for it.
    const failures = async () =>
      (await releases()).remotes.find((remote) => remote.name === 'mf_boards')!.canaryFailures;
    await until(async () => (await failures()).count > 0, { timeoutMs: 10_000, what: 'the canary failure report' });
    expect((await failures()).count).toBe(1);
    await setRelease({ canary: null });
  });

  it('the admin page switches the current release, rolls it back, and shows the history', async () => {
    // The administrator in a browser context of their own: a context's pages share one signed-in session.
    const page = await browser.newPage({ as: admin });
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Releases' }).click();
    await page.waitForURL(/\/admin\/releases$/);
    const boards = page.getByRole('region', { name: /^Boards / });
    await boards.getByRole('cell', { name: v2, exact: true }).waitFor();
    const toast = (text: string) => page.getByRole('status', { name: 'Notifications' }).getByText(text).waitFor();

    await boards.getByRole('button', { name: `Make current: ${v2}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Make current' }).click();
    await toast(`Boards (mf_boards): ${v2} is now current.`);
    const userPage = await browser.newPage({ as: user });
    expect((await boardVersion(userPage)).shown).toBe('0.2.0');

    await boards.getByRole('button', { name: `Roll back to ${v1}` }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Roll back to ${v1}` })
      .click();
    await toast(`Boards (mf_boards): rolled back to ${v1}.`);
    expect((await boardVersion(userPage)).shown).toBe('0.1.0');

    const history = page.getByRole('table', { name: 'History' });
    const newest = history.getByRole('row').nth(1);
    await newest.getByText(`${v2} → ${v1}`).waitFor();
    expect(await newest.textContent()).toContain('Administrator');
    await history.getByRole('row').nth(2).getByText(`${v1} → ${v2}`).waitFor();
  });
});
