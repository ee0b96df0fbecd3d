import type { BoardDto, IssueDto, SessionResponse } from '@trackboard/contracts';
import type { Page } from 'playwright-core';
import { apiOf, signIn } from './support/api';
import { ADMIN, startEmbeddedApp, type RunningApp } from './support/app-process';
import { launchChromium, type Chromium } from './support/browser';
import { eventually } from './support/team-board';

// Issue 15: the project lead arranges the board's columns in the browser — adds, renames,
// reorders (dragging a header, and with the keyboard from the column menu), sets a WIP limit
// and deletes — while a member watches the same board in a browser of their own: each change
// shows up there without a reload, and the member gets no controls. The steps build on each
// other, in order, on one board.
describe('arranging a board’s columns', () => {
  let app: RunningApp;
  let browsers: Chromium[] = [];
  let ada: SessionResponse & { email: string };
  let bob: SessionResponse & { email: string };
  let board: BoardDto;
  let adaPage: Page;
  let bobPage: Page;

  const api = () => apiOf(app);
  const givenIssue = (title: string, column: string) =>
    api().call<IssueDto>(
      'POST',
      '/api/issues',
      {
        projectId: board.projectId,
        columnId: board.columns.find((c) => c.name === column)!.id,
        title,
        type: 'TASK',
        priority: 'MEDIUM',
      },
      ada.token,
    );
  const savedBoard = () => api().call<BoardDto>('GET', `/api/boards/${board.id}`, undefined, ada.token);

  const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  /** The columns' names, left to right, as the page shows them. */
  const columnNames = (page: Page) => page.getByTestId('board-columns').locator('section h2').allTextContents();
  const countOf = (page: Page, name: string) => column(page, name).locator('[data-wip]');
  const actions = (page: Page, name: string) => page.getByRole('button', { name: `Column actions for ${name}` });
  /** Opens a column's menu with the mouse and chooses an item. */
  async function choose(page: Page, name: string, item: string) {
    await actions(page, name).click();
    await page
      .getByRole('menu', { name: `Column actions for ${name}` })
      .getByRole('menuitem', { name: item })
      .click();
  }

  async function openBoard(page: Page) {
    await page.goto(`${app.url}/boards/${board.id}`);
    await page.getByRole('heading', { level: 1, name: board.name }).waitFor();
  }

  beforeAll(async () => {
    [app, ...browsers] = await Promise.all([startEmbeddedApp(), launchChromium(), launchChromium()]);
    const admin = await api().login(ADMIN.email, ADMIN.password);
    ada = await api().activeUser(admin, 'Ada Lovelace');
    bob = await api().activeUser(admin, 'Bob Builder');
    const key = `COL${Date.now().toString(36).toUpperCase()}`.slice(0, 10);
    const project = await api().createProject(ada, 'Columns', key);
    await api().addMember(ada, key, bob.email);
    board = await api().call<BoardDto>('GET', `/api/boards/${project.boards[0]!.id}`, undefined, ada.token);
    await givenIssue('Plan it', 'To Do');
    await givenIssue('Write it', 'To Do');
    await givenIssue('Test it', 'In Progress');
    [adaPage, bobPage] = await Promise.all([browsers[0]!.browser.newPage(), browsers[1]!.browser.newPage()]);
    // Wide enough for five columns side by side: a header dragged to a column out of view would
    // scroll the board under the pointer between the press and the first move.
    await adaPage.setViewportSize({ width: 1920, height: 1000 });
    await Promise.all([signIn(adaPage, ada), signIn(bobPage, bob)]);
    await Promise.all([openBoard(adaPage), openBoard(bobPage)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(browsers.map((b) => b.close()));
    await app?.stop();
  });

  it('the member sees no column controls', async () => {
    await column(bobPage, 'To Do').waitFor();
    expect(await bobPage.getByRole('button', { name: /^Column actions for / }).count()).toBe(0);
    expect(await bobPage.getByRole('button', { name: '+ Add column' }).count()).toBe(0);
    expect(await actions(adaPage, 'To Do').isVisible()).toBe(true);
  });

  it('adds a column at the end', async () => {
    await adaPage.getByRole('button', { name: '+ Add column' }).click();
    const name = adaPage.getByRole('form', { name: 'New column' }).getByRole('textbox', { name: 'Column name' });
    await name.fill('Review');
    await name.press('Enter');
    await eventually(() => columnNames(adaPage), ['To Do', 'In Progress', 'Done', 'Review']);
    await eventually(() => columnNames(bobPage), ['To Do', 'In Progress', 'Done', 'Review']);
  });

  it('renames it in place: Enter saves, Escape cancels', async () => {
    await choose(adaPage, 'Review', 'Rename');
    let field = column(adaPage, 'Review').getByRole('textbox', { name: 'Column name' });
    await field.fill('Nope');
    await field.press('Escape');
    await field.waitFor({ state: 'detached' });
    expect(await adaPage.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Column actions for Review',
    );

    await choose(adaPage, 'Review', 'Rename');
    field = column(adaPage, 'Review').getByRole('textbox', { name: 'Column name' });
    await field.fill('QA');
    await field.press('Enter');
    await column(adaPage, 'QA').waitFor();
    await column(bobPage, 'QA').waitFor();
    expect(await columnNames(bobPage)).toEqual(['To Do', 'In Progress', 'Done', 'QA']);
  });

  it('reorders by dragging a header, and with the keyboard from the column menu', async () => {
    // QA's header dropped on the left half of To Do: QA goes first. (Adding QA scrolled the board
    // to its end: back to the start, so both are in view.)
    await adaPage.getByTestId('board-columns').evaluate((columns) => columns.scrollTo({ left: 0 }));
    await column(adaPage, 'QA')
      .locator('header')
      .dragTo(column(adaPage, 'To Do'), { targetPosition: { x: 10, y: 40 } });
    await eventually(() => columnNames(adaPage), ['QA', 'To Do', 'In Progress', 'Done']);
    await eventually(() => columnNames(bobPage), ['QA', 'To Do', 'In Progress', 'Done']);

    // The keyboard: "⋯", the arrows to "Move right", Enter; the focus stays on QA's "⋯".
    await actions(adaPage, 'QA').focus();
    await adaPage.keyboard.press('ArrowDown');
    const menu = adaPage.getByRole('menu', { name: 'Column actions for QA' });
    await menu.waitFor();
    await adaPage.keyboard.press('ArrowDown');
    await adaPage.keyboard.press('ArrowDown');
    expect(await adaPage.evaluate(() => document.activeElement?.textContent)).toBe('Move right');
    await adaPage.keyboard.press('Enter');
    await eventually(() => columnNames(adaPage), ['To Do', 'QA', 'In Progress', 'Done']);
    await adaPage.getByText('Moved QA to position 2 of 4.').waitFor({ state: 'attached' });
    expect(await adaPage.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Column actions for QA',
    );
    await eventually(() => columnNames(bobPage), ['To Do', 'QA', 'In Progress', 'Done']);
    expect((await savedBoard()).columns.map((c) => [c.name, c.position])).toEqual([
      ['To Do', 0],
      ['QA', 1],
      ['In Progress', 2],
      ['Done', 3],
    ]);
  });

  it('sets a WIP limit: "n / limit", amber at it, red over it, and a warned move', async () => {
    await choose(adaPage, 'In Progress', 'Set WIP limit');
    const field = column(adaPage, 'In Progress').getByRole('textbox', { name: 'WIP limit' });
    await field.fill('0');
    await column(adaPage, 'In Progress').getByText('WIP limit must be at least 1.').waitFor();
    await field.fill('1');
    await field.press('Enter');
    await eventually(() => countOf(adaPage, 'In Progress').textContent(), '1 / 1');
    await eventually(() => countOf(bobPage, 'In Progress').textContent(), '1 / 1');
    expect(await countOf(bobPage, 'In Progress').getAttribute('data-wip')).toBe('at');

    // A card dragged into the full column: allowed, but the column flashes and it is said.
    await column(adaPage, 'To Do')
      .getByRole('button', { name: 'Plan it', exact: true })
      .dragTo(column(adaPage, 'In Progress'));
    await adaPage.getByText('In Progress is over its WIP limit (2 / 1).').waitFor({ state: 'attached' });
    // The flash is an animation on the column (its class and keyframes names are hashed in the build).
    const animationOf = (name: string) =>
      column(adaPage, name).evaluate((section) => getComputedStyle(section).animationName);
    expect(await animationOf('In Progress')).not.toBe('none');
    expect(await animationOf('To Do')).toBe('none');
    await eventually(() => countOf(bobPage, 'In Progress').textContent(), '2 / 1');
    expect(await countOf(bobPage, 'In Progress').getAttribute('data-wip')).toBe('over');
    const colour = (name: string) => countOf(bobPage, name).evaluate((badge) => getComputedStyle(badge).color);
    expect(await colour('In Progress')).not.toBe(await colour('To Do'));
    expect((await savedBoard()).columns.find((c) => c.name === 'In Progress')!.wipLimit).toBe(1);
  });

  it('deletes an empty column, and one with issues into the column chosen for them', async () => {
    await choose(adaPage, 'QA', 'Delete column');
    const askQa = adaPage.getByRole('form', { name: 'Delete QA' });
    await askQa.getByText('Delete the column QA?').waitFor();
    await askQa.getByRole('button', { name: 'Delete' }).click();
    await eventually(() => columnNames(adaPage), ['To Do', 'In Progress', 'Done']);
    await eventually(() => columnNames(bobPage), ['To Do', 'In Progress', 'Done']);

    await choose(adaPage, 'To Do', 'Delete column');
    const askToDo = adaPage.getByRole('form', { name: 'Delete To Do' });
    await askToDo.getByRole('combobox', { name: 'Move its 1 issue to' }).selectOption({ label: 'Done' });
    await askToDo.getByRole('button', { name: 'Delete' }).click();
    await eventually(() => columnNames(bobPage), ['In Progress', 'Done']);
    await column(bobPage, 'Done').getByRole('button', { name: 'Write it', exact: true }).waitFor();
    const saved = await savedBoard();
    expect(saved.columns.find((c) => c.name === 'Done')!.issues.map((i) => [i.title, i.status])).toEqual([
      ['Write it', 'DONE'],
    ]);
  });

  it('never offers to delete the last column', async () => {
    await choose(adaPage, 'In Progress', 'Delete column');
    const ask = adaPage.getByRole('form', { name: 'Delete In Progress' });
    await ask.getByRole('combobox', { name: 'Move its 2 issues to' }).selectOption({ label: 'Done' });
    await ask.getByRole('button', { name: 'Delete' }).click();
    await eventually(() => columnNames(bobPage), ['Done']);
    await actions(adaPage, 'Done').click();
    const items = await adaPage.getByRole('menu').getByRole('menuitem').allTextContents();
    expect(items).toEqual(['Rename', 'Set WIP limit']);
    await adaPage.keyboard.press('Escape');
  });
});
