import type { IssueDto, LabelDto } from '@trackboard/contracts';
import type { Page } from 'playwright-core';
import { eventually, teamBoard } from './support/team-board';

// Labels in the browser: a member makes one from the issue dialog's Labels field as they type it
// (the README's "created on the fly"), and the project lead looks after them in the board's
// settings — rename, recolour, delete, the delete naming how many issues carry the label — while
// the member's board follows without a reload. Only the lead (or an admin) is offered the settings.
describe('labels', () => {
  const team = teamBoard('LBL', 'Labels');
  const api = () => team.journey.api;
  const givenLabel = (name: string, color: LabelDto['color']) =>
    api().call<LabelDto>('POST', `/api/boards/${team.board.id}/labels`, { name, color }, team.ada.token);
  const givenIssue = (title: string, labelIds: string[] = []) =>
    api().call<IssueDto>(
      'POST',
      '/api/issues',
      {
        projectId: team.board.projectId,
        columnId: team.board.columns[0]!.id,
        title,
        type: 'TASK',
        priority: 'MEDIUM',
        labelIds,
      },
      team.ada.token,
    );
  const savedLabels = () =>
    api().call<LabelDto[]>('GET', `/api/boards/${team.board.id}/labels`, undefined, team.ada.token);

  const boardPath = () => `/boards/${team.board.id}`;
  async function openBoard(page: Page) {
    await page.goto(`${team.app.url}${boardPath()}`);
    await page.getByRole('heading', { level: 1, name: team.board.name }).waitFor();
  }
  /** The whole card of an issue: its face shows the labels. */
  const cardBox = (page: Page, title: string) =>
    page.locator('[data-card]').filter({ has: page.getByRole('button', { name: title, exact: true }) });
  /** The labels a card shows, by name. */
  const cardLabels = (page: Page, title: string) =>
    cardBox(page, title).locator('[aria-hidden="true"] > [title]').allTextContents();
  /** A label's colour as a card draws it. */
  const chipColour = (page: Page, title: string, label: string) =>
    cardBox(page, title)
      .getByText(label, { exact: true })
      .evaluate((name) => getComputedStyle(name.parentElement!).getPropertyValue('--label').trim());

  it('a member creates “qa” from the issue dialog as they type it, and the card shows it', async () => {
    await givenLabel('bug', 'red');
    await givenIssue('Check the release');
    const page = team.bobPage;
    await openBoard(page);
    await page.getByRole('button', { name: 'Check the release', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Edit Labels' }).click();

    const search = dialog.getByRole('combobox', { name: 'Labels' });
    await search.pressSequentially('qa');
    const create = dialog.getByRole('option', { name: 'Create label "qa"' });
    await create.waitFor();
    // It is the one Enter takes, and the search box says so to a screen reader.
    expect(await create.getAttribute('aria-selected')).toBe('true');
    expect(await search.getAttribute('aria-activedescendant')).toBe(await create.getAttribute('id'));
    await search.press('Enter');

    await dialog.getByRole('option', { name: 'qa' }).and(dialog.locator('[aria-checked="true"]')).waitFor();
    await dialog.getByText('Created the label "qa" and added it.').waitFor({ state: 'attached' });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.getByTestId('Labels-value').getByText('qa', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await cardBox(page, 'Check the release').getByText('qa', { exact: true }).waitFor();
    // The palette's next colour: the board had one label, so the second.
    const qa = (await savedLabels()).find((label) => label.name === 'qa');
    expect(qa).toMatchObject({ color: 'orange' });
  });

  it('the lead renames, recolours and deletes labels in Board settings; the member’s board follows', async () => {
    const bug = await givenLabel('bug', 'red');
    const qa = await givenLabel('qa', 'blue');
    await givenIssue('Check the release', [bug.id, qa.id]);
    await givenIssue('Ship it', [bug.id]);
    const { adaPage, bobPage } = team;
    await Promise.all([openBoard(adaPage), openBoard(bobPage)]);
    await cardBox(bobPage, 'Ship it').getByText('bug', { exact: true }).waitFor();

    await adaPage.getByRole('link', { name: 'Board settings' }).click();
    await adaPage.getByRole('heading', { level: 1, name: 'Board settings' }).waitFor();
    expect(new URL(adaPage.url()).pathname).toBe(`${boardPath()}/settings`);
    const labels = adaPage.getByRole('region', { name: 'Labels' });
    await labels.getByText('2 issues').waitFor();

    // Rename: in place, Enter saves.
    await labels.getByRole('button', { name: 'Rename label qa' }).click();
    const name = labels.getByRole('form', { name: 'Rename qa' }).getByRole('textbox', { name: 'Label name' });
    await name.fill('quality');
    await name.press('Enter');
    await labels.getByRole('button', { name: 'Rename label quality' }).waitFor();
    await eventually(() => cardLabels(bobPage, 'Check the release'), ['bug', 'quality']);

    // Recolour from the palette.
    await labels.getByRole('button', { name: 'Colour of label quality' }).click();
    const palette = labels.getByRole('form', { name: 'Colour of quality' });
    await palette.getByRole('radio', { name: 'Green' }).check();
    await palette.getByRole('button', { name: 'Save' }).click();
    await eventually(() => chipColour(bobPage, 'Check the release', 'quality'), '#2f9e44');
    expect((await savedLabels()).map((l) => [l.name, l.color])).toEqual([
      ['bug', 'red'],
      ['quality', 'green'],
    ]);

    // Delete: the confirmation says how many issues lose it.
    await labels.getByRole('button', { name: 'Delete label bug' }).click();
    const confirm = labels.getByRole('form', { name: 'Delete bug' });
    await confirm.getByText('Delete the label "bug"? 2 issues carry it and will lose it.').waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await labels.getByRole('button', { name: 'Delete label bug' }).waitFor({ state: 'detached' });
    await eventually(() => cardLabels(bobPage, 'Check the release'), ['quality']);
    await eventually(() => cardLabels(bobPage, 'Ship it'), []);
    expect((await savedLabels()).map((l) => l.name)).toEqual(['quality']);

    // Back on the board, the lead's own cards say the same.
    await adaPage.getByRole('link', { name: 'Back to the board' }).click();
    await eventually(() => cardLabels(adaPage, 'Check the release'), ['quality']);
  });

  it('a member is offered no Board settings, and its address answers 403', async () => {
    const { adaPage, bobPage } = team;
    await Promise.all([openBoard(adaPage), openBoard(bobPage)]);
    await adaPage.getByRole('link', { name: 'Board settings' }).waitFor();
    expect(await bobPage.getByRole('link', { name: 'Board settings' }).count()).toBe(0);

    await bobPage.goto(`${team.app.url}${boardPath()}/settings`);
    await bobPage.getByRole('heading', { level: 1, name: '403 - Not Authorized' }).waitFor();
    await bobPage.getByText('You do not have the necessary permissions to access this page.').waitFor();
    expect(await bobPage.getByRole('region', { name: 'Labels' }).count()).toBe(0);
    await bobPage.getByRole('link', { name: 'Back to the board' }).click();
    await bobPage.getByRole('heading', { level: 1, name: team.board.name }).waitFor();
  });
});
