import type { BoardDto, IssueDto, SessionResponse } from '@trackboard/contracts';
import type { Locator, Page } from 'playwright-core';
import type { SharedApp } from './support/shared';
import { teamBoard } from './support/team-board';

// Sub-issues and relations, with two people on one board: a sub-issue made in its parent's dialog
// shows as the parent card's progress in both browsers, and a "blocks" link marks the blocked
// card until its blocker is done.
describe('linking issues together', () => {
  const team = teamBoard('LNK', 'Links');
  let app: SharedApp;
  let ada: SessionResponse & { email: string };
  let board: BoardDto;
  let adaPage: Page;
  let bobPage: Page;

  beforeEach(() => ({ app, ada, board, adaPage, bobPage } = team));

  const givenIssue = (title: string, description = '') =>
    team.journey.api.call<IssueDto>(
      'POST',
      '/api/issues',
      {
        projectId: board.projectId,
        columnId: board.columns.find((c) => c.name === 'To Do')!.id,
        title,
        description,
        type: 'TASK',
        priority: 'MEDIUM',
      },
      ada.token,
    );

  async function openIssue(page: Page, issue: IssueDto): Promise<Locator> {
    await page.goto(`${app.url}/boards/${board.id}/issues/${issue.key}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('region', { name: 'Relations' }).waitFor();
    return dialog;
  }
  /** A card's mark (its face is hidden from assistive technology: found by the mark's title). */
  const cardMark = (page: Page, title: string, said: string) =>
    page.locator('[data-card]').filter({ hasText: title }).getByTitle(said);
  const box = (dialog: Locator, name: string) =>
    dialog.getByRole('region', { name: 'Description', exact: true }).getByRole('checkbox', { name });
  const ticked = (page: Page) =>
    page.waitForResponse(
      (res) => res.request().method() === 'PUT' && /\/api\/issues\/\d+\/tasks\/\d+$/.test(res.url()),
    );

  it('makes a sub-issue in its parent’s dialog, shown as the parent card’s progress to both people', async () => {
    const parent = await givenIssue('Release 2.0', 'Before we ship:\n\n- [ ] Build it\n- [ ] Test it\n- [ ] Ship it');
    const [adaDialog, bobDialog] = await Promise.all([openIssue(adaPage, parent), openIssue(bobPage, parent)]);
    const adaSubs = adaDialog.getByRole('region', { name: /^Sub-issues/ });
    await adaSubs.getByText('No sub-issues yet.').waitFor();

    await adaSubs.getByRole('button', { name: 'Add sub-issue' }).click();
    await adaSubs.getByRole('textbox', { name: 'Sub-issue title' }).fill('Write the release notes');
    await adaSubs.getByRole('textbox', { name: 'Sub-issue title' }).press('Enter');
    const child = adaSubs.getByRole('link', { name: /Write the release notes/ });
    await child.waitFor();
    await adaSubs.getByText('0 of 1 done').waitFor();

    // Both cards behind the dialogs say it, and Bob's open dialog lists it, without a reload.
    for (const page of [adaPage, bobPage])
      await cardMark(page, 'Release 2.0', '0 of 1 sub-issue done').waitFor({ state: 'attached' });
    await bobDialog
      .getByRole('region', { name: /^Sub-issues/ })
      .getByRole('link', { name: /Write the release notes/ })
      .waitFor();

    // The parent's checklist, ticked by both at once: each tick holds, beside the sub-issue's count.
    const answers = Promise.all([ticked(adaPage), ticked(bobPage)]);
    await Promise.all([box(adaDialog, 'Build it').click(), box(bobDialog, 'Ship it').click()]);
    expect((await answers).map((res) => res.status())).toEqual([200, 200]);
    for (const page of [adaPage, bobPage]) {
      await cardMark(page, 'Release 2.0', '2 of 3 tasks done').waitFor({ state: 'attached' });
      await cardMark(page, 'Release 2.0', '0 of 1 sub-issue done').waitFor({ state: 'attached' });
    }

    // The sub-issue opens from the list, its parent named over its title.
    await child.click();
    const crumb = adaPage.getByRole('dialog').getByRole('navigation', { name: 'Parent issue' });
    await crumb.getByRole('link', { name: `${parent.key} Release 2.0` }).waitFor();
    await adaPage.getByRole('dialog').getByRole('button', { name: 'Write the release notes, edit title' }).waitFor();
    await crumb.getByRole('link').click();
    await adaPage
      .getByRole('dialog')
      .getByRole('region', { name: /^Sub-issues/ })
      .getByText('0 of 1 done')
      .waitFor();
  });

  it('marks the blocked card while its blocker is open, and clears the mark once it is done', async () => {
    const blocker = await givenIssue('Pour the foundation');
    const blocked = await givenIssue('Raise the walls');
    const dialog = await openIssue(adaPage, blocker);
    await bobPage.goto(`${app.url}/boards/${board.id}`);
    await bobPage.getByRole('button', { name: 'Raise the walls' }).waitFor();

    const relations = dialog.getByRole('region', { name: 'Relations' });
    await relations.getByRole('button', { name: 'Add relation' }).click();
    await relations.getByRole('combobox', { name: 'Relation type' }).selectOption('blocks');
    await relations.getByRole('textbox', { name: 'Issue key' }).fill(blocked.key);
    await relations.getByRole('textbox', { name: 'Issue key' }).press('Enter');
    await relations.getByRole('link', { name: `${blocked.key} Raise the walls` }).waitFor();
    await relations.getByRole('heading', { name: 'Blocks' }).waitFor();

    // Linked to itself: the server's refusal, under the form.
    await relations.getByRole('button', { name: 'Add relation' }).click();
    await relations.getByRole('textbox', { name: 'Issue key' }).fill(blocker.key);
    await relations.getByRole('textbox', { name: 'Issue key' }).press('Enter');
    await relations.getByRole('alert').filter({ hasText: 'An issue cannot be linked to itself' }).waitFor();
    await relations.getByRole('button', { name: 'Cancel' }).click();

    for (const page of [adaPage, bobPage])
      await cardMark(page, 'Raise the walls', 'Blocked by an open issue').waitFor({ state: 'attached' });
    // Said in words too, in the card's description.
    const ids = (await bobPage.getByRole('button', { name: 'Raise the walls' }).getAttribute('aria-describedby')) ?? '';
    const said = await bobPage.evaluate(
      (list) =>
        list
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      ids,
    );
    expect(said).toContain('Blocked by an open issue.');

    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await adaPage.getByRole('option', { name: 'Done' }).click();
    await dialog.getByRole('combobox', { name: 'Status' }).filter({ hasText: 'Done' }).waitFor();
    for (const page of [adaPage, bobPage])
      await cardMark(page, 'Raise the walls', 'Blocked by an open issue').waitFor({ state: 'detached' });
  });
});
