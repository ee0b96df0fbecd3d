import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import type { BoardDto, ReleasesResponse, SessionResponse } from '@trackboard/contracts';
import { apiOf, signIn } from './support/api';
import { ADMIN, startEmbeddedApp, type RunningApp } from './support/app-process';
import { launchChromium, type Chromium } from './support/browser';

const root = resolve(__dirname, '..');

// Issue 19 in a real browser against one running app: two releases of mf-boards built by
// `npm run release` (0.1.0 and 0.2.0, which its root shows as data-remote-version), switched
// from current to canary and rolled back through the release table, with no process restarted;
// a canary that 404s falls back to the current release; the admin page switches, rolls back
// and shows the history.

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

describe('remote releases: versions, canaries and rollback from the gateway (issue 19)', () => {
  const releasesDir = mkdtempSync(join(tmpdir(), 'tb-releases-'));
  let app: RunningApp;
  let chromium: Chromium;
  /** The administrator's own profile: a profile's pages share one signed-in session. */
  let adminChromium: Chromium;
  let admin: SessionResponse;
  let user: SessionResponse;
  let board: BoardDto;
  let v1: string;
  let v2: string;

  beforeAll(async () => {
    mkdirSync(join(releasesDir, 'mf-boards'));
    v1 = release(releasesDir);
    v2 = release(releasesDir, ['--version', '0.2.0']);
    [app, chromium, adminChromium] = await Promise.all([
      startEmbeddedApp({ RELEASES_DIR: releasesDir }),
      launchChromium(),
      launchChromium(),
    ]);
    const api = apiOf(app);
    admin = await api.login(ADMIN.email, ADMIN.password);
    user = await api.activeUser(admin, 'Canary Carla');
    const project = await api.createProject(user, 'Release Train', 'TRAIN');
    board = await api.call<BoardDto>('GET', `/api/boards/${project.boards[0]!.id}`, undefined, user.token);
  });
  afterAll(async () => {
    await chromium?.close();
    await adminChromium?.close();
    await app?.stop();
    rmSync(releasesDir, { recursive: true, force: true });
  });

  const setRelease = (body: unknown) => apiOf(app).call('PUT', '/api/admin/releases/mf_boards', body, admin.token);
  const releases = () => apiOf(app).call<ReleasesResponse>('GET', '/api/admin/releases', undefined, admin.token);

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
    const page = await chromium.browser.newPage();
    await signIn(page, user);

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
    await page.close();
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
    const page = await chromium.browser.newPage();
    await signIn(page, user);
    const { shown, header } = await boardVersion(page);
    expect(shown).toBe('0.1.0');
    expect(header).toContain(`mf_boards=${v1}`);
    await page.getByText(board.columns[0]!.name, { exact: true }).first().waitFor();
    // The shell reports the failure without waiting for it.
    const failures = async () =>
      (await releases()).remotes.find((remote) => remote.name === 'mf_boards')!.canaryFailures;
    const deadline = Date.now() + 10_000;
    while ((await failures()).count === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect((await failures()).count).toBe(1);
    await setRelease({ canary: null });
    await page.close();
  });

  it('the admin page switches the current release, rolls it back, and shows the history', async () => {
    const page = await adminChromium.browser.newPage();
    await signIn(page, admin);
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Releases' }).click();
    await page.waitForURL(/\/admin\/releases$/);
    const boards = page.getByRole('region', { name: /^Boards / });
    await boards.getByRole('cell', { name: v2, exact: true }).waitFor();
    const toast = (text: string) => page.getByRole('status', { name: 'Notifications' }).getByText(text).waitFor();

    await boards.getByRole('button', { name: `Make current: ${v2}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Make current' }).click();
    await toast(`Boards (mf_boards): ${v2} is now current.`);
    const userPage = await chromium.browser.newPage();
    await signIn(userPage, user);
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
    await userPage.close();
    await page.close();
  });
});
