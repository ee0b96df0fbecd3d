import type { Page } from 'playwright-core';
import { apiOf, signIn } from './support/api';
import { ADMIN, startEmbeddedApp, type RunningApp } from './support/app-process';
import { launchChromium, type Chromium } from './support/browser';
import { freePorts } from './support/ports';

const FALLBACK = 'This part of the app could not be loaded.';

describe('the shell loads its three remotes at runtime', () => {
  let app: RunningApp;
  let chromium: Chromium;
  let page: Page;

  beforeAll(async () => {
    [app, chromium] = await Promise.all([startEmbeddedApp(), launchChromium()]);
    page = await chromium.browser.newPage();
    await signIn(page, await apiOf(app).login(ADMIN.email, ADMIN.password));
  });
  afterAll(async () => {
    await chromium?.close();
    await app?.stop();
  });

  it.each([
    ['/projects', 'mf_projects', '/projects'],
    ['/projects/WEB', 'mf_projects', '/projects/WEB'],
    ['/boards/7', 'mf_boards', '/boards/7'],
    ['/admin', 'mf_admin', '/admin/user-approval'],
  ])('%s draws %s inside the sidebar layout', async (path, remote, finalPath) => {
    await page.goto(`${app.url}${path}`);
    await page.locator(`[data-remote="${remote}"]`).waitFor();
    expect(new URL(page.url()).pathname).toBe(finalPath);
    const nav = page.getByRole('navigation');
    for (const item of ['Dashboard', 'Projects', 'Profile']) await nav.getByRole('link', { name: item }).waitFor();
  });

  it('shows the 404 page for an unknown path', async () => {
    await page.goto(`${app.url}/no/such/page`);
    await page.getByText('Page Not Found').waitFor();
    await page.getByRole('button', { name: 'Go to Home' }).waitFor();
  });
});

describe('a remote whose files are unavailable', () => {
  let app: RunningApp;
  let chromium: Chromium;

  beforeAll(async () => {
    const [closedPort] = await freePorts(1);
    // mf_boards is configured at an address where nothing answers.
    [app, chromium] = await Promise.all([
      startEmbeddedApp({ REMOTE_MF_BOARDS_URL: `http://127.0.0.1:${closedPort}/mf-manifest.json` }),
      launchChromium(),
    ]);
  });
  afterAll(async () => {
    await chromium?.close();
    await app?.stop();
  });

  it('shows a contained fallback while the rest of the app keeps working', async () => {
    const page = await chromium.browser.newPage();
    await signIn(page, await apiOf(app).login(ADMIN.email, ADMIN.password));
    await page.goto(`${app.url}/boards/1`);
    await page.getByText(FALLBACK).waitFor();
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Projects' }).click();
    await page.locator('[data-remote="mf_projects"]').waitFor();
    expect(await page.getByText(FALLBACK).count()).toBe(0);
    await page.goto(`${app.url}/admin/user-approval`);
    await page.locator('[data-remote="mf_admin"]').waitFor();
  });
});
