import type { ProjectDto } from '@trackboard/contracts';
import type { Page } from 'playwright-core';
import { formatFindings, seriousViolations } from './support/axe';
import { journey } from './support/journey';
import { uniqueKey } from './support/unique';

// Several boards per project in Chromium: the lead adds a second board from the project's page,
// renames it, opens it, comes back and deletes it by typing its name; the first board, the last
// one left, has no delete. axe-core looks at the section and the open dialog. Each test has a
// lead of its own with a project, Harbour.

const expectNoSeriousViolations = async (page: Page, screen: string) => {
  const found = await seriousViolations(page);
  expect(formatFindings(found.map((finding) => ({ screen, finding })))).toBe('');
};

describe('a project’s boards', () => {
  const j = journey();
  const { app } = j;
  let page: Page;
  let harbour: ProjectDto;
  let token: string;
  const boards = () => page.getByRole('region', { name: /^Boards/ });

  beforeEach(async () => {
    const lead = await j.activeUser('Dana Lead');
    token = lead.token;
    harbour = await j.api.createProject(lead, 'Harbour', uniqueKey('HARB'));
    page = await j.newPage({ as: lead });
  });
  /** The project's page with a second board, Operations, as the first test leaves it. */
  async function givenOperations() {
    await j.api.call('POST', `/api/projects/${harbour.id}/boards`, { name: 'Operations' }, token);
    await page.goto(`${app.url}/projects/${harbour.key}`);
    await page.getByRole('heading', { level: 1, name: 'Harbour' }).waitFor();
    await boards().getByRole('heading', { name: 'Boards (2)' }).waitFor();
  }

  it('adds a second board from the project page and renames it', async () => {
    await page.goto(`${app.url}/projects/${harbour.key}`);
    await page.getByRole('heading', { level: 1, name: 'Harbour' }).waitFor();
    await boards().getByRole('heading', { name: 'Boards (1)' }).waitFor();
    expect(
      await boards()
        .getByRole('button', { name: /^Delete/ })
        .count(),
    ).toBe(0);

    await boards().getByLabel('Board name').fill('Ops');
    await boards().getByRole('button', { name: 'New board' }).click();
    await boards().getByRole('heading', { name: 'Boards (2)' }).waitFor();
    await boards().getByRole('listitem', { name: 'Ops' }).getByText('0 issues').waitFor();

    await boards().getByRole('button', { name: 'Rename Ops' }).click();
    await boards().getByLabel('New name for Ops').fill('Operations');
    await boards().getByRole('button', { name: 'Save' }).click();
    await boards().getByRole('link', { name: 'Operations' }).waitFor();
    await expectNoSeriousViolations(page, 'project page with two boards');
  });

  it('opens the renamed board, and comes back', async () => {
    await givenOperations();
    await boards().getByRole('link', { name: 'Operations' }).click();
    await page.getByRole('heading', { level: 1, name: 'Operations' }).waitFor();
    await page.getByText('To Do', { exact: true }).first().waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Harbour' }).waitFor();
  });

  it('deletes it by typing its name; the last board keeps no delete', async () => {
    await givenOperations();
    await boards().getByRole('button', { name: 'Delete Operations' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Operations?' });
    const confirm = dialog.getByRole('button', { name: 'Delete this board' });
    expect(await confirm.isDisabled()).toBe(true);
    await expectNoSeriousViolations(page, 'delete board dialog');
    await dialog.getByLabel('Type Operations to confirm').fill('Operations');
    await confirm.click();

    await dialog.waitFor({ state: 'detached' });
    await boards().getByRole('heading', { name: 'Boards (1)' }).waitFor();
    expect(await boards().getByRole('link', { name: 'Operations' }).count()).toBe(0);
    expect(
      await boards()
        .getByRole('button', { name: /^Delete/ })
        .count(),
    ).toBe(0);
    await page.reload();
    await boards().getByRole('heading', { name: 'Boards (1)' }).waitFor();
    await boards().getByRole('link', { name: 'Harbour Board' }).waitFor();
  });
});
