import type { IssueDto } from '@trackboard/contracts';
import type { Page } from 'playwright-core';
import { shown } from './support/journey';
import { teamBoard } from './support/team-board';

// Presence: two people on one board, each in a browser of their own, see each other's face in
// the board's header; one who opens an issue is seen in that issue's dialog by the other; a
// page that closes is gone from the others' view at once (the server tells the room).
describe('who else is on the board', () => {
  const team = teamBoard('PRS', 'Presence');

  const openBoard = async (page: Page) => {
    await page.goto(`${team.app.url}/boards/${team.board.id}`);
    await page.getByRole('heading', { level: 1, name: team.board.name }).waitFor();
  };
  const onBoard = (page: Page) => page.getByRole('list', { name: 'Also on this board' });
  const inIssue = (page: Page) => page.getByRole('dialog').getByRole('list', { name: 'Also in this issue' });

  it('each sees the other on the board and in the issue they share, until a page closes', async () => {
    const { ada, bob, adaPage, bobPage, board } = team;
    const issue = await team.journey.api.call<IssueDto>(
      'POST',
      '/api/issues',
      { projectId: board.projectId, columnId: board.columns[0]!.id, title: 'Shared spec' },
      ada.token,
    );
    await Promise.all([openBoard(adaPage), openBoard(bobPage)]);

    // Each sees the other, and not themselves.
    await shown(onBoard(adaPage).getByRole('img', { name: bob.user.name }));
    await shown(onBoard(bobPage).getByRole('img', { name: ada.user.name }));
    expect(await onBoard(adaPage).getByRole('img').count()).toBe(1);

    // Ada opens the issue; Bob, opening it too, finds her there.
    await adaPage.getByRole('button', { name: 'Shared spec', exact: true }).click();
    await adaPage.getByRole('dialog').waitFor();
    await bobPage.getByRole('button', { name: 'Shared spec', exact: true }).click();
    await shown(inIssue(bobPage).getByRole('img', { name: ada.user.name }));
    await shown(inIssue(adaPage).getByRole('img', { name: bob.user.name }));
    expect(bobPage.url()).toContain(`/issues/${issue.key}`);

    // Ada's page closes: gone from Bob's dialog and from the board behind it.
    await adaPage.close();
    await inIssue(bobPage).waitFor({ state: 'detached' });
    await bobPage.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await onBoard(bobPage).waitFor({ state: 'detached' });
  });
});
