import type { BoardDto, IssueDto, SessionResponse } from '@trackboard/contracts';
import type { Locator, Page } from 'playwright-core';
import type { SharedApp } from './support/shared';
import { teamBoard } from './support/team-board';

// A checklist in an issue's description, ticked by two people at once in two browsers: each tick
// changes only its own task, so both stay, and each browser shows both, in the dialog and on the
// card behind it.
describe('ticking a checklist together', () => {
  const team = teamBoard('TCK', 'Checklists');
  let app: SharedApp;
  let ada: SessionResponse & { email: string };
  let board: BoardDto;
  let adaPage: Page;
  let bobPage: Page;

  beforeEach(() => ({ app, ada, board, adaPage, bobPage } = team));

  const givenChecklist = () =>
    team.journey.api.createIssue(ada, board, 'Release 2.0', {
      description: 'Before we ship:\n\n- [ ] Build it\n- [ ] Test it\n- [ ] Ship it',
    });

  async function openIssue(page: Page, issue: IssueDto): Promise<Locator> {
    await page.goto(`${app.url}/boards/${board.id}/issues/${issue.key}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: 'Ship it' }).waitFor();
    return dialog;
  }
  const box = (dialog: Locator, name: string) =>
    dialog.getByRole('region', { name: 'Description', exact: true }).getByRole('checkbox', { name });
  /** The card behind the dialog (its face is hidden from assistive technology: found by its marks). */
  const cardTasks = (page: Page, said: string) =>
    page.locator('[data-card]').filter({ hasText: 'Release 2.0' }).getByTitle(said);
  const ticked = (page: Page) =>
    page.waitForResponse(
      (res) => res.request().method() === 'PUT' && /\/api\/issues\/\d+\/tasks\/\d+$/.test(res.url()),
    );

  it('keeps both people’s ticks and shows both to each, in the dialog and on the card', async () => {
    const issue = await givenChecklist();
    const [adaDialog, bobDialog] = await Promise.all([openIssue(adaPage, issue), openIssue(bobPage, issue)]);
    await cardTasks(adaPage, '0 of 3 tasks done').waitFor({ state: 'attached' });

    // At the same moment: Ada clicks the first task, Bob ticks the last from the keyboard.
    const answers = Promise.all([ticked(adaPage), ticked(bobPage)]);
    await box(bobDialog, 'Ship it').focus();
    await Promise.all([box(adaDialog, 'Build it').click(), box(bobDialog, 'Ship it').press('Space')]);
    expect((await answers).map((res) => res.status())).toEqual([200, 200]);

    for (const dialog of [adaDialog, bobDialog]) {
      await box(dialog, 'Build it').and(dialog.locator(':checked')).waitFor();
      await box(dialog, 'Ship it').and(dialog.locator(':checked')).waitFor();
      expect(await box(dialog, 'Test it').isChecked()).toBe(false);
    }
    for (const page of [adaPage, bobPage]) await cardTasks(page, '2 of 3 tasks done').waitFor({ state: 'attached' });
    const saved = await team.journey.api.call<IssueDto>('GET', `/api/issues/${issue.id}`, undefined, ada.token);
    expect(saved.description).toBe('Before we ship:\n\n- [x] Build it\n- [ ] Test it\n- [x] Ship it');

    // The history says who ticked what.
    await bobDialog.getByRole('tab', { name: 'History' }).click();
    const history = bobDialog.getByRole('region', { name: 'History' });
    await history.getByText('ticked “Build it”').waitFor();
    await history.getByText('ticked “Ship it”').waitFor();
  });
});
