import type { IssueDto } from '@trackboard/contracts';
import { teamBoard } from './support/team-board';

// The board as a list: sorted by a column and grouped by status, both in the address, so a reload
// (or a shared link) shows the list the same way.
describe('the list view', () => {
  const team = teamBoard('LST', 'Lists');

  it('sorts by title and groups by status, and a reload keeps both', async () => {
    const { app, ada, board, adaPage: page } = team;
    const column = (name: string) => board.columns.find((c) => c.name === name)!;
    for (const [title, where] of [
      ['Write the docs', 'To Do'],
      ['Add search', 'In Progress'],
      ['Build the API', 'To Do'],
      ['Ship it', 'Done'],
    ] as const)
      await team.journey.api.call<IssueDto>(
        'POST',
        '/api/issues',
        { projectId: board.projectId, columnId: column(where).id, title },
        ada.token,
      );
    await page.goto(`${app.url}/boards/${board.id}?view=list`);
    const grid = page.getByRole('grid', { name: 'Issues' });
    await grid.getByRole('button', { name: 'Write the docs' }).waitFor();

    await grid.getByRole('columnheader', { name: 'Title' }).getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'title');
    await page.getByRole('combobox', { name: 'Group by' }).selectOption('status');
    await page.waitForURL((url) => url.searchParams.get('group') === 'status');

    await page.reload();
    await grid.getByRole('button', { name: 'Write the docs' }).waitFor();
    expect(await grid.getByRole('columnheader', { name: 'Title' }).getAttribute('aria-sort')).toBe('ascending');
    expect(await page.getByRole('combobox', { name: 'Group by' }).inputValue()).toBe('status');
    // Each row's focus stop reads a group (its name and count) or an issue's title, in order.
    const rows = await grid.locator('[data-row-focus]').allTextContents();
    expect(rows).toEqual([
      'To Do 2 issues',
      'Build the API',
      'Write the docs',
      'In Progress 1 issue',
      'Add search',
      'Done 1 issue',
      'Ship it',
    ]);
  });
});
