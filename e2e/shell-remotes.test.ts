import type { Page } from 'playwright-core';
import { apiOf } from './support/api';
import { ADMIN, startEmbeddedApp, type RunningApp } from './support/app-process';
import { journey, usingBrowser } from './support/journey';
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
  const j = journey();
  const { app } = j;
  let page: Page;
  let violations: () => Promise<string[]>;

  beforeEach(async () => {
    page = await j.newPage({ as: await j.admin() });
    violations = await watchPolicy(page);
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
    // The sidebar's navigation (a board of another journey's project shows a breadcrumb too).
    const nav = page.getByRole('navigation', { name: 'Main' });
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

// An app of its own: its mf_boards is configured at an address where nothing answers.
describe('a remote whose files are unavailable', () => {
  const browser = usingBrowser();
  let app: RunningApp;

  beforeAll(async () => {
    const [closedPort] = await freePorts(1);
    app = await startEmbeddedApp({ REMOTE_MF_BOARDS_URL: `http://127.0.0.1:${closedPort}/mf-manifest.json` });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('shows a contained fallback while the rest of the app keeps working', async () => {
    const page = await browser.newPage({ as: await apiOf(app).login(ADMIN.email, ADMIN.password) });
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
