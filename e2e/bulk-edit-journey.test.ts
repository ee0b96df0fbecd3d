import type { BoardDto } from '@trackboard/contracts';
import type { Page } from 'playwright-core';
import { teamBoard } from './support/team-board';

// A bulk edit with two people on one board: Ada picks twenty cards with a click and a shift-click,
// moves them all to Done in one step — Bob's board follows — and Undo puts each back in its place.
describe('changing many issues at once', () => {
  const team = teamBoard('BLK', 'Bulk');

  const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  /** The column's count badge says it holds `n` issues. */
  const holds = (page: Page, name: string, n: number) =>
    column(page, name)
      .getByLabel(`${n} ${n === 1 ? 'issue' : 'issues'}`, { exact: true })
      .waitFor();

  it('moves twenty picked cards to Done in one request, seen by the other person, and Undo puts them back', async () => {
    const { app, ada, board, adaPage, bobPage } = team;
    const titles = Array.from({ length: 24 }, (_, i) => `Task ${String(i + 1).padStart(2, '0')}`);
    for (const title of titles) await team.journey.api.createIssue(ada, board, title);
    await Promise.all([adaPage, bobPage].map((page) => page.goto(`${app.url}/boards/${board.id}`)));
    await Promise.all([adaPage, bobPage].map((page) => holds(page, 'To Do', 24)));

    const card = (title: string) => adaPage.locator('[data-card]').filter({ hasText: title });
    await card('Task 01').click({ modifiers: ['ControlOrMeta'] });
    await card('Task 20').click({ modifiers: ['Shift'] });
    const bar = adaPage.getByRole('region', { name: 'Bulk edit' });
    await bar.getByRole('status').filter({ hasText: '20 issues selected' }).waitFor();

    const sent = adaPage.waitForResponse((res) => res.url().endsWith('/api/issues/bulk'));
    await bar.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Done' });
    expect((await sent).status()).toBe(200);
    for (const page of [adaPage, bobPage]) {
      await holds(page, 'Done', 20);
      await holds(page, 'To Do', 4);
    }

    const undone = adaPage.waitForResponse((res) => res.url().endsWith('/api/issues/bulk'));
    await adaPage.getByRole('button', { name: 'Undo' }).click();
    expect((await undone).status()).toBe(200);
    for (const page of [adaPage, bobPage]) {
      await holds(page, 'To Do', 24);
      await holds(page, 'Done', 0);
    }
    // Each card is back where it was: the column reads in its first order.
    const after = await team.journey.api.call<BoardDto>('GET', `/api/boards/${board.id}`, undefined, ada.token);
    expect(after.columns.find((c) => c.name === 'To Do')!.issues.map((issue) => issue.title)).toEqual(titles);
    expect(await column(bobPage, 'To Do').locator('[data-card]').first().textContent()).toContain('Task 01');
  });
});
