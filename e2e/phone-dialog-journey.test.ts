import type { BoardDto, IssueDto, SessionResponse } from '@trackboard/contracts';
import type { Locator, Page } from 'playwright-core';
import { journey } from './support/journey';
import { eventually } from './support/poll';
import { uniqueKey } from './support/unique';

/** The smallest touch target the dialog's header gives a thumb (WCAG 2.5.5, Apple's and Google's guides). */
const TOUCH_TARGET = 44;
const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
];

// The issue dialog on a phone (touch, a mobile viewport from the start): a full-screen sheet
// whose header keeps every action in reach, and comment drafts that outlive the dialog. Ada
// leads a project of her own in each test, so Delete Issue is hers to see.
describe('the issue dialog on a phone', () => {
  const j = journey();
  let ada: SessionResponse & { email: string };
  let board: BoardDto;

  const givenIssue = (title: string) =>
    j.api.call<IssueDto>(
      'POST',
      '/api/issues',
      {
        projectId: board.projectId,
        columnId: board.columns.find((c) => c.name === 'To Do')!.id,
        title,
        description: 'What it is about, in a sentence or two.',
        type: 'TASK',
        priority: 'MEDIUM',
      },
      ada.token,
    );
  const phone = (viewport: { width: number; height: number }) =>
    j.newPage({ as: ada, viewport, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const openBoard = async (page: Page) => {
    await page.goto(`${j.app.url}/boards/${board.id}`);
    await page.getByRole('heading', { level: 1, name: board.name }).waitFor();
  };
  const card = (page: Page, title: string) =>
    page.getByRole('region', { name: 'To Do', exact: true }).getByRole('button', { name: title, exact: true });
  const cardBox = (page: Page, title: string) =>
    page
      .getByRole('region', { name: 'To Do', exact: true })
      .locator('[data-card]')
      .filter({ has: page.getByRole('button', { name: title, exact: true }) });
  /** The dialog, once it shows the issue titled `title`. */
  const dialogOf = async (page: Page, title: string) => {
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: `${title}, edit title` }).waitFor();
    return dialog;
  };

  beforeEach(async () => {
    ada = await j.activeUser('Ada Lovelace');
    const key = uniqueKey('PHN');
    const project = await j.api.createProject(ada, `Phone ${key}`, key);
    board = await j.api.call<BoardDto>('GET', `/api/boards/${project.boards[0]!.id}`, undefined, ada.token);
  });

  for (const viewport of PHONES) {
    it(`at ${viewport.width}×${viewport.height} it fills the screen with title, status, watch, delete and close in reach`, async () => {
      const title = 'Let people sign in with their passkey from the phone app';
      await givenIssue(title);
      const page = await phone(viewport);
      await openBoard(page);
      await card(page, title).tap();
      const dialog = await dialogOf(page, title);

      // A full-screen sheet: nothing of the board shows round it.
      const sheet = (await dialog.boundingBox())!;
      expect(sheet).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });

      const header: [string, Locator][] = [
        ['title', dialog.getByRole('button', { name: `${title}, edit title` })],
        ['status', dialog.getByRole('combobox', { name: 'Status' })],
        ['watch', dialog.getByRole('button', { name: /^(Watch|Unwatch), \d+ watchers?$/ })],
        ['delete', dialog.getByRole('button', { name: 'Delete Issue' })],
        ['close', dialog.getByRole('button', { name: 'Close' })],
      ];
      for (const [name, control] of header) {
        await control.waitFor();
        const box = (await control.boundingBox())!;
        expect({ name, left: box.x >= 0, right: box.x + box.width <= viewport.width }).toEqual({
          name,
          left: true,
          right: true,
        });
        expect({ name, height: box.height >= TOUCH_TARGET, width: box.width >= TOUCH_TARGET }).toEqual({
          name,
          height: true,
          width: true,
        });
        // Nothing lies over it: a tap lands on it.
        await control.click({ trial: true, timeout: 2_000 });
      }

      // Nothing off-screen sideways, neither the page nor the dialog.
      const overflow = await dialog.evaluate((el) => ({
        page: document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth,
        dialog: el.scrollWidth - el.clientWidth,
      }));
      expect(overflow).toEqual({ page: 0, dialog: 0 });

      // The panes are stacked and scroll: the comment box is below the fields, within the width.
      const commentBox = dialog.getByRole('textbox', { name: 'New comment' });
      await commentBox.scrollIntoViewIfNeeded();
      const description = (await dialog.getByTestId('Description-value').boundingBox())!;
      const comment = (await commentBox.boundingBox())!;
      expect(comment.y).toBeGreaterThan(description.y);
      expect(comment.x + comment.width).toBeLessThanOrEqual(viewport.width);
      expect(comment.y + comment.height).toBeLessThanOrEqual(viewport.height);

      // Delete Issue asks first (dismissed here), and × closes the sheet.
      await dialog.getByRole('button', { name: 'Delete Issue' }).tap();
      const asked = page.getByRole('alertdialog', { name: 'Delete this issue?' });
      await asked.getByText('Are you sure you want to delete this issue? This action cannot be undone.').waitFor();
      await asked.getByRole('button', { name: 'Cancel' }).tap();
      await asked.waitFor({ state: 'detached' });
      await dialog.getByRole('button', { name: 'Close' }).tap();
      await dialog.waitFor({ state: 'hidden' });
    });
  }

  it('a half-written comment outlives closing the dialog and a reload, marks the card, and goes once posted', async () => {
    const title = 'Cache the avatars';
    const issue = await givenIssue(title);
    const page = await phone(PHONES[1]!);
    await openBoard(page);
    const mark = cardBox(page, title).getByRole('img', { name: 'You have an unsent draft', includeHidden: true });
    expect(await mark.count()).toBe(0);

    await card(page, title).tap();
    let dialog = await dialogOf(page, title);
    const half = 'I think we should keep them for a day, because';
    await dialog.getByRole('textbox', { name: 'New comment' }).fill(half);
    await dialog.getByRole('button', { name: 'Close' }).tap();
    await dialog.waitFor({ state: 'hidden' });
    await mark.waitFor();

    await card(page, title).tap();
    dialog = await dialogOf(page, title);
    expect(await dialog.getByRole('textbox', { name: 'New comment' }).inputValue()).toBe(half);
    await dialog.getByRole('button', { name: 'Close' }).tap();
    await dialog.waitFor({ state: 'hidden' });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: board.name }).waitFor();
    await mark.waitFor();
    await card(page, title).tap();
    dialog = await dialogOf(page, title);
    const box = dialog.getByRole('textbox', { name: 'New comment' });
    expect(await box.inputValue()).toBe(half);

    await box.fill(`${half} they change rarely.`);
    await dialog.getByRole('button', { name: 'Post Comment' }).tap();
    await dialog.getByText(`${half} they change rarely.`).waitFor();
    // The box empties once the post is answered.
    await eventually(() => box.inputValue(), '');
    await eventually(
      async () =>
        (await j.api.call<{ body: string }[]>('GET', `/api/issues/${issue.id}/comments`, undefined, ada.token)).map(
          (c) => c.body,
        ),
      [`${half} they change rarely.`],
    );
    await dialog.getByRole('button', { name: 'Close' }).tap();
    await dialog.waitFor({ state: 'hidden' });
    await mark.waitFor({ state: 'detached' });

    // Gone for good: not back after a reload either.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: board.name }).waitFor();
    await card(page, title).tap();
    dialog = await dialogOf(page, title);
    expect(await dialog.getByRole('textbox', { name: 'New comment' }).inputValue()).toBe('');
    expect(await mark.count()).toBe(0);
  });
});
