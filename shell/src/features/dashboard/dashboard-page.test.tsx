import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AdminDashboardDto, AssignedIssueDto, DashboardDto } from '@trackboard/contracts';
import { formatAbsoluteTime, useSession } from '@trackboard/web-kit';
import { answer, fakeApi, type FakeRoute, heldAnswer, installViewport } from '@trackboard/web-kit/testing';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router';
import { SWRConfig } from 'swr';
import { activeUser, renderShell, signInAs } from '../../testing/render-shell';
import DashboardPage from './dashboard-page';

// The dashboard at /dashboard with a fresh swr cache per render, quick retries, and stand-ins
// for the screens its links lead to. The server is answered at `fetch` (web-kit's fakeApi).

function Elsewhere({ name }: { name: string }) {
  const params = useParams();
  return (
    <h1>
      {name} {Object.values(params).join(' ')}
    </h1>
  );
}

function CurrentPath() {
  return <output data-testid="current-path">{useLocation().pathname}</output>;
}

function renderDashboard() {
  return render(
    <SWRConfig
      value={{ provider: () => new Map(), dedupingInterval: 0, revalidateOnFocus: false, errorRetryInterval: 10 }}
    >
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="boards/:boardId" element={<Elsewhere name="Board" />} />
          <Route path="boards/:boardId/issues/:key" element={<Elsewhere name="Issue" />} />
          <Route path="projects/:key" element={<Elsewhere name="Project" />} />
          <Route path="my-issues" element={<Elsewhere name="My Issues" />} />
          <Route path="admin/user-approval" element={<Elsewhere name="User Approval" />} />
        </Routes>
        <CurrentPath />
      </MemoryRouter>
    </SWRConfig>,
  );
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const assignedIssue = (fields: Partial<AssignedIssueDto> & Pick<AssignedIssueDto, 'id' | 'key' | 'title'>) =>
  ({
    status: 'TODO',
    priority: 'MEDIUM',
    type: 'TASK',
    projectKey: 'WEB',
    projectName: 'Web Platform',
    boardId: '77',
    ...fields,
  }) satisfies AssignedIssueDto;

function dashboardDto(fields: Partial<DashboardDto> = {}): DashboardDto {
  return {
    recentProjects: [{ id: '10', key: 'WEB', name: 'Web Platform', description: 'The public web site.' }],
    assignedIssues: [
      assignedIssue({ id: '501', key: 'WEB-12', title: 'Fix the login redirect', status: 'IN_PROGRESS' }),
    ],
    openAssignedCount: 1,
    recentActivity: [
      {
        id: 'a2',
        description: 'Ada Lovelace created "Fix the login redirect"',
        timestamp: minutesAgo(5),
        issue: { key: 'WEB-12', boardId: '77' },
      },
      { id: 'a1', description: 'Ada Lovelace created project WEB', timestamp: minutesAgo(3 * 60), issue: null },
    ],
    stats: { activeProjects: 3, totalTasks: 12 },
    ...fields,
  };
}

async function openDashboard(reply: FakeRoute = answer(200, dashboardDto())) {
  const server = fakeApi({ 'GET /api/dashboard': reply });
  renderDashboard();
  return server;
}

const card = (name: string) => within(screen.getByRole('region', { name }));
const loaded = () => screen.findByRole('region', { name: 'Active Projects' });
const errorBox = () => screen.findByRole('alert');

beforeEach(() => {
  installViewport(1280);
  signInAs();
});

describe('dashboard cards', () => {
  it('shows a skeleton while the dashboard loads, then the cards', async () => {
    const held = heldAnswer();
    await openDashboard(held.route);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading dashboard' })).toBeInTheDocument();

    held.release(answer(200, dashboardDto()));
    await loaded();
    expect(screen.queryByRole('status', { name: 'Loading dashboard' })).not.toBeInTheDocument();
  });

  it('counts active projects and total tasks', async () => {
    await openDashboard(answer(200, dashboardDto({ stats: { activeProjects: 3, totalTasks: 12 } })));
    await loaded();
    expect(card('Active Projects').getByRole('heading', { level: 2, name: 'Active Projects' })).toBeInTheDocument();
    expect(card('Active Projects').getByText('3')).toBeInTheDocument();
    expect(card('Total Tasks').getByText('12')).toBeInTheDocument();
  });

  it('shows zero counts as 0', async () => {
    await openDashboard(answer(200, dashboardDto({ stats: { activeProjects: 0, totalTasks: 0 } })));
    await loaded();
    expect(card('Active Projects').getByText('0')).toBeInTheDocument();
    expect(card('Total Tasks').getByText('0')).toBeInTheDocument();
  });

  it('asks for the dashboard as the signed-in user', async () => {
    const server = await openDashboard();
    await loaded();
    expect(server.callsTo('GET /api/dashboard')).toHaveLength(1);
    expect(server.callsTo('GET /api/dashboard')[0]!.headers.Authorization).toBe('Bearer t0ken');
  });

  it('is reached at / through the route map', async () => {
    fakeApi({ 'GET /api/dashboard': answer(200, dashboardDto()) });
    renderShell('/');
    expect(await screen.findByRole('region', { name: 'Total Tasks' })).toHaveTextContent('12');
    expect(screen.getByTestId('current-path')).toHaveTextContent('/dashboard');
  });
});

describe('recent activity', () => {
  const activityItems = () =>
    within(card('Recent Activity').getByRole('list', { name: 'Recent Activity' })).getAllByRole('listitem');

  it('lists each description with how long ago it was, newest first as the server sends it', async () => {
    const dashboard = dashboardDto();
    await openDashboard(answer(200, dashboard));
    await loaded();
    const items = activityItems();
    expect(items.map((item) => item.firstElementChild?.textContent)).toEqual([
      'Ada Lovelace created "Fix the login redirect"',
      'Ada Lovelace created project WEB',
    ]);
    const times = items.map((item) => item.querySelector('time')!);
    expect(times.map((time) => time.textContent)).toEqual(['5 minutes ago', '3 hours ago']);
    // The exact time on hover.
    expect(times[0]).toHaveAttribute('datetime', dashboard.recentActivity[0]!.timestamp);
    expect(times[0]).toHaveAttribute('title', formatAbsoluteTime(dashboard.recentActivity[0]!.timestamp));
  });

  it("leads from an item about an issue to the issue's deep link, showing its key", async () => {
    await openDashboard();
    await loaded();
    const [aboutIssue, aboutProject] = activityItems();
    expect(aboutIssue).toHaveTextContent('WEB-12 · 5 minutes ago');
    expect(within(aboutProject!).queryByRole('link')).not.toBeInTheDocument();
    fireEvent.click(within(aboutIssue!).getByRole('link', { name: 'Ada Lovelace created "Fix the login redirect"' }));
    expect(await screen.findByRole('heading', { name: 'Issue 77 WEB-12' })).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/boards/77/issues/WEB-12');
  });

  it("leads from an item about an issue to the issue's project too, by name when the dashboard knows it", async () => {
    const other = {
      id: 'a3',
      description: 'Grace Hopper moved "Rate limit search"',
      timestamp: minutesAgo(1),
      issue: { key: 'API-3', boardId: '78' },
    };
    await openDashboard(answer(200, dashboardDto({ recentActivity: [other, ...dashboardDto().recentActivity] })));
    await loaded();
    const [aboutApi, aboutWeb, aboutProject] = activityItems();
    // WEB is among the recent projects (named); API is not (its key stands in).
    expect(within(aboutWeb!).getByRole('link', { name: 'Web Platform' })).toHaveAttribute('href', '/projects/WEB');
    expect(within(aboutApi!).getByRole('link', { name: 'API' })).toHaveAttribute('href', '/projects/API');
    expect(within(aboutProject!).queryByRole('link')).not.toBeInTheDocument();
    fireEvent.click(within(aboutWeb!).getByRole('link', { name: 'Web Platform' }));
    expect(await screen.findByRole('heading', { name: 'Project WEB' })).toBeInTheDocument();
  });

  it('can be scrolled from the keyboard', async () => {
    await openDashboard();
    await loaded();
    expect(card('Recent Activity').getByRole('list')).toHaveAttribute('tabindex', '0');
  });

  it('says so when there is no activity', async () => {
    await openDashboard(answer(200, dashboardDto({ recentActivity: [] })));
    await loaded();
    expect(card('Recent Activity').getByText('No recent activity to display.')).toBeInTheDocument();
    expect(card('Recent Activity').queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows "Invalid Date" for a time it cannot read and "N/A" for a missing one', async () => {
    await openDashboard(
      answer(
        200,
        dashboardDto({
          recentActivity: [
            { id: 'a1', description: 'Something happened', timestamp: 'yesterday-ish' },
            { id: 'a0', description: 'Something else happened', timestamp: '' },
          ],
        }),
      ),
    );
    await loaded();
    expect(card('Recent Activity').getByText('Invalid Date')).toBeInTheDocument();
    expect(card('Recent Activity').getByText('N/A')).toBeInTheDocument();
  });
});

describe('assigned issues and recent projects', () => {
  it("names each assigned issue by its key, title and status, and opens the issue's deep link", async () => {
    const todo = assignedIssue({
      id: '502',
      key: 'API-3',
      title: 'Rate limit search',
      projectKey: 'API',
      projectName: 'Public API',
      boardId: '78',
    });
    await openDashboard(answer(200, dashboardDto({ assignedIssues: [...dashboardDto().assignedIssues, todo] })));
    await loaded();
    const issues = card('Assigned to Me');
    expect(issues.getByRole('link', { name: 'API-3 Rate limit search' })).toBeInTheDocument();
    expect(issues.getByText(/^In Progress/)).toBeInTheDocument();
    expect(issues.getByText(/^To Do/)).toBeInTheDocument();
    fireEvent.click(issues.getByRole('link', { name: 'WEB-12 Fix the login redirect' }));
    expect(await screen.findByRole('heading', { name: 'Issue 77 WEB-12' })).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/boards/77/issues/WEB-12');
  });

  it('leads from an assigned issue to its project too', async () => {
    await openDashboard();
    await loaded();
    const issues = card('Assigned to Me');
    const project = issues.getByRole('link', { name: 'Web Platform' });
    expect(project).toHaveAttribute('href', '/projects/WEB');
    fireEvent.click(project);
    expect(await screen.findByRole('heading', { name: 'Project WEB' })).toBeInTheDocument();
  });

  it('opens a recent project', async () => {
    await openDashboard();
    await loaded();
    const projects = card('Recent Projects');
    expect(projects.getByText('The public web site.')).toBeInTheDocument();
    fireEvent.click(projects.getByRole('link', { name: 'Web Platform (WEB)' }));
    expect(await screen.findByRole('heading', { name: 'Project WEB' })).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/projects/WEB');
  });

  it('says so when there are none', async () => {
    await openDashboard(answer(200, dashboardDto({ assignedIssues: [], openAssignedCount: 0, recentProjects: [] })));
    await loaded();
    expect(card('Assigned to Me').getByText('No open issues are assigned to you.')).toBeInTheDocument();
    expect(card('Recent Projects').getByText('No recent projects.')).toBeInTheDocument();
  });
});

describe('Assigned to Me: open issues by project, and View all', () => {
  const several = [
    assignedIssue({ id: '1', key: 'WEB-12', title: 'Fix the login redirect', status: 'IN_PROGRESS' }),
    assignedIssue({
      id: '2',
      key: 'API-3',
      title: 'Rate limit search',
      projectKey: 'API',
      projectName: 'Public API',
      priority: 'HIGH',
      type: 'BUG',
    }),
    assignedIssue({ id: '3', key: 'WEB-14', title: 'Dark mode for the docs site', status: 'BACKLOG' }),
  ];

  it('groups the issues under their projects, each project leading to its page', async () => {
    await openDashboard(answer(200, dashboardDto({ assignedIssues: several, openAssignedCount: 3 })));
    await loaded();
    const groups = card('Assigned to Me').getAllByRole('region');
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual(['Web Platform', 'Public API']);
    expect(
      within(groups[0]!)
        .getAllByRole('listitem')
        .map((item) => within(item).getByRole('link').textContent),
    ).toEqual(['WEB-12 Fix the login redirect', 'WEB-14 Dark mode for the docs site']);
    expect(within(groups[1]!).getByRole('listitem')).toHaveTextContent('API-3 Rate limit searchTo Do · High · Bug');
    expect(within(groups[1]!).getByRole('heading', { level: 3, name: 'Public API' })).toBeInTheDocument();
    expect(within(groups[1]!).getByRole('link', { name: 'Public API' })).toHaveAttribute('href', '/projects/API');
  });

  it('is a list of a few, not a scroller, and counts every open issue', async () => {
    await openDashboard(answer(200, dashboardDto({ assignedIssues: several, openAssignedCount: 12 })));
    await loaded();
    const assigned = card('Assigned to Me');
    expect(assigned.getByText('12 open')).toBeInTheDocument();
    for (const list of assigned.getAllByRole('list')) expect(list).not.toHaveAttribute('tabindex');
  });

  it('leads to My Issues with View all', async () => {
    await openDashboard(answer(200, dashboardDto({ assignedIssues: several, openAssignedCount: 12 })));
    await loaded();
    fireEvent.click(card('Assigned to Me').getByRole('link', { name: 'View all assigned issues' }));
    expect(await screen.findByRole('heading', { name: 'My Issues' })).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/my-issues');
  });
});

describe('pending approvals (administrators)', () => {
  const adminDashboard = (pending: number): AdminDashboardDto => ({
    countsByStatus: { PENDING_VERIFICATION: 1, PENDING_APPROVAL: pending, ACTIVE: 9, REJECTED: 0, SUSPENDED: 0 },
    registrationsPerDay: [],
    longestWaiting: [],
  });

  it('counts the accounts awaiting approval and leads to User Approval', async () => {
    signInAs({ ...activeUser, role: 'admin' });
    const server = fakeApi({
      'GET /api/dashboard': answer(200, dashboardDto()),
      'GET /api/dashboard/admin': answer(200, adminDashboard(3)),
    });
    renderDashboard();
    const approvals = within(await screen.findByRole('region', { name: 'Pending Approvals' }));
    expect(await approvals.findByText('3')).toBeInTheDocument();
    expect(approvals.getByText('accounts await approval')).toBeInTheDocument();
    fireEvent.click(approvals.getByRole('link', { name: 'Review in User Approval' }));
    expect(await screen.findByRole('heading', { name: 'User Approval' })).toBeInTheDocument();
    expect(server.callsTo('GET /api/dashboard/admin')[0]!.headers.Authorization).toBe('Bearer t0ken');
  });

  it('says when none is waiting', async () => {
    signInAs({ ...activeUser, role: 'admin' });
    fakeApi({
      'GET /api/dashboard': answer(200, dashboardDto()),
      'GET /api/dashboard/admin': answer(200, adminDashboard(1)),
    });
    renderDashboard();
    const approvals = within(await screen.findByRole('region', { name: 'Pending Approvals' }));
    expect(await approvals.findByText('account awaits approval')).toBeInTheDocument();
  });

  it('says so when the count cannot be loaded', async () => {
    signInAs({ ...activeUser, role: 'admin' });
    fakeApi({ 'GET /api/dashboard': answer(200, dashboardDto()), 'GET /api/dashboard/admin': answer(404) });
    renderDashboard();
    const approvals = within(await screen.findByRole('region', { name: 'Pending Approvals' }));
    expect(await approvals.findByText('Failed to fetch admin dashboard data')).toBeInTheDocument();
  });

  it('is not shown, nor asked for, to anyone else', async () => {
    const server = await openDashboard();
    await loaded();
    expect(screen.queryByRole('region', { name: 'Pending Approvals' })).not.toBeInTheDocument();
    expect(server.callsTo('GET /api/dashboard/admin')).toHaveLength(0);
  });
});

describe('load failures', () => {
  it.each<[string, FakeRoute, string]>([
    ['the server message', answer(403, { message: 'Your account is not active.' }), 'Your account is not active.'],
    ['the default without one', answer(404), 'Failed to fetch dashboard data'],
    [
      'the default when the server cannot be reached',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Failed to fetch dashboard data',
    ],
    [
      'the unexpected-error text for an answer that is not a dashboard',
      answer(200, { recentActivity: 'none' }),
      'An unexpected error occurred. Please try again later.',
    ],
  ])('shows "Error Loading Dashboard" with %s', async (_case, reply, text) => {
    await openDashboard(reply);
    const box = await errorBox();
    expect(within(box).getByRole('heading', { name: 'Error Loading Dashboard' })).toBeInTheDocument();
    expect(box).toHaveTextContent(text);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading dashboard' })).not.toBeInTheDocument();
  });

  it('asks again after a server failure, and shows the dashboard once it answers', async () => {
    let calls = 0;
    const server = await openDashboard(() =>
      ++calls === 1 ? answer(503, { message: 'Service unavailable' }) : answer(200, dashboardDto()),
    );
    expect(await errorBox()).toHaveTextContent('Service unavailable');
    expect(await screen.findByRole('region', { name: 'Total Tasks' }, { timeout: 2000 })).toHaveTextContent('12');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(server.callsTo('GET /api/dashboard')).toHaveLength(2);
  });

  it('does not ask again after a refusal', async () => {
    const server = await openDashboard(answer(404, { message: 'Not found' }));
    await errorBox();
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(server.callsTo('GET /api/dashboard')).toHaveLength(1);
  });
});

describe('who the dashboard belongs to', () => {
  it("loads the new user's dashboard when someone else signs in, never showing the previous one", async () => {
    const grace = { ...activeUser, id: 'u-2', name: 'Grace Hopper', email: 'grace@example.com' };
    const held = heldAnswer();
    await openDashboard(({ headers }) =>
      headers.Authorization === 'Bearer t0ken' ? answer(200, dashboardDto()) : held.route(),
    );
    expect(await screen.findByRole('region', { name: 'Total Tasks' })).toHaveTextContent('12');

    act(() => useSession.getState().signIn('grace-token', grace));
    expect(await screen.findByRole('status', { name: 'Loading dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Total Tasks' })).not.toBeInTheDocument();
    held.release(answer(200, dashboardDto({ stats: { activeProjects: 1, totalTasks: 4 } })));
    await waitFor(() => expect(card('Total Tasks').getByText('4')).toBeInTheDocument());
  });
});
