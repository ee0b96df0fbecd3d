import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BoardDto, IssueDto } from '@trackboard/contracts';
import type { Page } from 'playwright-core';
import { screenshotDir, settled } from './support/axe';
import { journey, shown } from './support/journey';
import { uniqueKey } from './support/unique';

// A reader whose browser speaks German (and who has chosen nothing on the profile) gets the app in
// German: the sign-in page, the board, an issue's dialog, a notification and dates in German form,
// in the browser's time zone. The catalogues' completeness is web-kit's catalogues.test.ts.

describe('in German', () => {
  const j = journey();
  const german = { locale: 'de-DE', timezoneId: 'Europe/Berlin' };
  const thisYear = new Date().getFullYear();

  beforeAll(() => mkdirSync(screenshotDir, { recursive: true }));

  async function photograph(page: Page, name: string) {
    await settled(page);
    await page.screenshot({ path: join(screenshotDir, `german-${name}.png`) });
  }

  it('signs in, reads the board, an issue and a notification in German', async () => {
    const [ada, bruno] = await Promise.all([j.activeUser('Ada Lovelace'), j.activeUser('Bruno Berger')]);
    const key = uniqueKey('DE');
    const project = await j.api.createProject(ada, 'Webseite', key);
    await j.api.addMember(ada, key, bruno.email);
    const board = await j.api.call<BoardDto>('GET', `/api/boards/${project.boards[0]!.id}`, undefined, ada.token);
    const issue = await j.api.createIssue(ada, board, 'Anmeldung reparieren');
    // Ada gives it to Bruno with a due date: Bruno is told.
    await j.api.call<IssueDto>(
      'PATCH',
      `/api/issues/${issue.id}`,
      { assigneeId: bruno.user.id, dueDate: `${thisYear}-11-20` },
      ada.token,
    );

    const page = await j.newPage(german);
    await page.goto(`${j.app.url}/login`);
    await shown(page.getByRole('heading', { name: 'Anmelden' }));
    await expectLang(page, 'de');
    await photograph(page, 'sign-in');
    await page.getByLabel('E-Mail-Adresse').fill(bruno.email);
    await page.getByLabel('Passwort', { exact: true }).fill(bruno.password);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL(`${j.app.url}/dashboard`);

    await page.goto(`${j.app.url}/boards/${board.id}`);
    await shown(page.getByRole('searchbox', { name: 'Vorgänge filtern' }));
    const card = page.getByRole('button', { name: 'Anmeldung reparieren', exact: true });
    await shown(card);
    // The card's due date, as a German reader writes it (this year's: no year).
    await shown(page.locator('[data-card]').getByText('20. Nov.', { exact: true }));
    await photograph(page, 'board');

    // The bell and its panel: Ada's assignment, in German.
    const bell = page.getByRole('banner').getByRole('button', { name: /^Benachrichtigungen, \d+ ungelesen$/ });
    await shown(bell);
    await bell.click();
    await shown(page.getByText('hat Ihnen den Vorgang zugewiesen', { exact: false }).first());
    await photograph(page, 'notifications');
    await page.keyboard.press('Escape');

    // The dialog: its fields named in German, its dates in German form (dd.mm.yyyy, Berlin time).
    await card.click();
    const dialog = page.getByRole('dialog');
    await shown(dialog.getByText('Fälligkeitsdatum', { exact: true }).first());
    await shown(dialog.getByText('Erstellt', { exact: true }).first());
    await shown(dialog.getByText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/).first());
    await photograph(page, 'dialog');
  });
});

async function expectLang(page: Page, lang: string) {
  await page.waitForFunction((want) => document.documentElement.lang === want, lang);
}
