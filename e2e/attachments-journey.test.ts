import type { AttachmentDto, BoardDto, IssueDto, SessionResponse } from '@trackboard/contracts';
import type { Locator, Page } from 'playwright-core';
import type { SharedApp } from './support/shared';
import { teamBoard } from './support/team-board';

// Files on issues, as two people see them in two browsers: a screenshot pasted into a comment,
// a file dropped from the desktop on a card, an image made the card's cover. What one does shows
// up for the other without a reload, and every image is really drawn (its bytes came back).
describe('attachments', () => {
  const team = teamBoard('ATT', 'Attachments');
  let app: SharedApp;
  let ada: SessionResponse & { email: string };
  let board: BoardDto;
  let adaPage: Page;
  let bobPage: Page;

  beforeEach(() => ({ app, ada, board, adaPage, bobPage } = team));

  const givenIssue = (title: string) => team.journey.api.createIssue(ada, board, title);

  async function openIssue(page: Page, issue: IssueDto): Promise<Locator> {
    await page.goto(`${app.url}/boards/${board.id}/issues/${issue.key}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Attachments' }).waitFor();
    return dialog;
  }
  /** The card behind the dialog (its face is hidden from assistive technology: found by its title). */
  const card = (page: Page, title: string) => page.locator('[data-card]').filter({ hasText: title });
  const uploaded = (page: Page) =>
    page.waitForResponse(
      (res) => res.request().method() === 'POST' && /\/api\/issues\/\d+\/attachments\?name=/.test(res.url()),
    );
  /** Resolves once the image has loaded its bytes and has a size: drawn, not a broken-image box. */
  const drawn = (image: Locator) =>
    image.evaluate(
      (img: HTMLImageElement) =>
        new Promise<number>((resolve, reject) => {
          const settle = () => (img.naturalWidth > 0 ? resolve(img.naturalWidth) : reject(new Error('not drawn')));
          if (img.complete) settle();
          else img.addEventListener('load', settle, { once: true });
        }),
    );

  it('shows a screenshot pasted into a comment in the other person’s browser', async () => {
    const issue = await givenIssue('Layout breaks on phones');
    const [adaDialog, bobDialog] = await Promise.all([openIssue(adaPage, issue), openIssue(bobPage, issue)]);
    const box = adaDialog.getByRole('textbox', { name: 'New comment' });
    await box.fill('It looks like this: ');

    // A screenshot on the clipboard: PNG bytes drawn by the browser, pasted at the caret.
    const answer = uploaded(adaPage);
    await box.evaluate(async (textarea: HTMLTextAreaElement) => {
      const canvas = document.createElement('canvas');
      Object.assign(canvas, { width: 96, height: 48 });
      const paint = canvas.getContext('2d')!;
      paint.fillStyle = '#c0392b';
      paint.fillRect(0, 0, 96, 48);
      const png = await new Promise<Blob>((resolve) => canvas.toBlob((blob) => resolve(blob!), 'image/png'));
      const clipboard = new DataTransfer();
      clipboard.items.add(new File([png], 'screenshot.png', { type: 'image/png' }));
      textarea.setSelectionRange(textarea.value.length, textarea.value.length);
      textarea.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: clipboard, bubbles: true, cancelable: true }),
      );
    });
    expect((await answer).status()).toBe(201);
    await adaPage.waitForFunction(
      (textarea) => /!\[screenshot\.png\]\(\S+\)/.test((textarea as HTMLTextAreaElement).value),
      await box.elementHandle(),
    );
    await adaDialog.getByRole('button', { name: 'Post Comment' }).click();

    const bobsComment = bobDialog.getByRole('article', { name: 'Comment by Ada Lovelace' });
    await bobsComment.getByText('It looks like this:').waitFor();
    expect(await drawn(bobsComment.getByRole('img', { name: 'screenshot.png' }))).toBe(96);
    // The file is the issue's too: listed among its attachments, for both.
    for (const dialog of [adaDialog, bobDialog])
      await dialog.getByRole('button', { name: 'Open screenshot.png' }).waitFor();
  });

  it('attaches a file dropped on a card, and both boards count it', async () => {
    const issue = await givenIssue('Release notes');
    await Promise.all(
      [adaPage, bobPage].map(async (page) => {
        await page.goto(`${app.url}/boards/${board.id}`);
        await card(page, 'Release notes').waitFor();
      }),
    );
    // A file from the desktop: native drag events carrying 'Files', as the browser sends them.
    const files = await adaPage.evaluateHandle(() => {
      const data = new DataTransfer();
      data.items.add(new File(['Version 2.0 brings attachments.\n'], 'notes.txt', { type: 'text/plain' }));
      return data;
    });
    const target = card(adaPage, 'Release notes');
    const answer = uploaded(adaPage);
    for (const type of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(type, { dataTransfer: files });
    expect((await answer).status()).toBe(201);

    for (const page of [adaPage, bobPage]) await card(page, 'Release notes').getByTitle('1 attachment').waitFor();
    const listed = await team.journey.api.call<AttachmentDto[]>(
      'GET',
      `/api/issues/${issue.id}/attachments`,
      undefined,
      ada.token,
    );
    expect(listed).toEqual([expect.objectContaining({ fileName: 'notes.txt', size: 32 })]);
  });

  it('makes an attached image the card’s cover, seen on the other board', async () => {
    const issue = await givenIssue('New logo');
    await bobPage.goto(`${app.url}/boards/${board.id}`);
    await card(bobPage, 'New logo').waitFor();
    const dialog = await openIssue(adaPage, issue);

    const answer = uploaded(adaPage);
    // A 16×16 PNG, as an image editor saves one.
    await dialog.getByLabel('Attach files').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWPQaztIEmIY1dA2Gkp6wzVpAAC5dnUQZzlVPgAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    expect((await answer).status()).toBe(201);
    await dialog.getByRole('button', { name: 'Set as cover' }).click();
    await dialog.getByRole('button', { name: 'Remove cover' }).waitFor();

    for (const page of [adaPage, bobPage])
      expect(await drawn(card(page, 'New logo').locator('img'))).toBeGreaterThan(0);
  });
});
