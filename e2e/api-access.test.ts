import type { SessionResponse } from '@trackboard/contracts';
import { apiOf, signIn } from './support/api';
import { ADMIN, startEmbeddedApp, type RunningApp } from './support/app-process';
import { launchChromium, type Chromium } from './support/browser';

// Issue 17 in a real browser against the embedded app: a personal access token made in the
// profile calls the API with curl's header (and stops working once revoked), and the API
// reference at /api/docs draws the whole document from this origin alone.
let app: RunningApp;
let chromium: Chromium;
let user: SessionResponse;
beforeAll(async () => {
  app = await startEmbeddedApp();
  chromium = await launchChromium();
  const api = apiOf(app);
  user = await api.activeUser(await api.login(ADMIN.email, ADMIN.password), 'Script Writer');
  await api.createProject(user, 'Scripted', 'SCR');
}, 120_000);
afterAll(async () => {
  await chromium?.close();
  await app?.stop();
});

const projectsWith = (token: string) =>
  fetch(`${app.url}/api/projects`, { headers: { authorization: `Bearer ${token}` } });

describe('personal access tokens and the API reference', () => {
  it('creates a token in the profile, calls the API with it, then revokes it', async () => {
    const page = await chromium.browser.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, user);
    await page.goto(`${app.url}/profile`);
    await page.getByLabel('Token name').fill('CI script');
    await page.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByLabel('New token');
    await shown.waitFor();
    const token = await shown.inputValue();
    expect(token).toMatch(/^tb_pat_[\w-]{40,}$/);
    const res = await projectsWith(token);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { key: string }[]).map((p) => p.key)).toContain('SCR');

    const row = page.getByRole('row', { name: /CI script/ });
    await row.waitFor();
    await page.getByRole('button', { name: 'Revoke CI script' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await projectsWith(token)).status).toBe(401);
    await page.close();
  });

  it('draws the API reference from /api/openapi.json with no outside request and no CSP refusal', async () => {
    const page = await chromium.browser.newPage();
    const outside: string[] = [];
    const refused: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(app.url) && !request.url().startsWith('data:')) outside.push(request.url());
    });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(`${app.url}/api/docs`);
    await page.getByText('Trackboard API', { exact: false }).first().waitFor();
    await page.getByText('/api/projects/{key}/webhooks').first().waitFor();
    expect(outside).toEqual([]);
    expect(refused).toEqual([]);
    await page.close();
  });
});
