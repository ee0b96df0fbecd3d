import type { Page } from 'playwright-core';
import { formatFindings, seriousViolations } from './support/axe';
import { journey } from './support/journey';
import { uniqueKey } from './support/unique';

// Archiving a project in Chromium: the lead archives it from its page (after a question), it
// leaves the projects list and comes back with "Show archived", marked; its page says it is
// read-only and the server refuses a write; unarchiving brings it back. Each test has a lead of
// its own with two projects, Keeper and Old Site.

const notice = 'This project is archived. It is read-only until the project lead or an administrator unarchives it.';

describe('archiving a project', () => {
  const j = journey();
  const { app } = j;
  let page: Page;
  let token: string;
  /** Old Site's key. */
  let old: string;

  beforeEach(async () => {
    const lead = await j.activeUser('Arch Lead');
    token = lead.token;
    old = uniqueKey('OLD');
    await j.api.createProject(lead, 'Keeper', uniqueKey('KEEP'));
    await j.api.createProject(lead, 'Old Site', old);
    page = await j.newPage({ as: lead });
  });
  /** Old Site archived, as the first test leaves it. */
  const givenArchived = () => j.api.call('POST', `/api/projects/${old}/archive`, undefined, token);

  const card = (name: string) => page.getByRole('article', { name });

  it('archives from the project page after asking, and the page turns read-only', async () => {
    await page.goto(`${app.url}/projects/${old}`);
    await page.getByRole('heading', { level: 1, name: 'Old Site' }).waitFor();
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    const asked = page.getByRole('alertdialog', { name: 'Archive the project?' });
    await asked
      .getByText(
        'Archive Old Site? It becomes read-only for everyone and leaves the projects list until it is unarchived.',
      )
      .waitFor();
    await asked.getByRole('button', { name: 'Archive' }).click();
    await page.getByText(notice).waitFor();
    expect(await page.getByRole('button', { name: 'Edit Project' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'New board' }).count()).toBe(0);
    const seriousFindings = await seriousViolations(page);
    expect(formatFindings(seriousFindings.map((finding) => ({ screen: 'archived project', finding })))).toBe('');

    // The server holds it read-only, whatever a page offers.
    const res = await j.fetch(`/api/projects/${old}`, {
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
    await givenArchived();
    await page.goto(`${app.url}/projects/${old}`);
    await page.getByText(notice).waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Projects' }).click();
    await card('Keeper').waitFor();
    expect(await card('Old Site').count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Show archived' }).check();
    await card('Old Site').getByText('Archived', { exact: true }).waitFor();
    expect(await card('Keeper').getByText('Archived', { exact: true }).count()).toBe(0);
  });

  it('unarchives, and the project is back in the list and writable', async () => {
    await givenArchived();
    await page.goto(`${app.url}/projects`);
    await card('Keeper').waitFor();
    await page.getByRole('checkbox', { name: 'Show archived' }).check();
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
