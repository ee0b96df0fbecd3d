import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CycleDto, CycleReport, ProjectCycles } from '@trackboard/contracts';
import { answer, fakeApi, type FakeRoute, type RecordedCall } from '@trackboard/web-kit/testing';
import { ada, bob, projectDto, renderProjectsAt, signInAs } from '../../testing/render-projects';

// A project's cycles: listed on its page for every member, planned by the lead; a cycle's page
// with its numbers, its burn-up and its issues.

const web = projectDto({ others: [bob], estimateScale: 'points' });
const tally = (issues: number, points: number) => ({ issues, points });
const cycle = (number: number, startsOn: string, endsOn: string, state: CycleDto['state']): CycleDto => ({
  id: String(40 + number),
  number,
  name: `Cycle ${number}`,
  startsOn,
  endsOn,
  state,
  scope: tally(4, 10),
  done: tally(1, 3),
  started: tally(2, 5),
});
const planned: ProjectCycles = {
  projectKey: 'WEB',
  settings: { enabled: true, weeks: 2, startDay: 1 },
  cycles: [
    cycle(1, '2031-02-17', '2031-03-03', 'past'),
    cycle(2, '2031-03-03', '2031-03-17', 'current'),
    cycle(3, '2031-03-17', '2031-03-31', 'upcoming'),
  ],
};
const off: ProjectCycles = { projectKey: 'WEB', settings: { enabled: false, weeks: 2, startDay: 1 }, cycles: [] };

async function openProject(user = ada, routes: Record<string, FakeRoute> = {}) {
  signInAs(user);
  const server = fakeApi({ 'GET /api/projects/WEB': answer(200, web), ...routes });
  renderProjectsAt('/projects/WEB');
  await screen.findByRole('heading', { level: 1, name: web.name });
  return server;
}
const section = () => screen.getByRole('region', { name: 'Cycles' });

describe('the project page’s cycles', () => {
  it('lists the cycles for a member, each leading to its page, without the plan', async () => {
    await openProject(bob, { 'GET /api/projects/WEB/cycles': answer(200, planned) });
    const items = await within(section()).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Cycle 1EndedFeb 17 – Mar 21 of 4 done',
      'Cycle 2CurrentMar 3 – Mar 161 of 4 done',
      'Cycle 3UpcomingMar 17 – Mar 301 of 4 done',
    ]);
    expect(within(section()).getByRole('link', { name: 'Cycle 2' })).toHaveAttribute('href', '/projects/WEB/cycles/42');
    expect(within(section()).queryByRole('checkbox', { name: 'Use cycles' })).toBeNull();
  });

  it('lets the lead turn cycles on with a length and a start day', async () => {
    const server = await openProject(ada, {
      'GET /api/projects/WEB/cycles': answer(200, off),
      'PUT /api/projects/WEB/cycles': (call: RecordedCall) =>
        answer(200, { ...planned, settings: call.body as ProjectCycles['settings'] }),
    });
    expect(await within(section()).findByText('Cycles are off for this project.')).toBeInTheDocument();
    const save = within(section()).getByRole('button', { name: 'Save Cycles' });
    expect(save).toBeDisabled();
    expect(within(section()).getByRole('combobox', { name: 'Length' })).toBeDisabled();
    fireEvent.click(within(section()).getByRole('checkbox', { name: 'Use cycles' }));
    fireEvent.change(within(section()).getByRole('combobox', { name: 'Length' }), { target: { value: '3' } });
    fireEvent.change(within(section()).getByRole('combobox', { name: 'Starts on' }), { target: { value: '4' } });
    fireEvent.click(save);
    await waitFor(() =>
      expect(server.callsTo('PUT /api/projects/WEB/cycles').map((c) => c.body)).toEqual([
        { enabled: true, weeks: 3, startDay: 4 },
      ]),
    );
    expect(await within(section()).findByText('Cycles saved.')).toBeInTheDocument();
    expect(within(section()).getAllByRole('listitem')).toHaveLength(3);
  });

  it('says why a plan was refused', async () => {
    await openProject(ada, {
      'GET /api/projects/WEB/cycles': answer(200, off),
      'PUT /api/projects/WEB/cycles': answer(409, { message: 'This project is archived.' }),
    });
    fireEvent.click(await within(section()).findByRole('checkbox', { name: 'Use cycles' }));
    fireEvent.click(within(section()).getByRole('button', { name: 'Save Cycles' }));
    expect(
      await within(section()).findByText('Could not save the cycles: This project is archived.'),
    ).toBeInTheDocument();
  });
});

describe('a cycle’s page', () => {
  const report: CycleReport = {
    ...cycle(2, '2031-03-03', '2031-03-17', 'current'),
    projectKey: 'WEB',
    issues: [
      {
        id: '5',
        key: 'WEB-5',
        boardId: '77',
        title: 'Ship it',
        status: 'DONE',
        assigneeId: '2',
        owner: 'Bob Builder',
        estimate: 3,
        updatedAt: '2031-03-04T10:00:00.000Z',
      },
      {
        id: '6',
        key: 'WEB-6',
        boardId: '77',
        title: 'Test it',
        status: 'IN_PROGRESS',
        assigneeId: null,
        owner: '',
        estimate: null,
        updatedAt: '2031-03-04T10:00:00.000Z',
      },
    ],
    burnUp: [
      { date: '2031-03-03', scope: tally(1, 3), done: tally(0, 0) },
      { date: '2031-03-04', scope: tally(2, 3), done: tally(1, 3) },
    ],
  };

  it('shows its numbers, its burn-up as a chart and as a table, and its issues', async () => {
    signInAs(bob);
    fakeApi({ 'GET /api/projects/WEB': answer(200, web), 'GET /api/cycles/42': answer(200, report) });
    renderProjectsAt('/projects/WEB/cycles/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cycle 2' })).toBeInTheDocument();
    expect(screen.getByText('Mar 3 – Mar 16')).toBeInTheDocument();
    const tiles = () => screen.getAllByRole('definition').map((d) => d.textContent);
    expect(tiles()).toEqual(['4 issues', '1 issue', '2 issues']);
    const chart = screen.getByRole('img', { name: 'Burn-up: Cycle 2' });
    expect(chart).toHaveAccessibleDescription('Issues in Cycle 2 (scope) and finished (done) at the end of each day.');
    expect(chart.querySelectorAll('path[data-series]')).toHaveLength(2);
    const burnUpTable = screen.getByRole('table', { name: /at the end of each day/ });
    expect(
      within(burnUpTable)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DayScopeDone', 'Mar 310', 'Mar 421']);
    fireEvent.click(screen.getByRole('radio', { name: 'Points' }));
    expect(tiles()).toEqual(['10 points', '3 points', '5 points']);
    const issues = screen.getByRole('region', { name: 'Issues (2)' });
    expect(
      within(issues)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['KeyTitleStatusAssigneeEstimate', 'WEB-5Ship itDoneBob Builder3', 'WEB-6Test itIn ProgressUnassigned']);
    expect(within(issues).getByRole('link', { name: 'WEB-5' })).toHaveAttribute('href', '/issues/WEB-5');
  });

  it('says so for a cycle the caller may not see', async () => {
    signInAs(bob);
    fakeApi({
      'GET /api/projects/WEB': answer(200, web),
      'GET /api/cycles/99': answer(404, { message: 'Cycle not found' }),
    });
    renderProjectsAt('/projects/WEB/cycles/99');
    expect(await screen.findByText('Cycle not found')).toBeInTheDocument();
  });
});
