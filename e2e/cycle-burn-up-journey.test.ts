import type { IssueDto, ProjectCycles } from '@trackboard/contracts';
import { teamBoard } from './support/team-board';

// A cycle's burn-up: Ada turns weekly cycles on from the project page, the team plans three
// issues into the running cycle and finishes two; the cycle's page counts them and draws the
// day's point, from the issues' history.
describe('a cycle’s burn-up', () => {
  const team = teamBoard('CYC', 'Cycles');

  it('shows the issues closed in the cycle, from the project page to the cycle’s page', async () => {
    const { app, ada, bob, board, adaPage } = team;
    const call = team.journey.api.call;
    const key = board.projectKey;

    await adaPage.goto(`${app.url}/projects/${key}`);
    const cycles = adaPage.getByRole('region', { name: 'Cycles' });
    await cycles.getByText('Cycles are off for this project.').waitFor();
    await cycles.getByRole('checkbox', { name: 'Use cycles' }).check();
    await cycles.getByRole('combobox', { name: 'Length' }).selectOption('1');
    await cycles.getByRole('button', { name: 'Save Cycles' }).click();
    await cycles.getByText('Cycles saved.').waitFor();
    const current = cycles.getByRole('listitem').filter({ hasText: 'Current' });
    await current.getByRole('link', { name: 'Cycle 1' }).waitFor();

    const planned = await call<ProjectCycles>('GET', `/api/projects/${key}/cycles`, undefined, ada.token);
    const cycleId = planned.cycles.find((cycle) => cycle.state === 'current')!.id;
    const column = (name: string) => board.columns.find((c) => c.name === name)!;
    const made: IssueDto[] = [];
    for (const title of ['Draft the release notes', 'Fix the login loop', 'Polish the footer'])
      made.push(
        await call<IssueDto>(
          'POST',
          '/api/issues',
          { projectId: board.projectId, columnId: column('To Do').id, title, cycleId },
          bob.token,
        ),
      );
    // Bob finishes two of them: into Done, as a drag on the board does.
    for (const issue of made.slice(0, 2))
      await call(
        'PUT',
        `/api/issues/${issue.id}/position`,
        {
          sourceColumnId: column('To Do').id,
          destinationColumnId: column('Done').id,
          position: 0,
          boardId: board.id,
        },
        bob.token,
      );

    await current.getByRole('link', { name: 'Cycle 1' }).click();
    await adaPage.getByRole('heading', { level: 1, name: 'Cycle 1' }).waitFor();
    const tiles = adaPage.getByRole('definition');
    await tiles.first().getByText('3 issues').waitFor();
    expect(await tiles.allTextContents()).toEqual(['3 issues', '2 issues', '0 issues']);
    // Today's point of the burn-up: three in scope, two done (the chart's own table says so).
    const burnUp = adaPage.getByRole('table', { name: /at the end of each day/ });
    expect(await burnUp.getByRole('row').last().getByRole('cell').allTextContents()).toEqual(['3', '2']);
    const chart = adaPage.getByRole('img', { name: 'Burn-up: Cycle 1' });
    expect(await chart.locator('path[data-series="done"]').getAttribute('d')).toMatch(/^M/);
    const issues = adaPage.getByRole('region', { name: 'Issues (3)' });
    expect(await issues.getByRole('row').allTextContents()).toEqual([
      'KeyTitleStatusAssigneeEstimate',
      `${made[0]!.key}Draft the release notesDoneUnassigned`,
      `${made[1]!.key}Fix the login loopDoneUnassigned`,
      `${made[2]!.key}Polish the footerTo DoUnassigned`,
    ]);
  });
});
