import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BoardDto, IssueDto } from '@trackboard/contracts';
import type { Page } from 'playwright-core';
import { screenshotDir, settled } from './support/axe';
import { journey, shown } from './support/journey';
import { uniqueKey } from './support/unique';

// A reader whose browser speaks German (and who has chosen nothing on the profile) gets the app in
// German: the sign-in page, the board, an issue's dialog, a notification and dates in German form,
// in the browser's time zone. The catalogues' completeness is web-kit's catalogues.test.ts. And a
// project's viewer: a board with no edit controls, and the roles on the lead's project page.

beforeAll(() => mkdirSync(screenshotDir, { recursive: true }));

async function photograph(page: Page, name: string) {
  await settled(page);
  await page.screenshot({ path: join(screenshotDir, `german-${name}.png`) });
}

describe('in German', () => {
  const j = journey();
  const german = { locale: 'de-DE', timezoneId: 'Europe/Berlin' };
  const thisYear = new Date().getFullYear();

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

    // The dialog: its fields named in German, its times said in German ("gerade eben", "vor 2
    // Minuten") with the exact time the German way (dd.mm.yyyy, hh:mm, Berlin time) on hover.
    await card.click();
    const dialog = page.getByRole('dialog');
    await shown(dialog.getByText('Fälligkeitsdatum', { exact: true }).first());
    await shown(dialog.getByText('Erstellt', { exact: true }).first());
    const created = dialog.locator('time').first();
    await shown(created);
    expect(await created.textContent()).toMatch(/^(gerade eben|vor \d+ Minuten?)$/);
    expect(await created.getAttribute('title')).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
    await photograph(page, 'dialog');

    // The profile's Language and region card, on a phone too.
    await page.goto(`${j.app.url}/profile`);
    await shown(page.getByLabel('Sprache', { exact: true }));
    await photograph(page, 'profile');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('Sprache', { exact: true }).scrollIntoViewIfNeeded();
    await photograph(page, 'profile-phone');
  });
});

describe('a viewer', () => {
  const j = journey();

  it('reads the board with no edit controls, and the lead sees the roles on the project page', async () => {
    const [lea, vera] = await Promise.all([j.activeUser('Lea Lead'), j.activeUser('Vera Viewer')]);
    const key = uniqueKey('VW');
    const project = await j.api.createProject(lea, 'Read Only', key);
    await j.api.call('POST', `/api/projects/${key}/members`, { email: vera.email, role: 'viewer' }, lea.token);
    const board = await j.api.call<BoardDto>('GET', `/api/boards/${project.boards[0]!.id}`, undefined, lea.token);
    await j.api.createIssue(lea, board, 'Plan the launch');

    const page = await j.newPage({ as: vera });
    await page.goto(`${j.app.url}/boards/${board.id}`);
    await shown(page.getByText('You are a viewer of this project: you can read everything here and comment.'));
    await shown(page.getByRole('button', { name: 'Plan the launch', exact: true }));
    expect(await page.getByRole('button', { name: /^\+ Add Issue/ }).count()).toBe(0);
    await photograph(page, 'viewer-board');
    await page.setViewportSize({ width: 390, height: 844 });
    await photograph(page, 'viewer-board-phone');

    const lead = await j.newPage({ as: lea });
    await lead.goto(`${j.app.url}/projects/${key}`);
    await lead.getByRole('button', { name: 'Edit Project' }).click();
    await shown(lead.getByRole('combobox', { name: 'Role of Vera Viewer' }));
    await shown(lead.getByRole('checkbox', { name: 'Viewers may comment' }));
    await photograph(lead, 'project-roles');
  });
});

async function expectLang(page: Page, lang: string) {
  await page.waitForFunction((want) => document.documentElement.lang === want, lang);
}
