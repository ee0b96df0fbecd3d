import type { Page } from 'playwright-core';
import { apiOf, signIn } from './support/api';
import { ADMIN, startEmbeddedApp, type RunningApp } from './support/app-process';
import { formatFindings, seriousViolations } from './support/axe';
import { launchChromium, type Chromium } from './support/browser';

// Archiving a project in Chromium (issue 15): the lead archives it from its page (after a
// question), it leaves the projects list and comes back with "Show archived", marked; its page
// says it is read-only and the server refuses a write; unarchiving brings it back.

const notice = 'This project is archived. It is read-only until the project lead or an administrator unarchives it.';

describe('archiving a project', () => {
  let app: RunningApp;
  let chromium: Chromium;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    [app, chromium] = await Promise.all([startEmbeddedApp(), launchChromium()]);
    const api = apiOf(app);
    const lead = await api.activeUser(await api.login(ADMIN.email, ADMIN.password), 'Arch Lead');
    token = lead.token;
    await api.createProject(lead, 'Keeper', 'KEEP');
    await api.createProject(lead, 'Old Site', 'OLD');
    page = await chromium.browser.newPage();
    await signIn(page, lead);
  });
  afterAll(async () => {
    await chromium?.close();
    await app?.stop();
  });

  const card = (name: string) => page.getByRole('article', { name });

  it('archives from the project page after asking, and the page turns read-only', async () => {
    await page.goto(`${app.url}/projects/OLD`);
    await page.getByRole('heading', { level: 1, name: 'Old Site' }).waitFor();
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe(
        'Archive Old Site? It becomes read-only for everyone and leaves the projects list until it is unarchived.',
      );
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await page.getByText(notice).waitFor();
    expect(await page.getByRole('button', { name: 'Edit Project' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'New board' }).count()).toBe(0);
    const seriousFindings = await seriousViolations(page);
    expect(formatFindings(seriousFindings.map((finding) => ({ screen: 'archived project', finding })))).toBe('');

    // The server holds it read-only, whatever a page offers.
    const res = await fetch(`${app.url}/api/projects/OLD`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ description: 'changed' }),
    });
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 409,
      body: { message: 'This project is archived.' },
    });
  });

  it('leaves the projects list until "Show archived" is ticked, marked Archived', async () => {
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Projects' }).click();
    await card('Keeper').waitFor();
    expect(await card('Old Site').count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Show archived' }).check();
    await card('Old Site').getByText('Archived', { exact: true }).waitFor();
    expect(await card('Keeper').getByText('Archived', { exact: true }).count()).toBe(0);
  });

  it('unarchives, and the project is back in the list and writable', async () => {
    await card('Old Site').getByRole('button', { name: 'Details' }).click();
    await page.getByText(notice).waitFor();
    await page.getByRole('button', { name: 'Unarchive' }).click();
    await page.getByRole('button', { name: 'Archive', exact: true }).waitFor();
    expect(await page.getByText(notice).count()).toBe(0);
    await page.getByRole('button', { name: 'Edit Project' }).waitFor();

    await page.goto(`${app.url}/projects`);
    await card('Old Site').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Show archived' }).isChecked()).toBe(false);
  });
});
