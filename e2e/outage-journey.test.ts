import type { BoardDto, IssueDto, SessionResponse } from '@trackboard/contracts';
import type { Page } from 'playwright-core';
import { apiOf } from './support/api';
import { ADMIN, startEmbeddedApp, type RunningApp } from './support/app-process';
import { shown, usingBrowser } from './support/journey';
import { eventually, until } from './support/poll';
import { uniqueKey } from './support/unique';

// A short outage of the server under an open board: the app of this file's own is stopped and
// started again on the same port and data folder, as an operator's restart would. The board
// stays on screen throughout, says it is reconnecting without being asked, keeps the card moves
// made meanwhile and saves them once the server is back.

const RECONNECTING = 'Reconnecting…';
const FALLBACK = 'This part of the app could not be loaded.';

describe('the board through a server outage', () => {
  const browser = usingBrowser();
  let app: RunningApp;
  let api: ReturnType<typeof apiOf>;
  let ada: SessionResponse;
  let board: BoardDto;
  let page: Page;

  beforeAll(async () => {
    app = await startEmbeddedApp();
    api = apiOf(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  beforeEach(async () => {
    // A test that failed half-way may have left the server stopped.
    if (app.child.exitCode !== null || app.child.signalCode !== null) await app.restart();
    const admin = await api.login(ADMIN.email, ADMIN.password);
    ada = await api.activeUser(admin, 'Ada Lovelace');
    const key = uniqueKey('OUT');
    const project = await api.createProject(ada, `Outage ${key}`, key);
    board = await savedBoard(project.boards[0]!.id);
    page = await browser.newPage({ as: ada });
  });

  const columnId = (name: string) => board.columns.find((c) => c.name === name)!.id;
  const savedBoard = (boardId = board.id) => api.call<BoardDto>('GET', `/api/boards/${boardId}`, undefined, ada.token);
  const givenIssue = (title: string, column: string) =>
    api.call<IssueDto>(
      'POST',
      '/api/issues',
      {
        projectId: board.projectId,
        columnId: columnId(column),
        title,
        description: '',
        type: 'TASK',
        priority: 'MEDIUM',
      },
      ada.token,
    );
  /** Column name → the titles the API has there now. */
  const savedTitles = async () =>
    Object.fromEntries((await savedBoard()).columns.map((c) => [c.name, c.issues.map((i) => i.title)]));

  const column = (name: string) => page.getByRole('region', { name, exact: true });
  const card = (title: string) => page.locator('[data-issue-id]').filter({ hasText: title });
  const titlesIn = (name: string) =>
    column(name)
      .locator('[data-issue-id]')
      .evaluateAll((cards) =>
        cards.map((c) => document.getElementById(c.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''),
      );

  async function openBoard() {
    await page.goto(`${app.url}/boards/${board.id}`);
    await shown(page.getByRole('heading', { level: 1, name: board.name }));
    // Live: the board's room is joined, so an outage is a socket that drops.
    await page.waitForFunction(() => document.querySelectorAll('[data-issue-id]').length > 0);
  }

  /**
   * Records, in the page, whether the board's cards ever left the screen from now on: a
   * mutation observer sees every change, so even a moment without them counts.
   */
  async function watchCardsStay() {
    await page.evaluate(() => {
      const state = window as unknown as { cardsLeft: boolean };
      state.cardsLeft = false;
      new MutationObserver(() => {
        if (!document.querySelector('[data-issue-id]')) state.cardsLeft = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    return async () => page.evaluate(() => (window as unknown as { cardsLeft: boolean }).cardsLeft);
  }

  /** Moves a card to the next column on its right with the keyboard (Space, →, Enter). */
  async function moveRight(title: string, to: string) {
    await card(title).focus();
    await page.keyboard.press('Space');
    await page.getByText(new RegExp(`^Picked up ${title}\\.`)).waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.getByText(new RegExp(`^Dropped ${title} in ${to},`)).waitFor({ state: 'attached' });
  }

  it('an issue clicked while the server is down opens once it is back, and the board never leaves the screen', async () => {
    await givenIssue('Open me later', 'To Do');
    await givenIssue('Stay on screen', 'In Progress');
    await openBoard();
    const cardsLeft = await watchCardsStay();

    await app.halt();
    // The dialog's code is fetched on first use: now it cannot be.
    const chunkFailed = page.waitForEvent('requestfailed', (request) => /\/mf-boards\/.+\.js$/.test(request.url()));
    await card('Open me later').click();
    await chunkFailed;
    // Only the dialog failed: the shell's fallback did not take the board's place.
    expect(await page.getByText(FALLBACK).count()).toBe(0);
    expect(await titlesIn('In Progress')).toEqual(['Stay on screen']);

    // Back: the board catches up by itself (its fresh copy arrives).
    const caughtUp = page.waitForResponse((r) => r.url().endsWith(`/api/boards/${board.id}`) && r.ok(), {
      timeout: 60_000,
    });
    await app.restart();
    await caughtUp;
    // The issue got no answer either: its dialog waited, and opens now with no click (before,
    // a click here replaced the whole board with the shell's fallback, for React.lazy kept the
    // chunk's first failure, and the fallback's Retry kept it too).
    const dialog = page.getByRole('dialog');
    await shown(dialog.getByText('Open me later').first(), 30_000);
    expect(await page.getByText(FALLBACK).count()).toBe(0);
    // Under the dialog (hidden from the accessibility tree meanwhile), the cards are still there.
    expect(await page.locator('[data-issue-id]').count()).toBe(2);
    expect(await cardsLeft()).toBe(false);
  });

  it('says "Reconnecting…" as soon as the server goes, without anything done on the page', async () => {
    await givenIssue('Look at me', 'To Do');
    await openBoard();
    expect(await page.getByText(RECONNECTING).count()).toBe(0);

    await app.halt();
    // The socket's drop alone says so (a few seconds at most; no click, no move).
    await shown(page.getByText(RECONNECTING), 5_000);
    expect(await titlesIn('To Do')).toEqual(['Look at me']);

    await app.restart();
    await page.getByText(RECONNECTING).waitFor({ state: 'detached', timeout: 60_000 });
  });

  it('keeps card moves made offline and saves them in order once back; one the server refuses goes back, with why', async () => {
    await givenIssue('Moved offline', 'To Do');
    await givenIssue('Refused later', 'To Do');
    await openBoard();
    const refused = await card('Refused later').getAttribute('data-issue-id');

    await app.halt();
    await shown(page.getByText(RECONNECTING), 5_000);
    await moveRight('Moved offline', 'In Progress');
    await moveRight('Refused later', 'In Progress');
    // Kept on screen where they were dropped, not refused, and counted.
    await eventually(async () => (await titlesIn('In Progress')).sort(), ['Moved offline', 'Refused later']);
    await shown(page.getByText('2 card moves waiting to be saved.'));

    // Once back, "Refused later"'s move is held in the browser until its column is gone, so the
    // real server refuses it: In Progress is deleted meanwhile (its issues go to Done).
    let columnGone!: () => void;
    const deleted = new Promise<void>((resolve) => (columnGone = resolve));
    await page.route(`**/api/issues/${refused}/position`, async (route) => {
      await deleted;
      await route.continue();
    });
    await app.restart();
    // The first move is applied before the second is sent (in order).
    await eventually(async () => (await savedTitles())['In Progress'], ['Moved offline'], 60_000);
    await api.call(
      'DELETE',
      `/api/columns/${columnId('In Progress')}?targetColumnId=${columnId('Done')}`,
      undefined,
      ada.token,
    );
    columnGone();

    await shown(page.getByRole('alert').filter({ hasText: 'Refused later' }), 30_000);
    await expect(page.getByRole('alert').filter({ hasText: 'Refused later' }).textContent()).resolves.toContain(
      'Column not found',
    );
    await eventually(() => titlesIn('To Do'), ['Refused later']);
    await eventually(() => titlesIn('Done'), ['Moved offline']);
    await eventually(savedTitles, { 'To Do': ['Refused later'], Done: ['Moved offline'] });
    await until(async () => (await page.getByText(RECONNECTING).count()) === 0, { what: 'the banner to go' });
  });
});
