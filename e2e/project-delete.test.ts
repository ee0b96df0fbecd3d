import type { Page } from 'playwright-core';
import { formatFindings, seriousViolations } from './support/axe';
import { journey } from './support/journey';
import { eventually } from './support/poll';
import { uniqueKey } from './support/unique';

// Deleting a project in Chromium: the lead creates one with a description, finds it by
// searching the list, deletes it from its details by typing its key, and it is gone. axe-core
// looks at the page with its search and sort, and at the open dialog. Each test has a lead of its
// own with a project, Keeper.

const expectNoSeriousViolations = async (page: Page, screen: string) => {
  const found = await seriousViolations(page);
  expect(formatFindings(found.map((finding) => ({ screen, finding })))).toBe('');
};

describe('deleting a project', () => {
  const j = journey();
  const { app } = j;
  let page: Page;
  let token: string;
  /** The doomed project's key. */
  let doom: string;

  beforeEach(async () => {
    const lead = await j.activeUser('Dana Lead');
    token = lead.token;
    doom = uniqueKey('DOOM');
    await j.api.createProject(lead, 'Keeper', uniqueKey('KEEP'));
    page = await j.newPage({ as: lead });
  });

  it('creates a project with a description and finds it by searching', async () => {
    await page.goto(`${app.url}/projects`);
    await page.getByRole('article', { name: 'Keeper' }).waitFor();
    await page.getByLabel('Project Name').fill('Doomed Project');
    await page.getByLabel('Project Key').fill(doom);
    await page.getByLabel('Description (optional)').fill('Here today, gone tomorrow.');
    await page.getByRole('button', { name: 'Create Project' }).click();
    await page.getByRole('article', { name: 'Doomed Project' }).getByText('Here today, gone tomorrow.').waitFor();

    await page.getByRole('searchbox', { name: 'Search projects' }).fill('doom');
    await page.getByRole('article', { name: 'Keeper' }).waitFor({ state: 'detached' });
    await eventually(() => page.getByRole('article').count(), 1);
    await expectNoSeriousViolations(page, '/projects searched');
  });

  it('deletes it by typing its key, and it is gone from the list', async () => {
    // As the first test leaves it: the project made, the list searched for it.
    await j.api.call(
      'POST',
      '/api/projects',
      { name: 'Doomed Project', key: doom, description: 'Here today, gone tomorrow.' },
      token,
    );
    await page.goto(`${app.url}/projects`);
    await page.getByRole('searchbox', { name: 'Search projects' }).fill('doom');
    await page.getByRole('article', { name: 'Keeper' }).waitFor({ state: 'detached' });
    await page.getByRole('article', { name: 'Doomed Project' }).getByRole('button', { name: 'Details' }).click();
    await page.getByRole('heading', { level: 1, name: 'Doomed Project' }).waitFor();
    await page.getByRole('button', { name: 'Delete Project' }).click();

    const dialog = page.getByRole('dialog', { name: 'Delete Doomed Project?' });
    const confirm = dialog.getByRole('button', { name: 'Delete this project' });
    expect(await confirm.isDisabled()).toBe(true);
    await expectNoSeriousViolations(page, 'delete dialog');
    await dialog.getByLabel(`Type ${doom} to confirm`).fill(doom);
    await confirm.click();

    await page.waitForURL(`${app.url}/projects`);
    await page.getByRole('article', { name: 'Keeper' }).waitFor();
    expect(await page.getByRole('article', { name: 'Doomed Project' }).count()).toBe(0);
    await page.reload();
    await page.getByRole('article', { name: 'Keeper' }).waitFor();
    expect(await page.getByRole('article', { name: 'Doomed Project' }).count()).toBe(0);
  });
});
