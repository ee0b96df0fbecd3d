import type { BoardDto, IssueDto, SessionResponse } from '@trackboard/contracts';
import type { Page } from 'playwright-core';
import { eventually } from './support/poll';
import type { SharedApp } from './support/shared';
import { teamBoard } from './support/team-board';

// Two people on one board, each in a browser of their own (spec §2.11–§2.13, §4.5–§4.9):
// what one does shows up for the other without a reload. Every journey gets a project, board
// and two people of its own, arranges its issues through the API and opens its own pages, so any
// one of them runs alone (`-t`) or in any order; the app and the browser are shared.
describe('working together on a board', () => {
  const team = teamBoard('JRN', 'Journey');
  let app: SharedApp;
  let ada: SessionResponse & { email: string };
  let bob: SessionResponse & { email: string };
  let board: BoardDto;
  let adaPage: Page;
  let bobPage: Page;

  const api = () => team.journey.api;
  const columnId = (name: string) => board.columns.find((c) => c.name === name)!.id;
  /** An issue made through the API, as if someone had added it earlier. */
  const givenIssue = (
    title: string,
    column: string,
    { by = ada, description = '' }: { by?: SessionResponse; description?: string } = {},
  ) =>
    api().call<IssueDto>(
      'POST',
      '/api/issues',
      { projectId: board.projectId, columnId: columnId(column), title, description, type: 'TASK', priority: 'MEDIUM' },
      by.token,
    );
  /** The board as the API has it now. */
  const savedBoard = (by: SessionResponse = ada) =>
    api().call<BoardDto>('GET', `/api/boards/${board.id}`, undefined, by.token);
  /** Every issue the API has on the board now (each under its column). */
  const savedIssues = async (by: SessionResponse = ada) => (await savedBoard(by)).columns.flatMap((c) => c.issues);

  const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  const cardIn = (page: Page, columnName: string, title: string) =>
    column(page, columnName).getByRole('button', { name: title, exact: true });
  /** A card's name is its title (its face also shows key, icons and more). */
  const titlesIn = (page: Page, columnName: string) =>
    column(page, columnName)
      .locator('[data-issue-id]')
      .evaluateAll((cards) =>
        cards.map((card) => document.getElementById(card.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''),
      );
  /** Waits until the column shows exactly these titles, in order. */
  const expectTitles = (page: Page, columnName: string, titles: string[]) =>
    eventually(() => titlesIn(page, columnName), titles);

  async function openBoard(page: Page) {
    await page.goto(`${app.url}/boards/${board.id}`);
    await page.getByRole('heading', { level: 1, name: board.name }).waitFor();
  }
  /** Both people on the board, each in their own browser. */
  const openBoards = () => Promise.all([openBoard(adaPage), openBoard(bobPage)]);

  beforeEach(() => ({ app, ada, bob, board, adaPage, bobPage } = team));

  it('a mouse drag in one browser appears in the other without a reload', async () => {
    await givenIssue('Drag me', 'To Do');
    await givenIssue('Stay here', 'To Do');
    await openBoards();
    await expectTitles(bobPage, 'To Do', ['Drag me', 'Stay here']);

    await cardIn(adaPage, 'To Do', 'Drag me').dragTo(column(adaPage, 'Done'));

    await expectTitles(adaPage, 'Done', ['Drag me']);
    await expectTitles(bobPage, 'Done', ['Drag me']);
    await expectTitles(bobPage, 'To Do', ['Stay here']);
    await column(bobPage, 'Done').getByLabel('1 issue', { exact: true }).waitFor();
  });

  it('adds an issue with the inline form', async () => {
    await openBoards();
    await column(bobPage, 'In Progress').getByRole('button', { name: '+ Add Issue to In Progress' }).click();
    const title = column(bobPage, 'In Progress').getByPlaceholder('Enter issue title...');
    await column(bobPage, 'In Progress')
      .getByPlaceholder('Add a description (optional)...')
      .fill('Made in the browser');
    await title.fill('Added by Bob');
    await title.press('Enter');

    await expectTitles(bobPage, 'In Progress', ['Added by Bob']);
    await expectTitles(adaPage, 'In Progress', ['Added by Bob']);
    const saved = (await savedIssues()).find((i) => i.title === 'Added by Bob')!;
    expect(saved).toMatchObject({
      description: 'Made in the browser',
      status: 'IN_PROGRESS',
      type: 'TASK',
      priority: 'MEDIUM',
    });

    // Quick add: the form stayed open and empty, so the next titles go in at once.
    await eventually(() => title.inputValue(), '');
    for (const next of ['Quick two', 'Quick three']) {
      await title.fill(next);
      await title.press('Enter');
      await eventually(() => title.inputValue(), '');
    }
    await expectTitles(bobPage, 'In Progress', ['Added by Bob', 'Quick two', 'Quick three']);
    await expectTitles(adaPage, 'In Progress', ['Added by Bob', 'Quick two', 'Quick three']);
    await title.press('Escape');
    await title.waitFor({ state: 'detached' });
  });

  it('edits fields in the issue dialog', async () => {
    await givenIssue('Drag me', 'Done');
    await givenIssue('Added by Bob', 'In Progress', { by: bob, description: 'Made in the browser' });
    await openBoards();
    await cardIn(adaPage, 'In Progress', 'Added by Bob').click();
    const dialog = adaPage.getByRole('dialog');
    await dialog.getByRole('heading', { level: 3, name: 'Description' }).waitFor();
    const field = (label: string) => dialog.getByRole('region', { name: label, exact: true });

    await field('Description').getByText('Made in the browser').click();
    await field('Description').getByPlaceholder('Detailed description of the issue').fill('Described in the dialog');
    await field('Description').getByRole('button', { name: 'Save' }).click();
    await field('Description').getByText('Described in the dialog').waitFor();

    await field('Links').getByRole('button', { name: 'Edit Links' }).click();
    await field('Links')
      .getByPlaceholder('Enter links, one per line')
      .fill('https://example.com/spec\nexample.org/notes');
    await field('Links').getByRole('button', { name: 'Save' }).click();
    const link = field('Links').getByRole('link', { name: 'https://example.com/spec' });
    await link.waitFor();
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await field('Links').getByRole('link', { name: 'example.org/notes' }).getAttribute('href')).toBe(
      '//example.org/notes',
    );
    await field('Related Code').getByText('No related code provided.').waitFor();

    await dialog.getByRole('button', { name: 'Added by Bob, edit title' }).click();
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Renamed by Ada');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('button', { name: 'Renamed by Ada, edit title' }).waitFor();

    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await adaPage.getByRole('option', { name: 'Done' }).click();
    await dialog.getByRole('combobox', { name: 'Status' }).filter({ hasText: 'Done' }).waitFor();

    await adaPage.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectTitles(adaPage, 'Done', ['Drag me', 'Renamed by Ada']);
    // Bob sees the new title in the new column without a reload.
    await expectTitles(bobPage, 'Done', ['Drag me', 'Renamed by Ada']);
    const saved = (await savedIssues(bob)).find((i) => i.title === 'Renamed by Ada')!;
    expect(saved).toMatchObject({
      description: 'Described in the dialog',
      links: ['https://example.com/spec', 'example.org/notes'],
      status: 'DONE',
    });
  });

  it('replies to a comment and reacts to it', async () => {
    const { id: issueId } = await givenIssue('Stay here', 'To Do');
    await openBoards();
    await cardIn(adaPage, 'To Do', 'Stay here').click();
    const adaDialog = adaPage.getByRole('dialog');
    await adaDialog.getByText('No comments yet.').waitFor();
    await adaDialog.getByPlaceholder('Add a comment...').fill('Who takes this one?');
    await adaDialog.getByRole('button', { name: 'Post Comment' }).click();
    await adaDialog
      .getByRole('article', { name: 'Comment by Ada Lovelace' })
      .getByText('Who takes this one?')
      .waitFor();

    await cardIn(bobPage, 'To Do', 'Stay here').click();
    const bobDialog = bobPage.getByRole('dialog');
    const adaComment = bobDialog.getByRole('article', { name: 'Comment by Ada Lovelace' });
    await adaComment.getByText('Who takes this one?').waitFor();
    await adaComment.getByRole('button', { name: 'Reply' }).click();
    await adaComment.getByPlaceholder('Replying to Ada Lovelace...').fill('I do.');
    await adaComment.getByRole('button', { name: 'Post Reply' }).click();
    const reply = bobDialog.getByRole('article', { name: 'Comment by Bob Builder' });
    await reply.getByText('I do.').waitFor();
    expect(await reply.locator('xpath=..').getAttribute('data-depth')).toBe('1');

    // No reaction yet: none is counted, and "Add reaction" offers them.
    expect(await adaComment.getByRole('button', { name: /^Thumbs up: / }).count()).toBe(0);
    await adaComment.getByRole('button', { name: 'Add reaction' }).click();
    await adaComment.getByRole('group', { name: 'Add reaction' }).getByRole('button', { name: 'Thumbs up' }).click();
    await adaComment.getByRole('button', { name: 'Thumbs up: 1' }).waitFor();
    await eventually(
      () => adaComment.getByRole('button', { name: 'Thumbs up: 1' }).getAttribute('aria-pressed'),
      'true',
    );

    // Saved: the page shows a reaction at once, its request may still be on its way.
    const saved = async () => {
      const [comment] = await api().call<{ replies: { body: string }[]; reactions: { thumbsup: string[] } }[]>(
        'GET',
        `/api/issues/${issueId}/comments`,
        undefined,
        ada.token,
      );
      return { replies: comment!.replies.map((r) => r.body), thumbsup: comment!.reactions.thumbsup };
    };
    await eventually(saved, { replies: ['I do.'], thumbsup: [String(bob.user.id)] });
    await bobPage.keyboard.press('Escape');
    await adaPage.keyboard.press('Escape');
    await adaDialog.waitFor({ state: 'detached' });
    await bobDialog.waitFor({ state: 'detached' });
  });

  it('moves a card with the keyboard only', async () => {
    await givenIssue('Drag me', 'Done');
    await givenIssue('Renamed by Ada', 'Done');
    await givenIssue('Stay here', 'To Do');
    await openBoards();
    await expectTitles(bobPage, 'Done', ['Drag me', 'Renamed by Ada']);

    const card = cardIn(adaPage, 'To Do', 'Stay here');
    await card.focus();
    await adaPage.keyboard.press('Space');
    await adaPage.getByText(/^Picked up Stay here\./).waitFor({ state: 'attached' });
    await adaPage.keyboard.press('ArrowRight');
    await adaPage.keyboard.press('ArrowRight');
    await adaPage.getByText('Moved to Done, position 1 of 3.').waitFor({ state: 'attached' });
    await adaPage.keyboard.press('ArrowDown');
    await adaPage.keyboard.press('Enter');
    await adaPage.getByText('Dropped Stay here in Done, position 2 of 3.').waitFor({ state: 'attached' });

    await expectTitles(adaPage, 'Done', ['Drag me', 'Stay here', 'Renamed by Ada']);
    await expectTitles(bobPage, 'Done', ['Drag me', 'Stay here', 'Renamed by Ada']);
    await expectTitles(bobPage, 'To Do', []);
    await eventually(
      () =>
        adaPage.evaluate(
          () => document.getElementById(document.activeElement?.getAttribute('aria-labelledby') ?? '')?.textContent,
        ),
      'Stay here',
    );
    const saved = (await savedIssues()).find((i) => i.title === 'Stay here')!;
    expect(saved).toMatchObject({ status: 'DONE', position: 1 });
  });
});
