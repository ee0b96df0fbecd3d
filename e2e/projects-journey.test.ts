import type { ProjectDto } from '@trackboard/contracts';
import type { Page } from 'playwright-core';
import { journey, type Person } from './support/journey';
import { eventually } from './support/poll';
import { uniqueTag } from './support/unique';

// Each test: Ada and Bob, active accounts of its own; Ada signed in, with no project yet. The
// steps of the journey build on each other: each test arranges through the API what the tests
// before it did in the browser.
describe('a project from creation to its board (spec §2.7–§2.9)', () => {
  const j = journey();
  const { app } = j;
  let ada: Person;
  let bob: Person;
  let page: Page;
  /** This test's project key, as typed (lower case, with a dash) and as the app keeps it. */
  let typedKey: string;
  let key: string;

  beforeEach(async () => {
    [ada, bob] = await Promise.all([j.activeUser('Ada Lovelace'), j.activeUser('Bob Builder')]);
    const tag = uniqueTag(5).toLowerCase();
    typedKey = `j${tag}-1`;
    key = `J${tag.toUpperCase()}1`;
    page = await j.newPage({ as: ada });
  });

  const pathname = () => new URL(page.url()).pathname;
  /** Journey Project, made by Ada (and Bob on its team), as the steps before leave it. */
  async function givenProject({ withBob }: { withBob: boolean }): Promise<ProjectDto> {
    const project = await j.api.createProject(ada, 'Journey Project', key);
    if (withBob) await j.api.addMember(ada, key, bob.email);
    return project;
  }

  it('creates a project, its key forced to upper case, and shows its card', async () => {
    await page.goto(`${app.url}/projects`);
    await page.getByText('No projects found. Create one to get started!').waitFor();

    await page.getByLabel('Project Name').fill('Journey Project');
    await page.getByLabel('Project Key').pressSequentially(typedKey);
    await eventually(() => page.getByLabel('Project Key').inputValue(), key);
    await page.getByRole('button', { name: 'Create Project' }).click();

    const card = page.getByRole('article', { name: 'Journey Project' });
    await card.waitFor();
    await card.getByText(key).waitFor();
    await card.getByText('No description provided.').waitFor();
  });

  it('opens the details and adds a member by e-mail', async () => {
    await givenProject({ withBob: false });
    await page.goto(`${app.url}/projects`);
    await page.getByRole('article', { name: 'Journey Project' }).getByRole('button', { name: 'Details' }).click();
    await page.getByRole('heading', { level: 1, name: 'Journey Project' }).waitFor();
    expect(pathname()).toBe(`/projects/${key}`);
    await page.getByRole('heading', { name: 'Team Members (1)' }).waitFor();

    await page.getByRole('button', { name: 'Edit Project' }).click();
    await page.getByLabel('Member Email').fill(bob.email);
    await page.getByRole('button', { name: 'Add Member' }).click();
    await page.getByRole('heading', { name: 'Team Members (2)' }).waitFor();
    await page.getByRole('listitem', { name: bob.user.name }).getByText(bob.email).waitFor();
  });

  it('hands the lead to the new member after confirmation, and the edit controls go away', async () => {
    await givenProject({ withBob: true });
    await page.goto(`${app.url}/projects/${key}`);
    await page.getByRole('heading', { name: 'Team Members (2)' }).waitFor();
    await page.getByRole('button', { name: 'Edit Project' }).click();

    const bobId = await page
      .getByLabel('Change Project Lead')
      .locator('option', { hasText: bob.email })
      .getAttribute('value');
    await page.getByLabel('Change Project Lead').selectOption(bobId!);
    await page.getByRole('button', { name: 'Confirm New Lead' }).click();
    const asked = page.getByRole('alertdialog', { name: 'Change the project lead?' });
    await asked
      .getByText(
        `Are you sure you want to make ${bob.user.name} the new project lead? You will lose editing rights for this project.`,
      )
      .waitFor();
    await asked.getByRole('button', { name: 'Change lead' }).click();

    await page.getByRole('region', { name: 'Project Lead' }).getByText(bob.user.name).waitFor();
    await page.getByLabel('Change Project Lead').waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Edit Project' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Remove/ }).count()).toBe(0);
  });

  it('opens the board through /board/{key} and lands on /boards/{id}', async () => {
    const project = await givenProject({ withBob: true });
    await page.goto(`${app.url}/projects/${key}`);
    await page.getByRole('heading', { level: 1, name: 'Journey Project' }).waitFor();
    await page.goto(`${app.url}/board/${key}`);
    await page.waitForURL(/\/boards\/\d+$/);
    expect(pathname()).toBe(`/boards/${project.boards[0]!.id}`);
    await page.locator('[data-remote="mf_boards"]').waitFor();
    // The redirect replaced its own entry: Back returns to the details, not to /board/{key}.
    await page.goBack();
    await page.waitForURL(new RegExp(`/projects/${key}$`));
  });

  it('imports a CSV that names Bob: he is offered, not added, until Ada adds him with his issue', async () => {
    await page.goto(`${app.url}/projects`);
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a project' });
    await dialog.getByLabel('File').setInputFiles({
      name: 'team.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Title,Assignee\nShip the release,${bob.email}\nWrite the notes,\n`),
    });
    await dialog.getByLabel('New project key').fill(key);
    await dialog.getByRole('button', { name: 'Import' }).click();
    const people = dialog.getByRole('group', { name: 'People named in the file' });
    await people.getByRole('checkbox', { name: new RegExp(bob.email.replace(/[.+]/g, '\\$&')) }).waitFor();
    await people.getByText('1 issue assigned in the file').waitFor();
    // Imported, but Bob is in nothing yet.
    expect((await j.fetch(`/api/projects/${key}`, { headers: { authorization: `Bearer ${bob.token}` } })).status).toBe(
      404,
    );

    await people.getByRole('button', { name: `Add to ${key}` }).click();
    await dialog.getByText(`Added 1 person to ${key}.`).waitFor();
    await dialog.getByRole('link', { name: `Open ${key}` }).click();
    await page.getByRole('heading', { name: 'Team Members (2)' }).waitFor();
    await page.getByRole('listitem', { name: bob.user.name }).waitFor();
  });
});
