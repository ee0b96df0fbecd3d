import type { BoardDto, ColumnDto, IssueDto, SessionResponse } from '@trackboard/contracts';
import type { Page } from 'playwright-core';
import { journey } from './support/journey';
import { eventually } from './support/poll';
import { uniqueKey } from './support/unique';

// The project lead arranges the board's columns in the browser — adds, renames, reorders
// (dragging a header, and with the keyboard from the column menu), sets a WIP limit and deletes —
// while a member watches the same board in a browser of their own: each change shows up there
// without a reload, and the member gets no controls. Each step starts from a board of its own,
// arranged through the API as the steps before it would have left it.
describe('arranging a board’s columns', () => {
  const j = journey();
  const { app } = j;
  let ada: SessionResponse & { email: string };
  let bob: SessionResponse & { email: string };
  let board: BoardDto;
  let issues: Record<string, IssueDto>;
  let adaPage: Page;
  let bobPage: Page;

  const api = () => j.api;
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
  const columnIdOf = (name: string) => board.columns.find((c) => c.name === name)!.id;
  /** A column added through the API (at the end, or at `position`). */
  const givenColumn = (name: string, position?: number) =>
    api().call<ColumnDto>('POST', `/api/boards/${board.id}/columns`, { name, position }, ada.token);
  /** An issue moved through the API to the top of another column. */
  const givenMove = (title: string, from: string, to: string) =>
    api().call(
      'PUT',
      `/api/issues/${issues[title]!.id}/position`,
      {
        sourceColumnId: columnIdOf(from),
        destinationColumnId: columnIdOf(to),
        position: 0,
        boardId: board.id,
      },
      ada.token,
    );

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

  /** Both on the board as it stands now. */
  const openBoards = () => Promise.all([openBoard(adaPage), openBoard(bobPage)]);

  // Each test: Ada leads a project of its own with Bob on its team; Plan it and Write it in To Do,
  // Test it in In Progress; both have a page signed in (not opened yet).
  beforeEach(async () => {
    [ada, bob] = await Promise.all([j.activeUser('Ada Lovelace'), j.activeUser('Bob Builder')]);
    const key = uniqueKey('COL');
    const project = await api().createProject(ada, 'Columns', key);
    await api().addMember(ada, key, bob.email);
    board = await api().call<BoardDto>('GET', `/api/boards/${project.boards[0]!.id}`, undefined, ada.token);
    issues = {};
    for (const [title, column] of [
      ['Plan it', 'To Do'],
      ['Write it', 'To Do'],
      ['Test it', 'In Progress'],
    ] as const)
      issues[title] = await givenIssue(title, column);
    [adaPage, bobPage] = await Promise.all([
      // Wide enough for five columns side by side: a header dragged to a column out of view would
      // scroll the board under the pointer between the press and the first move.
      j.newPage({ as: ada, viewport: { width: 1920, height: 1000 } }),
      j.newPage({ as: bob }),
    ]);
  });

  it('the member sees no column controls', async () => {
    await openBoards();
    await column(bobPage, 'To Do').waitFor();
    expect(await bobPage.getByRole('button', { name: /^Column actions for / }).count()).toBe(0);
    expect(await bobPage.getByRole('button', { name: '+ Add column' }).count()).toBe(0);
    await actions(adaPage, 'To Do').waitFor();
    expect(await actions(adaPage, 'To Do').isVisible()).toBe(true);
  });

  it('adds a column at the end', async () => {
    await openBoards();
    await adaPage.getByRole('button', { name: '+ Add column' }).click();
    const name = adaPage.getByRole('form', { name: 'New column' }).getByRole('textbox', { name: 'Column name' });
    await name.fill('Review');
    await name.press('Enter');
    await eventually(() => columnNames(adaPage), ['To Do', 'In Progress', 'Done', 'Review']);
    await eventually(() => columnNames(bobPage), ['To Do', 'In Progress', 'Done', 'Review']);
  });

  it('renames it in place: Enter saves, Escape cancels', async () => {
    await givenColumn('Review');
    await openBoards();
    await choose(adaPage, 'Review', 'Rename');
    let field = column(adaPage, 'Review').getByRole('textbox', { name: 'Column name' });
    await field.fill('Nope');
    await field.press('Escape');
    await field.waitFor({ state: 'detached' });
    await eventually(
      () => adaPage.evaluate(() => document.activeElement?.getAttribute('aria-label')),
      'Column actions for Review',
    );

    await choose(adaPage, 'Review', 'Rename');
    field = column(adaPage, 'Review').getByRole('textbox', { name: 'Column name' });
    await field.fill('QA');
    await field.press('Enter');
    await column(adaPage, 'QA').waitFor();
    await column(bobPage, 'QA').waitFor();
    await eventually(() => columnNames(bobPage), ['To Do', 'In Progress', 'Done', 'QA']);
  });

  it('reorders by dragging a header, and with the keyboard from the column menu', async () => {
    await givenColumn('QA');
    await openBoards();
    // QA's header dropped on the left half of To Do: QA goes first. (Adding QA in the browser
    // scrolls the board to its end: back to the start, so both are in view.)
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
    await eventually(() => adaPage.evaluate(() => document.activeElement?.textContent), 'Move right');
    await adaPage.keyboard.press('Enter');
    await eventually(() => columnNames(adaPage), ['To Do', 'QA', 'In Progress', 'Done']);
    await adaPage.getByText('Moved QA to position 2 of 4.').waitFor({ state: 'attached' });
    await eventually(
      () => adaPage.evaluate(() => document.activeElement?.getAttribute('aria-label')),
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
    await openBoards();
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
    // As the steps before leave it: QA (empty) second, Plan it moved on to In Progress.
    await givenColumn('QA', 1);
    await givenMove('Plan it', 'To Do', 'In Progress');
    await openBoards();
    await eventually(() => columnNames(bobPage), ['To Do', 'QA', 'In Progress', 'Done']);
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
    // As the steps before leave it: Plan it and Test it in In Progress, Write it in Done, no To Do.
    await givenMove('Plan it', 'To Do', 'In Progress');
    await api().call(
      'DELETE',
      `/api/columns/${columnIdOf('To Do')}?targetColumnId=${columnIdOf('Done')}`,
      undefined,
      ada.token,
    );
    await openBoards();
    await eventually(() => columnNames(bobPage), ['In Progress', 'Done']);
    await choose(adaPage, 'In Progress', 'Delete column');
    const ask = adaPage.getByRole('form', { name: 'Delete In Progress' });
    await ask.getByRole('combobox', { name: 'Move its 2 issues to' }).selectOption({ label: 'Done' });
    await ask.getByRole('button', { name: 'Delete' }).click();
    await eventually(() => columnNames(bobPage), ['Done']);
    await actions(adaPage, 'Done').click();
    await adaPage.getByRole('menu').waitFor();
    const items = await adaPage.getByRole('menu').getByRole('menuitem').allTextContents();
    expect(items).toEqual(['Rename', 'Set WIP limit']);
    await adaPage.keyboard.press('Escape');
  });
});
