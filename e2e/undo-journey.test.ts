import type { BoardDto, IssueDto, SessionResponse } from '@trackboard/contracts';
import type { Page } from 'playwright-core';
import { eventually } from './support/poll';
import { teamBoard } from './support/team-board';

// Undo: deleting an issue, a comment or a column, and moving a card, shows a toast with Undo for
// 10 s; Ctrl+Z undoes the latest such change. What is undone comes back for everyone on the
// board, without a reload. Ada leads the project; Bob watches the same board in his own browser.
describe('undo', () => {
  const team = teamBoard('UND', 'Undo');
  let board: BoardDto;
  let ada: SessionResponse;
  let adaPage: Page;
  let bobPage: Page;
  beforeEach(() => ({ board, ada, adaPage, bobPage } = team));

  const api = () => team.journey.api;
  const columnId = (name: string) => board.columns.find((c) => c.name === name)!.id;
  const givenIssue = (title: string, column: string) =>
    api().call<IssueDto>(
      'POST',
      '/api/issues',
      { projectId: board.projectId, columnId: columnId(column), title, type: 'TASK', priority: 'MEDIUM' },
      ada.token,
    );

  const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  const cardIn = (page: Page, columnName: string, title: string) =>
    column(page, columnName).getByRole('button', { name: title, exact: true });
  const titlesIn = (page: Page, columnName: string) =>
    column(page, columnName)
      .locator('[data-issue-id]')
      .evaluateAll((cards) =>
        cards.map((card) => document.getElementById(card.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''),
      );
  const expectTitles = (page: Page, columnName: string, titles: string[]) =>
    eventually(() => titlesIn(page, columnName), titles);
  const columnNames = (page: Page) => page.getByTestId('board-columns').locator('section h2').allTextContents();
  /** The toast that says `text`. */
  const toast = (page: Page, text: string) =>
    page.getByRole('status', { name: 'Messages' }).getByRole('listitem').filter({ hasText: text });

  async function openBoard(page: Page) {
    await page.goto(`${team.app.url}/boards/${board.id}`);
    await page.getByRole('heading', { level: 1, name: board.name }).waitFor();
  }
  const openBoards = () => Promise.all([openBoard(adaPage), openBoard(bobPage)]);
  /** Answers the app's "Delete this …?" with Delete. */
  const confirmDelete = (page: Page) =>
    page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();

  it('brings a deleted issue back where it was, for the other browser too', async () => {
    for (const title of ['First', 'Doomed', 'Last']) await givenIssue(title, 'To Do');
    await openBoards();
    await expectTitles(bobPage, 'To Do', ['First', 'Doomed', 'Last']);

    await cardIn(adaPage, 'To Do', 'Doomed').click();
    await adaPage.getByRole('dialog').getByRole('button', { name: 'Delete Issue' }).click();
    await confirmDelete(adaPage);
    await expectTitles(adaPage, 'To Do', ['First', 'Last']);
    await expectTitles(bobPage, 'To Do', ['First', 'Last']);

    await toast(adaPage, 'deleted.').getByRole('button', { name: 'Undo' }).click();
    await expectTitles(adaPage, 'To Do', ['First', 'Doomed', 'Last']);
    await expectTitles(bobPage, 'To Do', ['First', 'Doomed', 'Last']);
    await eventually(() => toast(adaPage, 'deleted.').count(), 0);
  });

  it('brings a deleted comment back, by its Undo and by Ctrl+Z, in the open dialog', async () => {
    const issue = await givenIssue('Discussed', 'To Do');
    await api().call('POST', `/api/issues/${issue.id}/comments`, { body: 'Keep this thought' }, ada.token);
    await openBoard(adaPage);
    await cardIn(adaPage, 'To Do', 'Discussed').click();
    const dialog = adaPage.getByRole('dialog');
    const comment = dialog.getByRole('article', { name: 'Comment by Ada Lovelace' });
    await comment.getByText('Keep this thought').waitFor();

    const deleteIt = async () => {
      await comment.getByRole('button', { name: 'Delete' }).click();
      await confirmDelete(adaPage);
      await toast(adaPage, 'Comment deleted.').waitFor();
      await eventually(() => dialog.getByText('Keep this thought').count(), 0);
    };
    await deleteIt();
    // A click on the toast is not a click outside the dialog: the dialog stays.
    await toast(adaPage, 'Comment deleted.').getByRole('button', { name: 'Undo' }).click();
    await dialog.getByText('Keep this thought').waitFor();

    await deleteIt();
    await adaPage.keyboard.press('Control+z');
    await dialog.getByText('Keep this thought').waitFor();
    // Undone from the dialog, which stays open.
    await eventually(() => adaPage.getByRole('dialog').count(), 1);
    await eventually(() => toast(adaPage, 'Comment deleted.').count(), 0);
  });

  it('moves a card back to its place', async () => {
    for (const title of ['Mover', 'Stayer']) await givenIssue(title, 'To Do');
    await openBoards();
    await cardIn(adaPage, 'To Do', 'Mover').dragTo(column(adaPage, 'Done'));
    await expectTitles(adaPage, 'Done', ['Mover']);
    await expectTitles(bobPage, 'Done', ['Mover']);

    await toast(adaPage, 'Moved Mover to Done.').getByRole('button', { name: 'Undo' }).click();
    await expectTitles(adaPage, 'To Do', ['Mover', 'Stayer']);
    await expectTitles(bobPage, 'To Do', ['Mover', 'Stayer']);
    await expectTitles(bobPage, 'Done', []);
  });

  it('makes a deleted column again where it was, with its issues', async () => {
    await givenIssue('Started', 'In Progress');
    await givenIssue('Waiting', 'To Do');
    await openBoards();
    await adaPage.getByRole('button', { name: 'Column actions for In Progress' }).click();
    await adaPage
      .getByRole('menu', { name: 'Column actions for In Progress' })
      .getByRole('menuitem', { name: 'Delete column' })
      .click();
    await adaPage.getByRole('form', { name: 'Delete In Progress' }).getByRole('button', { name: 'Delete' }).click();
    await eventually(() => columnNames(bobPage), ['To Do', 'Done']);
    await expectTitles(adaPage, 'To Do', ['Waiting', 'Started']);

    await toast(adaPage, 'Column In Progress deleted.').getByRole('button', { name: 'Undo' }).click();
    await eventually(() => columnNames(adaPage), ['To Do', 'In Progress', 'Done']);
    await expectTitles(adaPage, 'In Progress', ['Started']);
    await expectTitles(adaPage, 'To Do', ['Waiting']);
    await eventually(() => columnNames(bobPage), ['To Do', 'In Progress', 'Done']);
    await expectTitles(bobPage, 'In Progress', ['Started']);
  });
});
