import type { IssueDto } from '@trackboard/contracts';
import type { Page } from 'playwright-core';
import { teamBoard } from './support/team-board';

// A saved view shared with the team: Ada filters her board, saves it under a name for everyone;
// Bob finds it in his sidebar and it opens the board filtered as Ada saw it.
describe('a shared saved view', () => {
  const team = teamBoard('VEW', 'Views');

  const card = (page: Page, title: string) => page.locator('[data-card]').filter({ hasText: title });

  it('is saved by one member and opened by another from the sidebar', async () => {
    const { app, ada, board, adaPage, bobPage } = team;
    const toDo = board.columns.find((column) => column.name === 'To Do')!;
    for (const [title, priority] of [
      ['Fix the login loop', 'HIGH'],
      ['Polish the footer', 'LOW'],
    ] as const)
      await team.journey.api.call<IssueDto>(
        'POST',
        '/api/issues',
        { projectId: board.projectId, columnId: toDo.id, title, type: 'BUG', priority },
        ada.token,
      );

    await adaPage.goto(`${app.url}/boards/${board.id}?priority=high`);
    await card(adaPage, 'Fix the login loop').waitFor();
    await card(adaPage, 'Polish the footer').waitFor({ state: 'detached' });
    await adaPage.getByRole('button', { name: 'Save view' }).click();
    const dialog = adaPage.getByRole('dialog', { name: 'Save view' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Hot issues');
    await dialog.getByRole('checkbox', { name: 'Share with the project' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await adaPage.getByText('View "Hot issues" saved.').waitFor();
    // Her own sidebar lists it at once.
    await adaPage
      .getByRole('navigation', { name: 'Views' })
      .getByRole('link', { name: /Hot issues/ })
      .waitFor();

    await bobPage.goto(app.url);
    const link = bobPage.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: /Hot issues/ });
    await link.click();
    await bobPage.waitForURL((url) => url.pathname === `/boards/${board.id}` && url.search === '?priority=high');
    await card(bobPage, 'Fix the login loop').waitFor();
    expect(await card(bobPage, 'Polish the footer').count()).toBe(0);
  });
});
