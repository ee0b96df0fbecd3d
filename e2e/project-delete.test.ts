import type { Page } from 'playwright-core';
import { apiOf, signIn } from './support/api';
import { ADMIN, startEmbeddedApp, type RunningApp } from './support/app-process';
import { formatFindings, seriousViolations } from './support/axe';
import { launchChromium, type Chromium } from './support/browser';

// Deleting a project in Chromium (issue 15): the lead creates one with a description, finds it
// by searching the list, deletes it from its details by typing its key, and it is gone. axe-core
// looks at the page with its search and sort, and at the open dialog.

const expectNoSeriousViolations = async (page: Page, screen: string) => {
  const found = await seriousViolations(page);
  expect(formatFindings(found.map((finding) => ({ screen, finding })))).toBe('');
};

describe('deleting a project', () => {
  let app: RunningApp;
  let chromium: Chromium;
  let page: Page;

  beforeAll(async () => {
    [app, chromium] = await Promise.all([startEmbeddedApp(), launchChromium()]);
    const api = apiOf(app);
    const lead = await api.activeUser(await api.login(ADMIN.email, ADMIN.password), 'Dana Lead');
    await api.createProject(lead, 'Keeper', 'KEEP');
    page = await chromium.browser.newPage();
    await signIn(page, lead);
  });
  afterAll(async () => {
    await chromium?.close();
    await app?.stop();
  });

  it('creates a project with a description and finds it by searching', async () => {
    await page.goto(`${app.url}/projects`);
    await page.getByRole('article', { name: 'Keeper' }).waitFor();
    await page.getByLabel('Project Name').fill('Doomed Project');
    await page.getByLabel('Project Key').fill('DOOM');
    await page.getByLabel('Description (optional)').fill('Here today, gone tomorrow.');
    await page.getByRole('button', { name: 'Create Project' }).click();
    await page.getByRole('article', { name: 'Doomed Project' }).getByText('Here today, gone tomorrow.').waitFor();

    await page.getByRole('searchbox', { name: 'Search projects' }).fill('doom');
    await page.getByRole('article', { name: 'Keeper' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('article').count()).toBe(1);
    await expectNoSeriousViolations(page, '/projects searched');
  });

  it('deletes it by typing its key, and it is gone from the list', async () => {
    await page.getByRole('article', { name: 'Doomed Project' }).getByRole('button', { name: 'Details' }).click();
    await page.getByRole('heading', { level: 1, name: 'Doomed Project' }).waitFor();
    await page.getByRole('button', { name: 'Delete Project' }).click();

    const dialog = page.getByRole('dialog', { name: 'Delete Doomed Project?' });
    const confirm = dialog.getByRole('button', { name: 'Delete this project' });
    expect(await confirm.isDisabled()).toBe(true);
    await expectNoSeriousViolations(page, 'delete dialog');
    await dialog.getByLabel('Type DOOM to confirm').fill('DOOM');
    await confirm.click();

    await page.waitForURL(`${app.url}/projects`);
    await page.getByRole('article', { name: 'Keeper' }).waitFor();
    expect(await page.getByRole('article', { name: 'Doomed Project' }).count()).toBe(0);
    await page.reload();
    await page.getByRole('article', { name: 'Keeper' }).waitFor();
    expect(await page.getByRole('article', { name: 'Doomed Project' }).count()).toBe(0);
  });
});
