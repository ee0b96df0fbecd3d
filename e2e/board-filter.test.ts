import type { BoardDto, IssueDto, SessionResponse } from '@trackboard/contracts';
import type { Locator, Page } from 'playwright-core';
import { eventually } from './support/poll';
import type { SharedApp } from './support/shared';
import { teamBoard } from './support/team-board';

// The board filter in Chromium: the filter in the address, kept by a reload, and a filtered
// board that stays right while cards move — moved by someone else, or dragged on the filtered
// view itself. Each journey gets a project and two people of its own (Ada leads it, Bob is on its team).
describe('filtering a board', () => {
  const team = teamBoard('FLT', 'Filters');
  let app: SharedApp;
  let ada: SessionResponse;
  let board: BoardDto;
  let adaPage: Page;
  let bobPage: Page;

  const api = () => team.journey.api;
  const columnId = (name: string) => board.columns.find((c) => c.name === name)!.id;
  /** Issues made through the API, one after another at the end of `column`. */
  async function givenIssues(column: string, titles: string[]) {
    const made: IssueDto[] = [];
    for (const title of titles)
      made.push(
        await api().call<IssueDto>(
          'POST',
          '/api/issues',
          { projectId: board.projectId, columnId: columnId(column), title, type: 'TASK', priority: 'MEDIUM' },
          ada.token,
        ),
      );
    return made;
  }
  /** The titles of a column as the API has them now, in order. */
  const savedTitles = async (column: string) =>
    (await api().call<BoardDto>('GET', `/api/boards/${board.id}`, undefined, ada.token)).columns
      .find((c) => c.name === column)!
      .issues.map((i) => i.title);

  const columnOf = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  const cardIn = (page: Page, column: string, title: string) =>
    columnOf(page, column).getByRole('button', { name: title, exact: true });
  /** A card's name is its title (its face also shows key, icons and more). */
  const titlesIn = (page: Page, column: string) =>
    columnOf(page, column)
      .locator('[data-issue-id]')
      .evaluateAll((cards) =>
        cards.map((card) => document.getElementById(card.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''),
      );
  const expectTitles = (page: Page, column: string, titles: string[]) =>
    eventually(() => titlesIn(page, column), titles);
  const filterBox = (page: Page) => page.getByRole('searchbox', { name: 'Filter issues' });
  const queryOf = (page: Page) => new URL(page.url()).search;
  /**
   * Drops `card` on the lower or upper half of `target`'s card (react-dnd's HTML5 backend, real mouse
   * events): the halves are the whole card's, around the title that is its button.
   */
  async function dragOnto(card: Locator, target: Locator, half: 'upper' | 'lower') {
    const targetCard = target.locator('xpath=ancestor::*[@data-card][1]');
    const box = (await targetCard.boundingBox())!;
    await card.dragTo(targetCard, {
      targetPosition: { x: box.width / 2, y: half === 'lower' ? box.height - 6 : 6 },
    });
  }
  async function openBoard(page: Page, query = '') {
    await page.goto(`${app.url}/boards/${board.id}${query}`);
    await page.getByRole('heading', { level: 1, name: board.name }).waitFor();
  }

  beforeEach(() => ({ app, ada, board, adaPage, bobPage } = team));

  it('typing hides the cards that do not match and writes the address; a reload keeps the filter', async () => {
    await givenIssues('To Do', ['Login page', 'Signup page', 'Crème brûlée for the LOGIN team']);
    await openBoard(adaPage);
    await expectTitles(adaPage, 'To Do', ['Login page', 'Signup page', 'Crème brûlée for the LOGIN team']);

    await filterBox(adaPage).pressSequentially('login');
    await expectTitles(adaPage, 'To Do', ['Login page', 'Crème brûlée for the LOGIN team']);
    await eventually(async () => queryOf(adaPage), '?q=login');
    await adaPage.getByText('Showing 2 of 3 issues').waitFor();

    // Accents count for nothing; a type chosen from its menu joins the text.
    await filterBox(adaPage).fill('creme');
    await expectTitles(adaPage, 'To Do', ['Crème brûlée for the LOGIN team']);
    await adaPage.getByRole('button', { name: 'Type' }).click();
    await adaPage.getByRole('checkbox', { name: 'Task' }).check();
    await eventually(async () => queryOf(adaPage), '?q=creme&type=task');
    await adaPage.getByRole('listitem').filter({ hasText: 'Type: Task' }).waitFor();

    await adaPage.reload();
    await adaPage.getByRole('heading', { level: 1, name: board.name }).waitFor();
    await expectTitles(adaPage, 'To Do', ['Crème brûlée for the LOGIN team']);
    await eventually(() => filterBox(adaPage).inputValue(), 'creme');
    await adaPage.getByText('Showing 1 of 3 issues').waitFor();

    // Back steps out of the type, then the text; Clear empties everything.
    await adaPage.goBack();
    await eventually(async () => queryOf(adaPage), '?q=creme');
    await adaPage.getByRole('button', { name: 'Clear' }).click();
    await expectTitles(adaPage, 'To Do', ['Login page', 'Signup page', 'Crème brûlée for the LOGIN team']);
    // The router shows the address Clear wrote in a transition, a moment after the board redraws.
    await eventually(async () => queryOf(adaPage), '');
    await eventually(() => filterBox(adaPage).inputValue(), '');
  });

  it('a card moved in another browser lands in the right place on a filtered board', async () => {
    await givenIssues('To Do', ['Alpha one', 'Hidden one', 'Alpha two']);
    await givenIssues('Done', ['Alpha three', 'Hidden two']);
    await Promise.all([openBoard(adaPage, '?q=alpha'), openBoard(bobPage)]);
    await expectTitles(adaPage, 'To Do', ['Alpha one', 'Alpha two']);
    await expectTitles(adaPage, 'Done', ['Alpha three']);

    // Bob, unfiltered, drops Alpha two above Alpha three; then a hidden card above everything.
    await dragOnto(cardIn(bobPage, 'To Do', 'Alpha two'), cardIn(bobPage, 'Done', 'Alpha three'), 'upper');
    await expectTitles(bobPage, 'Done', ['Alpha two', 'Alpha three', 'Hidden two']);
    await expectTitles(adaPage, 'Done', ['Alpha two', 'Alpha three']);
    await expectTitles(adaPage, 'To Do', ['Alpha one']);
    await dragOnto(cardIn(bobPage, 'To Do', 'Hidden one'), cardIn(bobPage, 'Done', 'Alpha two'), 'upper');
    await expectTitles(bobPage, 'Done', ['Hidden one', 'Alpha two', 'Alpha three', 'Hidden two']);

    // Ada still sees only her matches, in order; and sees everything in place once she clears.
    await adaPage.getByText('Showing 3 of 5 issues').waitFor();
    await expectTitles(adaPage, 'Done', ['Alpha two', 'Alpha three']);
    await adaPage.getByRole('button', { name: 'Clear' }).click();
    await expectTitles(adaPage, 'Done', ['Hidden one', 'Alpha two', 'Alpha three', 'Hidden two']);
  });

  it('a drag on the filtered view lands between the same two cards in the full column', async () => {
    await givenIssues('To Do', ['Hidden zero', 'Alpha one', 'Hidden one', 'Hidden two', 'Alpha two', 'Hidden three']);
    await givenIssues('In Progress', ['Alpha three']);
    await Promise.all([openBoard(adaPage, '?q=alpha'), openBoard(bobPage)]);
    await expectTitles(adaPage, 'To Do', ['Alpha one', 'Alpha two']);

    // Between Alpha one and Alpha two as Ada sees them: right below Alpha one, above the hidden two.
    await dragOnto(cardIn(adaPage, 'In Progress', 'Alpha three'), cardIn(adaPage, 'To Do', 'Alpha one'), 'lower');
    await expectTitles(adaPage, 'To Do', ['Alpha one', 'Alpha three', 'Alpha two']);
    const full = ['Hidden zero', 'Alpha one', 'Alpha three', 'Hidden one', 'Hidden two', 'Alpha two', 'Hidden three'];
    await eventually(() => savedTitles('To Do'), full);
    await expectTitles(bobPage, 'To Do', full);

    // Below the last card Ada sees: right after it, above the hidden card under it.
    await dragOnto(cardIn(adaPage, 'To Do', 'Alpha one'), cardIn(adaPage, 'To Do', 'Alpha two'), 'lower');
    await expectTitles(adaPage, 'To Do', ['Alpha three', 'Alpha two', 'Alpha one']);
    await eventually(
      () => savedTitles('To Do'),
      ['Hidden zero', 'Alpha three', 'Hidden one', 'Hidden two', 'Alpha two', 'Alpha one', 'Hidden three'],
    );
  });
});
