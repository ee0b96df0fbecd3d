import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BoardDto, SessionResponse } from '@trackboard/contracts';
import type { Page } from 'playwright-core';
import { signIn } from './support/api';
import { formatFindings, seriousViolations, type AxeFinding } from './support/axe';
import { eventually, until } from './support/poll';
import type { SharedApp } from './support/shared';
import { teamBoard } from './support/team-board';

// Notifications in two browsers: Bob has the board open; Ada assigns him an issue and mentions him in
// a comment (through the `@` picker) → Bob's bell counts up without a reload; he opens the panel,
// follows the notification to the issue's dialog and the count drops. Then the profile's
// settings. The bell's panel, the picker and the settings are checked with axe-core in the three
// themes at desktop and phone sizes, and photographed into e2e/.tmp/screenshots.
const shots = join(__dirname, '.tmp', 'screenshots');
const sizes = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
type Size = keyof typeof sizes;
const themes = ['light', 'dark', 'high-contrast'] as const;

describe('notifications', () => {
  const team = teamBoard('NOT', 'Notified');
  let app: SharedApp;
  let ada: SessionResponse & { email: string; password: string };
  let bob: SessionResponse & { email: string; password: string };
  let board: BoardDto;
  let adaPage: Page;
  let bobPage: Page;

  const api = () => team.journey.api;
  const givenIssue = (title: string) => api().createIssue(ada, board, title);
  const unreadOf = async (who: SessionResponse) =>
    (await api().call<{ unreadCount: number }>('GET', '/api/notifications?unread=true&limit=1', undefined, who.token))
      .unreadCount;
  const boardPath = () => `/boards/${board.id}`;
  const pathOf = (page: Page) => new URL(page.url()).pathname;
  const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  const card = (page: Page, title: string) =>
    page.getByRole('region', { name: 'To Do', exact: true }).getByRole('button', { name: title, exact: true });
  const cardBox = (page: Page, title: string) =>
    page
      .getByRole('region', { name: 'To Do', exact: true })
      .locator('[data-card]')
      .filter({ has: page.getByRole('button', { name: title, exact: true }) });
  async function openBoard(page: Page) {
    await page.goto(`${app.url}${boardPath()}`);
    await page.getByRole('heading', { level: 1, name: board.name }).waitFor();
  }
  async function dialogOf(page: Page, title: string) {
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: `${title}, edit title` }).waitFor();
    return dialog;
  }
  /** The bell says this many unread (none: just "Notifications"); also under a dialog, which hides it from the tree. */
  const bellSays = (page: Page, unread: number) =>
    page
      .getByRole('button', {
        name: unread ? `Notifications, ${unread} unread` : 'Notifications',
        exact: true,
        includeHidden: true,
      })
      .waitFor({ timeout: 10_000 });

  beforeAll(() => mkdirSync(shots, { recursive: true }));

  beforeEach(() => ({ app, ada, bob, board, adaPage, bobPage } = team));

  it("Bob's bell counts Ada's assignment and mention live; the panel leads to the issue and the count drops", async () => {
    const issue = await givenIssue('Fix the login');
    // Being added to the project told him already: start from a clean slate.
    await api().call('POST', '/api/notifications/read', { all: true }, bob.token);
    await Promise.all([openBoard(adaPage), openBoard(bobPage)]);
    await bellSays(bobPage, 0);

    // Ada assigns Bob in her dialog; his board shows it (his socket is live), then his bell.
    await card(adaPage, 'Fix the login').click();
    const dialog = await dialogOf(adaPage, 'Fix the login');
    await dialog.getByRole('button', { name: 'Edit Owner' }).click();
    await dialog.getByPlaceholder('User ID or name').fill('bob');
    await dialog.getByRole('option', { name: /Bob Builder/ }).click();
    await cardBox(bobPage, 'Fix the login').getByText('BB', { exact: true }).waitFor();
    await bellSays(bobPage, 1);

    // She mentions him through the picker: `@bo`, Enter.
    const box = dialog.getByPlaceholder('Add a comment...');
    await box.click();
    await box.pressSequentially('Can you look, @bo');
    const picker = dialog.getByRole('listbox', { name: 'Mention a member' });
    await picker.getByRole('option', { name: /Bob Builder/ }).waitFor();
    expect(await picker.getByRole('option').allTextContents()).toEqual([expect.stringContaining('Bob Builder')]);
    await box.press('Enter');
    // The box shows the mention as "@Bob Builder" on a chip; it is stored as a mention.
    await eventually(() => box.inputValue(), 'Can you look, @Bob Builder ');
    await dialog.locator('mark[data-user-id]', { hasText: '@Bob Builder' }).waitFor();
    await box.pressSequentially('?');
    await dialog.getByRole('button', { name: 'Post Comment' }).click();
    const posted = dialog.getByRole('article', { name: 'Comment by Ada Lovelace' });
    await posted.locator('[data-user-id]', { hasText: '@Bob Builder' }).waitFor();

    // Bob's count rises without a reload; the panel says who did what.
    await bellSays(bobPage, 2);
    await bell(bobPage).click();
    const panel = bobPage.getByRole('dialog', { name: 'Notifications' });
    const mention = panel.getByRole('link', { name: /Ada Lovelace mentioned you/ });
    await mention.waitFor();
    expect(await mention.textContent()).toContain(`${issue.key} Fix the login`);
    expect(await mention.textContent()).toContain('Can you look, @Bob Builder ?');
    await panel.getByRole('link', { name: /Ada Lovelace assigned you/ }).waitFor();
    await eventually(() => panel.locator('a[data-unread="true"]').count(), 2);

    // A click: the issue's dialog opens on his board (no reload), the count drops by one.
    await mention.click();
    const bobDialog = await dialogOf(bobPage, 'Fix the login');
    expect(pathOf(bobPage)).toBe(`${boardPath()}/issues/${issue.key}`);
    await bellSays(bobPage, 1);
    await eventually(() => unreadOf(bob), 1);
    // The mention in the comment is a chip in his dialog too.
    await bobDialog.locator('[data-user-id]', { hasText: '@Bob Builder' }).waitFor();

    // Mark all as read empties the count.
    await bobPage.keyboard.press('Escape');
    await bobPage.getByRole('dialog').waitFor({ state: 'detached' });
    await bell(bobPage).click();
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await bellSays(bobPage, 0);
    await eventually(() => panel.locator('a[data-unread="true"]').count(), 0);
    await eventually(() => unreadOf(bob), 0);
  });

  it('Watch in the dialog, and the profile settings', async () => {
    await givenIssue('Watch me');
    await openBoard(bobPage);
    await card(bobPage, 'Watch me').click();
    const dialog = await dialogOf(bobPage, 'Watch me');
    // Ada reported it: she watches; Bob does not yet.
    await dialog.getByRole('button', { name: 'Watch, 1 watcher', exact: true }).click();
    await dialog.getByRole('button', { name: 'Unwatch, 2 watchers', exact: true }).waitFor();

    await bobPage.goto(`${app.url}/profile`);
    const settings = bobPage.getByRole('region', { name: 'Notifications' });
    const comments = settings.getByRole('group', { name: 'Comments on issues I watch' });
    await eventually(() => comments.getByRole('radio', { name: 'In app', exact: true }).isChecked(), true);
    await comments.getByRole('radio', { name: 'Off' }).check();
    await until(async () => (await settingsOf(bob)).comment === 'off', { what: 'the setting to be saved' });
    await bobPage.reload();
    await eventually(
      () =>
        settings
          .getByRole('group', { name: 'Comments on issues I watch' })
          .getByRole('radio', { name: 'Off' })
          .isChecked(),
      true,
    );
  });

  const settingsOf = (who: SessionResponse) =>
    api().call<Record<string, string>>('GET', '/api/notifications/settings', undefined, who.token);

  it('the panel, the picker and the settings pass axe in every theme at both sizes (screenshots)', async () => {
    const issue = await givenIssue('Look at me');
    await api().call(
      'PATCH',
      `/api/issues/${issue.id}`,
      { assigneeId: String(bob.user.id), version: issue.version },
      ada.token,
    );
    await api().call(
      'POST',
      `/api/issues/${issue.id}/comments`,
      {
        body: `Over to you, @[Bob Builder](user:${bob.user.id}). This one has a longer text, to see how it wraps.`,
        parentCommentId: null,
      },
      ada.token,
    );
    await until(async () => (await unreadOf(bob)) >= 2, { what: 'two notifications for Bob' });

    const found: { screen: string; finding: AxeFinding }[] = [];
    const check = async (page: Page, screen: string) => {
      for (const finding of await seriousViolations(page)) found.push({ screen, finding });
      await page.screenshot({ path: join(shots, `${screen}.png`) });
    };
    // A fresh context per theme and size, signed in afresh (the stored user carries the theme
    // just saved), as the accessibility journey does.
    for (const theme of themes) {
      const profileSettings = {
        themePreference: theme === 'dark' ? 'DARK' : 'LIGHT',
        highContrast: theme === 'high-contrast',
      };
      await api().call('PUT', '/api/users/profile', { profileSettings }, bob.token);
      for (const size of Object.keys(sizes) as Size[]) {
        const name = (screen: string) => `notifications-${screen}-${theme}-${size}`;
        const context = await team.journey.newContext({
          viewport: sizes[size],
          hasTouch: size === 'phone',
          isMobile: size === 'phone',
          colorScheme: theme === 'dark' ? 'dark' : 'light',
          reducedMotion: 'reduce',
        });
        try {
          const page = await context.newPage();
          await signIn(page, await api().login(bob.email, bob.password));
          await page.goto(`${app.url}${boardPath()}`);
          await page.getByRole('heading', { level: 1, name: board.name }).waitFor();
          await bell(page).click();
          const panel = page.getByRole('dialog', { name: 'Notifications' });
          await panel.getByRole('link', { name: new RegExp(`mentioned you ${issue.key} `) }).waitFor();
          await page.evaluate(() => document.fonts.ready);
          await check(page, name('panel'));
          await page.keyboard.press('Escape');

          await page.goto(`${app.url}${boardPath()}/issues/${issue.key}`);
          const dialog = await dialogOf(page, 'Look at me');
          await dialog.getByText('Over to you').waitFor();
          const box = dialog.getByPlaceholder('Add a comment...');
          await box.click();
          await box.pressSequentially('Thanks @');
          await dialog.getByRole('listbox', { name: 'Mention a member' }).waitFor();
          await check(page, name('picker'));

          await page.goto(`${app.url}/profile`);
          await page.getByRole('group', { name: 'Assigned to me' }).waitFor();
          await page.getByRole('region', { name: 'Notifications' }).scrollIntoViewIfNeeded();
          await check(page, name('settings'));
        } finally {
          await context.close();
        }
      }
    }
    if (found.length) throw new Error(`axe-core found problems:\n${formatFindings(found)}`);
  });
});
