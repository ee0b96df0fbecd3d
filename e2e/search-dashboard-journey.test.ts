import type { BoardDto, IssueDto, ProjectDto, SessionResponse, WatchState } from '@trackboard/contracts';
import type { Page } from 'playwright-core';
import { eventually } from './support/poll';
import { teamBoard } from './support/team-board';
import { uniqueKey } from './support/unique';

// In Chromium: the palette's "Show all N results" leads to the results page, best match first;
// the dashboard's "Assigned to Me" leads on to My Issues, filtered by priority in the address; the
// Watch button counts the commenter once a comment is posted, in both people's dialogs. Ada leads a
// project of her own with Bob on its team; each journey arranges its issues through the API.
describe('finding work: search, the dashboard, watching', () => {
  const team = teamBoard('SDJ', 'Docs');
  let ada: SessionResponse & { email: string };
  let bob: SessionResponse & { email: string };
  let board: BoardDto;
  let adaPage: Page;
  let bobPage: Page;

  const api = () => team.journey.api;
  const url = (path: string) => `${team.app.url}${path}`;
  const columnId = (of: BoardDto, name: string) => of.columns.find((c) => c.name === name)!.id;
  const givenIssue = (
    title: string,
    fields: { board?: BoardDto; column?: string; description?: string; assigneeId?: string; priority?: string } = {},
  ) => {
    const { board: on = board, column = 'To Do', ...rest } = fields;
    return api().call<IssueDto>(
      'POST',
      '/api/issues',
      { projectId: on.projectId, columnId: columnId(on, column), title, type: 'TASK', priority: 'MEDIUM', ...rest },
      ada.token,
    );
  };
  const pathOf = (page: Page) => {
    const { pathname, search } = new URL(page.url());
    return pathname + search;
  };

  beforeEach(() => ({ ada, bob, board, adaPage, bobPage } = team));

  it('palette: “dark” lists ten, “Show all 13 results” opens the results page with “Dark mode for the docs site” first', async () => {
    for (let i = 1; i <= 12; i++)
      await givenIssue(`Darker shadows ${i}`, { description: 'The dark theme is too dark, darker than dark.' });
    const wanted = await givenIssue('Dark mode for the docs site');
    await adaPage.goto(url('/dashboard'));
    await adaPage.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    await adaPage.keyboard.press('Control+K');
    const palette = adaPage.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('combobox').pressSequentially('dark');
    // The best match first, the answer to the text now typed (enabled).
    const hits = palette.getByRole('option', { name: /^SDJ/, disabled: false });
    await palette.getByRole('option', { name: /Dark mode for the docs site/, disabled: false }).waitFor();
    expect(await hits.first().textContent()).toContain('Dark mode for the docs site');
    expect(await hits.count()).toBe(10);
    await palette.getByRole('option', { name: 'Show all 13 results', disabled: false }).click();

    await adaPage.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
    expect(pathOf(adaPage)).toBe('/search?q=dark');
    await adaPage.getByText('13 results for “dark”').waitFor();
    const found = adaPage.getByRole('list', { name: 'Issues found' }).getByRole('listitem');
    expect(await found.count()).toBe(13);
    await found
      .first()
      .getByRole('link', { name: `${wanted.key} Dark mode for the docs site` })
      .click();
    await adaPage
      .getByRole('dialog')
      .getByRole('button', { name: 'Dark mode for the docs site, edit title' })
      .waitFor();
  });

  it('dashboard: open issues by project, View all → My Issues, filtered by priority in the address', async () => {
    const me = String(ada.user.id);
    const otherKey = uniqueKey('SDK');
    const other = await api().createProject(ada, `Another ${otherKey}`, otherKey);
    const otherBoard = await api().call<BoardDto>('GET', `/api/boards/${other.boards[0]!.id}`, undefined, ada.token);
    const urgent = await givenIssue('Publish the release notes', { assigneeId: me, priority: 'HIGH' });
    await givenIssue('Tidy the footer', { assigneeId: me });
    await givenIssue('Already shipped', { assigneeId: me, column: 'Done' });
    await givenIssue('Rotate the keys', { board: otherBoard, assigneeId: me });

    await adaPage.goto(url('/dashboard'));
    const assigned = adaPage.getByRole('region', { name: 'Assigned to Me' });
    await assigned.getByText('3 open').waitFor();
    const project = (p: Pick<ProjectDto, 'name'>) => assigned.getByRole('region', { name: p.name });
    await project({ name: `Docs ${board.projectKey}` })
      .getByRole('link', { name: /Publish the release notes/ })
      .waitFor();
    await project(other)
      .getByRole('link', { name: /Rotate the keys/ })
      .waitFor();
    expect(await assigned.getByText('Already shipped').count()).toBe(0);

    await assigned.getByRole('link', { name: 'View all assigned issues' }).click();
    await adaPage.getByRole('heading', { level: 1, name: 'My Issues' }).waitFor();
    await adaPage.getByText('3 open issues assigned to you').waitFor();
    await adaPage.getByRole('button', { name: /^Priority/ }).click();
    // A click, not check(): the box follows the address, which changes a moment after the click.
    await adaPage.getByRole('checkbox', { name: 'High' }).click();
    await adaPage.getByText('1 issue matches these filters').waitFor();
    expect(pathOf(adaPage)).toBe('/my-issues?priority=high');

    // The address alone brings the filtered list back.
    await adaPage.reload();
    await adaPage.getByText('1 issue matches these filters').waitFor();
    const items = adaPage.getByRole('main').getByRole('listitem');
    expect(await items.count()).toBe(1);
    await items.getByRole('link', { name: `${urgent.key} Publish the release notes` }).waitFor();
  });

  it('watching: after Bob comments, both dialogs read “Unwatch/Watch, 2 watchers” without a reload', async () => {
    const issue = await givenIssue('Pick the docs theme');
    const watchOf = (who: SessionResponse) =>
      api().call<WatchState>('GET', `/api/issues/${issue.id}/watch`, undefined, who.token);
    // Ada reported it: she watches once the notification service has handled its creation.
    await eventually(async () => (await watchOf(ada)).watcherCount, 1);

    const openDialog = async (page: Page) => {
      await page.goto(url(`/boards/${board.id}/issues/${issue.key}`));
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Pick the docs theme, edit title' }).waitFor();
      return dialog;
    };
    const [adaDialog, bobDialog] = await Promise.all([openDialog(adaPage), openDialog(bobPage)]);
    await bobDialog.getByRole('button', { name: 'Watch, 1 watcher', exact: true }).waitFor();
    await adaDialog.getByRole('button', { name: 'Unwatch, 1 watcher', exact: true }).waitFor();

    await bobDialog.getByPlaceholder('Add a comment...').fill('Dark, please.');
    await bobDialog.getByRole('button', { name: 'Post Comment' }).click();
    await bobDialog.getByText('Dark, please.').waitFor();

    await bobDialog.getByRole('button', { name: 'Unwatch, 2 watchers', exact: true }).waitFor();
    await adaDialog.getByText('Dark, please.').waitFor();
    await adaDialog.getByRole('button', { name: 'Unwatch, 2 watchers', exact: true }).waitFor();
    expect(await watchOf(bob)).toEqual({ watching: true, watcherCount: 2 });
  });
});
