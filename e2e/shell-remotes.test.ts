import type { Page } from 'playwright-core';
import { apiOf, signIn } from './support/api';
import { ADMIN, startEmbeddedApp, type RunningApp } from './support/app-process';
import { launchChromium, type Chromium } from './support/browser';
import { freePorts } from './support/ports';

const FALLBACK = 'This part of the app could not be loaded.';

/**
 * What the page's Content-Security-Policy blocked: Chromium fires `securitypolicyviolation`
 * in the page and logs each refusal to the console; both are collected.
 */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) logged.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { cspViolations: string[] }).cspViolations = []);
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  return async () => [
    ...logged,
    ...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])),
  ];
}

describe('the shell loads its three remotes at runtime', () => {
  let app: RunningApp;
  let chromium: Chromium;
  let page: Page;
  let violations: () => Promise<string[]>;

  beforeAll(async () => {
    [app, chromium] = await Promise.all([startEmbeddedApp(), launchChromium()]);
    page = await chromium.browser.newPage();
    violations = await watchPolicy(page);
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
  ])('%s draws %s inside the sidebar layout, under the page’s security policy', async (path, remote, finalPath) => {
    const response = await page.goto(`${app.url}${path}`);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    await page.locator(`[data-remote="${remote}"]`).waitFor();
    expect(new URL(page.url()).pathname).toBe(finalPath);
    const nav = page.getByRole('navigation');
    for (const item of ['Dashboard', 'Projects', 'Profile']) await nav.getByRole('link', { name: item }).waitFor();
    expect(await violations()).toEqual([]);
  });

  it('shows the 404 page for an unknown path', async () => {
    await page.goto(`${app.url}/no/such/page`);
    await page.getByText('Page Not Found').waitFor();
    await page.getByRole('button', { name: 'Go to Home' }).waitFor();
    expect(await violations()).toEqual([]);
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
