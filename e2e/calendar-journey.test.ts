import type { BoardDto, IssueDto, SessionResponse } from '@trackboard/contracts';
import type { Locator, Page } from 'playwright-core';
import type { SharedApp } from './support/shared';
import { teamBoard } from './support/team-board';

// The board as a calendar (`?view=calendar`), with two people on it: an issue dragged from one
// day to another takes that day as its due date, and the other person's calendar shows it on
// the new day without a reload.
describe('rescheduling on the calendar', () => {
  const team = teamBoard('CAL', 'Calendar');
  let app: SharedApp;
  let ada: SessionResponse & { email: string };
  let board: BoardDto;
  let adaPage: Page;
  let bobPage: Page;

  beforeEach(() => ({ app, ada, board, adaPage, bobPage } = team));

  const givenIssue = (title: string, dueDate: string | null) =>
    team.journey.api.call<IssueDto>(
      'POST',
      '/api/issues',
      {
        projectId: board.projectId,
        columnId: board.columns.find((c) => c.name === 'To Do')!.id,
        title,
        type: 'TASK',
        priority: 'MEDIUM',
        dueDate,
      },
      ada.token,
    );

  /** Today where the browser is, as year, month (0–11) and day: the calendar opens on its month. */
  const browserToday = (page: Page) =>
    page.evaluate(() => {
      const now = new Date();
      return { year: now.getFullYear(), month: now.getMonth(), date: now.getDate() };
    });
  const isoDay = (year: number, month: number, date: number) =>
    new Date(Date.UTC(year, month, date)).toISOString().slice(0, 10);
  /** What a day's cell is named by: "Tuesday 24 November 2026". */
  const dayName = (day: string) =>
    new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    })
      .formatToParts(new Date(`${day}T00:00:00Z`))
      .filter((part) => part.type !== 'literal')
      .map((part) => part.value)
      .join(' ');
  const monthName = (day: string) =>
    new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${day}T00:00:00Z`),
    );

  const cell = (page: Page, day: string) => page.getByRole('cell', { name: new RegExp(`^${dayName(day)}`) });
  /** A chip is a button named by its key and title first (then its priority and marks). */
  const chipIn = (place: Locator, issue: IssueDto) =>
    place.getByRole('button', { name: new RegExp(`^${issue.key} ${issue.title}`) });

  async function openCalendar(page: Page, month: string) {
    await page.goto(`${app.url}/boards/${board.id}?view=calendar`);
    await page.getByRole('heading', { level: 1, name: board.name }).waitFor();
    await page.getByRole('table', { name: month }).waitFor();
  }

  it('moves an issue to another day by drag, and the other person sees it there without a reload', async () => {
    // Two days of this month, wherever in it today falls.
    const { year, month, date } = await browserToday(adaPage);
    const from = isoDay(year, month, date);
    const to = isoDay(year, month, date > 1 ? date - 1 : date + 1);
    const issue = await givenIssue('Pay the invoices', from);
    const undated = await givenIssue('Think about it', null);

    await Promise.all([openCalendar(adaPage, monthName(from)), openCalendar(bobPage, monthName(from))]);
    for (const page of [adaPage, bobPage]) {
      await chipIn(cell(page, from), issue).waitFor();
      await chipIn(page.getByRole('region', { name: 'No due date (1)' }), undated).waitFor();
    }

    const saved = adaPage.waitForResponse(
      (res) => res.request().method() === 'PATCH' && res.url().endsWith(`/api/issues/${issue.id}`),
    );
    await chipIn(cell(adaPage, from), issue).dragTo(cell(adaPage, to));
    expect((await saved).status()).toBe(200);

    // Ada's calendar, and Bob's without a reload: on the new day, gone from the old one.
    for (const page of [adaPage, bobPage]) {
      await chipIn(cell(page, to), issue).waitFor();
      await chipIn(cell(page, from), issue).waitFor({ state: 'detached' });
    }
    const stored = await team.journey.api.call<IssueDto>('GET', `/api/issues/${issue.id}`, undefined, ada.token);
    expect(stored.dueDate).toBe(to);
  });
});
