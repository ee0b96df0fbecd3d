import { issuePath, type BoardDto, type IssueDto, type SessionResponse } from '@trackboard/contracts';
import type { Page } from 'playwright-core';
import { eventually } from './support/poll';
import { journey } from './support/journey';
import { uniqueKey } from './support/unique';

// In Chromium: the command palette finds an issue by part of its title and opens its dialog, and
// the single-key shortcuts work on the board but never while typing. Each journey gets a person
// and a project of its own, arranged through the API, so any one runs alone (`-t`).
describe('finding things with the keyboard', () => {
  const j = journey();
  const { app } = j;
  let ada: SessionResponse & { email: string };
  let board: BoardDto;
  let page: Page;

  const api = () => j.api;
  const givenIssue = (title: string, description = '') =>
    api().call<IssueDto>(
      'POST',
      '/api/issues',
      {
        projectId: board.projectId,
        columnId: board.columns.find((c) => c.name === 'To Do')!.id,
        title,
        description,
        type: 'TASK',
        priority: 'MEDIUM',
      },
      ada.token,
    );
  const pathOf = () => new URL(page.url()).pathname;
  async function openBoard() {
    await page.goto(`${app.url}/boards/${board.id}`);
    await page.getByRole('heading', { level: 1, name: board.name }).waitFor();
  }
  const addForm = () => page.getByRole('form', { name: 'New issue in To Do' });

  beforeEach(async () => {
    ada = await j.activeUser('Ada Lovelace');
    const key = uniqueKey('KBD');
    const project = await api().createProject(ada, `Keyboard ${key}`, key);
    board = await api().call<BoardDto>('GET', `/api/boards/${project.boards[0]!.id}`, undefined, ada.token);
    page = await j.newPage({ as: ada });
  });

  it('Ctrl+K, part of a title, Enter: that issue’s dialog opens at its address', async () => {
    await givenIssue('Water the office plants');
    const wanted = await givenIssue('Calibrate the flux capacitor', 'Before the demo at 88 mph.');
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    await page.keyboard.press('Control+K');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    const box = palette.getByRole('combobox');
    await box.waitFor();
    await box.pressSequentially('flux capa');
    // Enabled: the answer to the text now typed, not one to a few letters less.
    await palette.getByRole('option', { name: /Calibrate the flux capacitor/, disabled: false }).waitFor();
    expect(await palette.getByRole('option', { name: /Water the office plants/ }).count()).toBe(0);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Calibrate the flux capacitor, edit title' }).waitFor();
    expect(pathOf()).toBe(issuePath(board.id, wanted.key));
  });

  it('? opens the shortcuts dialog, Escape closes it', async () => {
    await openBoard();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.getByText('Add Issue in the board’s first column').waitFor();
    await dialog.getByText('Go to Dashboard').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('c opens the add form in the first column, its title focused, and the c is not typed into it', async () => {
    await openBoard();
    await page.keyboard.press('c');
    const title = addForm().getByPlaceholder('Enter issue title...');
    await title.waitFor();
    await eventually(() => title.evaluate((el) => el === document.activeElement), true);
    expect(await title.inputValue()).toBe('');

    await title.pressSequentially('Made from the keyboard');
    await page.keyboard.press('Enter');
    await page
      .getByRole('region', { name: 'To Do', exact: true })
      .getByRole('button', { name: 'Made from the keyboard', exact: true })
      .waitFor();
  });

  it('typing c inside a text field does not open the add form; / goes to the board filter', async () => {
    await givenIssue('Check the coffee machine');
    await openBoard();
    await page.keyboard.press('/');
    const filter = page.locator('[data-board-filter]');
    await page.waitForFunction(() => document.activeElement?.hasAttribute('data-board-filter'));
    expect(await filter.inputValue()).toBe('');

    await page.keyboard.type('coffee c');
    expect(await filter.inputValue()).toBe('coffee c');
    // Once the typing pause has passed the filter writes the address: the page has handled
    // every key typed, so the add form would be there by now had the c opened it.
    await eventually(async () => new URL(page.url()).searchParams.get('q'), 'coffee c');
    expect(await addForm().count()).toBe(0);

    // The shortcut still works once the focus leaves the field.
    await page.getByRole('heading', { level: 1, name: board.name }).click();
    await page.keyboard.press('c');
    await addForm().waitFor();
  });

  it('g then p goes to projects, g then d to the dashboard', async () => {
    await openBoard();
    await page.keyboard.press('g');
    await page.keyboard.press('p');
    await page.waitForURL(`${app.url}/projects`);
    await page.keyboard.press('g');
    await page.keyboard.press('d');
    await page.waitForURL(`${app.url}/dashboard`);
  });
});
