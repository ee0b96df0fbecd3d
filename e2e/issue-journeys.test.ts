import type { BoardDto, CommentDto, IssueDto, LabelDto, SessionResponse } from '@trackboard/contracts';
import type { Page } from 'playwright-core';
import type { SharedApp } from './support/shared';
import { teamBoard } from './support/team-board';

// Issues in two browsers: what a card says, the assignee picker, Markdown, deep links and live
// comments. Like board-journeys, each journey gets a project and people of its own (Ada leads it,
// Bob is on its team) and arranges its issues through the API, so any one runs alone (`-t`).
describe('issues worth tracking', () => {
  const team = teamBoard('ISS', 'Issues');
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
    fields: Partial<Pick<IssueDto, 'description' | 'assigneeId' | 'labelIds' | 'dueDate'>> = {},
  ) =>
    api().call<IssueDto>(
      'POST',
      '/api/issues',
      { projectId: board.projectId, columnId: columnId('To Do'), title, type: 'TASK', priority: 'MEDIUM', ...fields },
      ada.token,
    );
  const givenLabel = (name: string, color: LabelDto['color']) =>
    api().call<LabelDto>('POST', `/api/boards/${board.id}/labels`, { name, color }, ada.token);
  const givenComment = (issueId: string, body: string, by: SessionResponse = ada) =>
    api().call<CommentDto>('POST', `/api/issues/${issueId}/comments`, { body, parentCommentId: null }, by.token);
  const savedIssue = (issueId: string) => api().call<IssueDto>('GET', `/api/issues/${issueId}`, undefined, ada.token);

  const boardPath = () => `/boards/${board.id}`;
  const pathOf = (page: Page) => new URL(page.url()).pathname;
  /** A card's focusable button: its title alone (label in name). */
  const card = (page: Page, title: string) =>
    page.getByRole('region', { name: 'To Do', exact: true }).getByRole('button', { name: title, exact: true });
  /** The whole card around that button: key, icons, labels, due date, comments, assignee. */
  const cardBox = (page: Page, title: string) =>
    page
      .getByRole('region', { name: 'To Do', exact: true })
      .locator('[data-card]')
      .filter({ has: page.getByRole('button', { name: title, exact: true }) });
  async function openBoard(page: Page) {
    await page.goto(`${app.url}${boardPath()}`);
    await page.getByRole('heading', { level: 1, name: board.name }).waitFor();
  }
  /** The dialog, once it shows the issue titled `title`. */
  async function dialogOf(page: Page, title: string) {
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: `${title}, edit title` }).waitFor();
    return dialog;
  }

  beforeEach(() => ({ app, ada, bob, board, adaPage, bobPage } = team));

  it('a card shows its key, labels, assignee initials, due date and comment count', async () => {
    const backend = await givenLabel('Backend', 'blue');
    const issue = await givenIssue('Wire the API', {
      assigneeId: String(bob.user.id),
      labelIds: [backend.id],
      dueDate: '2020-03-05',
    });
    await givenComment(issue.id, 'First thought');
    await givenComment(issue.id, 'Second thought', bob);
    await openBoard(adaPage);

    const face = cardBox(adaPage, 'Wire the API');
    await face.getByText(issue.key, { exact: true }).waitFor();
    expect(issue.key).toBe(`${board.projectKey}-1`);
    await face.getByText('Backend', { exact: true }).waitFor();
    await face.getByText('BB', { exact: true }).waitFor();
    const due = face.locator('[data-due]');
    expect(await due.textContent()).toBe('Mar 5, 2020');
    expect(await due.getAttribute('data-due')).toBe('overdue');
    await face.getByText('2', { exact: true }).waitFor();
    // What the face shows as pictures and colours, it also says in words.
    const described = await card(adaPage, 'Wire the API').evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    for (const words of ['Labels: Backend', 'Assigned to Bob Builder', 'Due Mar 5, 2020, overdue', '2 comments'])
      expect(described).toContain(words);
  });

  it('assigning from the picker updates the card in a second browser without a reload', async () => {
    const issue = await givenIssue('Pick an owner');
    await Promise.all([openBoard(adaPage), openBoard(bobPage)]);
    await card(adaPage, 'Pick an owner').click();
    const dialog = await dialogOf(adaPage, 'Pick an owner');

    await dialog.getByRole('button', { name: 'Edit Owner' }).click();
    await dialog.getByPlaceholder('User ID or name').fill('bob');
    await dialog.getByRole('option', { name: /Bob Builder/ }).click();
    await dialog.getByTestId('Owner-value').getByText('Bob Builder').waitFor();

    await cardBox(bobPage, 'Pick an owner').getByText('BB', { exact: true }).waitFor();
    expect((await savedIssue(issue.id)).assigneeId).toBe(String(bob.user.id));

    // Bob's dashboard lists it by its key and leads to its deep link.
    await bobPage.goto(`${app.url}/dashboard`);
    const assigned = bobPage.getByRole('region', { name: 'Assigned to Me' });
    await assigned.getByRole('link', { name: `${issue.key} Pick an owner` }).click();
    await dialogOf(bobPage, 'Pick an owner');
    expect(pathOf(bobPage)).toBe(`${boardPath()}/issues/${issue.key}`);
  });

  it('a Markdown description renders bold, a list and a link, and <script> stays text', async () => {
    await givenIssue('Read me', {
      description: [
        'This is **really** important.',
        '',
        '- first step',
        '- second step',
        '',
        'See [the docs](https://example.com/docs).',
        '',
        '<script>window.__pwned = true</script>',
      ].join('\n'),
    });
    await openBoard(adaPage);
    await card(adaPage, 'Read me').click();
    const dialog = await dialogOf(adaPage, 'Read me');
    const description = dialog.getByRole('region', { name: 'Description', exact: true });

    await description.locator('strong', { hasText: 'really' }).waitFor();
    expect(await description.getByRole('listitem').allTextContents()).toEqual(['first step', 'second step']);
    const link = description.getByRole('link', { name: 'the docs' });
    expect(await link.getAttribute('href')).toBe('https://example.com/docs');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    await description.getByText('<script>window.__pwned = true</script>').waitFor();
    expect(await description.locator('script').count()).toBe(0);
    expect(await adaPage.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
  });

  it('opening a card changes the address, a reload reopens it, Back closes it', async () => {
    const issue = await givenIssue('Share me');
    await openBoard(adaPage);
    await card(adaPage, 'Share me').click();
    await dialogOf(adaPage, 'Share me');
    const deepLink = `${boardPath()}/issues/${issue.key}`;
    expect(pathOf(adaPage)).toBe(deepLink);

    await adaPage.reload();
    await dialogOf(adaPage, 'Share me');
    expect(pathOf(adaPage)).toBe(deepLink);

    await adaPage.goBack();
    await adaPage.getByRole('dialog').waitFor({ state: 'detached' });
    expect(pathOf(adaPage)).toBe(boardPath());
    await card(adaPage, 'Share me').waitFor();

    // The short address works for any member …
    await bobPage.goto(`${app.url}/issues/${issue.key}`);
    await dialogOf(bobPage, 'Share me');
    expect(pathOf(bobPage)).toBe(deepLink);

    // … and tells an outsider nothing (in a browser context of her own: one session per context).
    const carol = await team.journey.activeUser('Carol Outsider');
    const carolPage = await team.journey.newPage({ as: carol });
    await carolPage.goto(`${app.url}${deepLink}`);
    await carolPage.getByRole('heading', { name: 'Board Not Found' }).waitFor();
    await carolPage.goto(`${app.url}/issues/${issue.key}`);
    await carolPage.getByText('Page Not Found').waitFor();
    expect(await carolPage.getByRole('dialog').count()).toBe(0);
  });

  it("a comment posted in one browser appears in the other browser's open dialog", async () => {
    const issue = await givenIssue('Talk about me');
    await Promise.all([adaPage, bobPage].map((page) => page.goto(`${app.url}${boardPath()}/issues/${issue.key}`)));
    const [adaDialog, bobDialog] = await Promise.all([
      dialogOf(adaPage, 'Talk about me'),
      dialogOf(bobPage, 'Talk about me'),
    ]);
    await bobDialog.getByText('No comments yet.').waitFor();

    await adaDialog.getByPlaceholder('Add a comment...').fill('Posted while you watch');
    await adaDialog.getByRole('button', { name: 'Post Comment' }).click();

    const seen = bobDialog.getByRole('article', { name: 'Comment by Ada Lovelace' });
    await seen.getByText('Posted while you watch').waitFor({ timeout: 5_000 });
    // And the count on Bob's card follows.
    await bobPage.keyboard.press('Escape');
    await cardBox(bobPage, 'Talk about me').getByText('1', { exact: true }).waitFor();
    // Ada's own comment shows once (her echo is ignored, not added twice).
    expect(await adaDialog.getByText('Posted while you watch').count()).toBe(1);
  });
});
