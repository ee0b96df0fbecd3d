import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AssignedIssueDto, AssignedIssuesPageDto } from '@trackboard/contracts';
import { answer, fakeApi, installViewport } from '@trackboard/web-kit/testing';
import { renderShell, signInAs } from '../../testing/render-shell';

// My Issues, /my-issues (the dashboard's "View all"): every issue assigned to the user, grouped by
// project, narrowed by status, priority, type and project as a board is filtered, the choices
// kept in the address as the board keeps its filter (lower-case words, comma-separated), so a
// filtered list can be shared or bookmarked.

const issue = (n: number, fields: Partial<AssignedIssueDto> = {}): AssignedIssueDto => ({
  id: String(n),
  key: `WEB-${n}`,
  title: `Task ${n}`,
  status: 'TODO',
  priority: 'MEDIUM',
  type: 'TASK',
  projectKey: 'WEB',
  projectName: 'Web Platform',
  boardId: '3',
  ...fields,
});
const projects = [
  { key: 'API', name: 'Public API' },
  { key: 'WEB', name: 'Web Platform' },
];
const pageOf = (issues: AssignedIssueDto[], total = issues.length): AssignedIssuesPageDto => ({
  issues,
  total,
  projects,
});
const assignedCall = (query = '') => `GET /api/dashboard/assigned?${query ? `${query}&` : ''}limit=50`;

const path = () => screen.getByTestId('current-path').textContent;
const menu = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
const choose = (menuName: string, option: string) => {
  if (menu(menuName).getAttribute('aria-expanded') !== 'true') fireEvent.click(menu(menuName));
  fireEvent.click(screen.getByRole('checkbox', { name: option }));
};
const issueLinks = () =>
  screen
    .getAllByRole('listitem')
    .map((item) => within(item).queryAllByRole('link')[0]?.textContent)
    .filter(Boolean);

let server: ReturnType<typeof fakeApi>;
beforeEach(() => {
  installViewport(1280);
  server = fakeApi();
  signInAs();
});

describe('My Issues', () => {
  it('lists the open issues assigned to the user by project, each leading to its deep link', async () => {
    server.on(
      assignedCall(),
      answer(
        200,
        pageOf([
          issue(1, { projectKey: 'API', projectName: 'Public API', key: 'API-1', priority: 'HIGH', type: 'BUG' }),
          issue(2, { status: 'IN_PROGRESS' }),
          issue(3),
        ]),
      ),
    );
    renderShell('/my-issues');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Issues' })).toBeInTheDocument();
    expect(await screen.findByText('3 open issues assigned to you')).toBeInTheDocument();
    const groups = screen.getAllByRole('region');
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual(['Public API', 'Web Platform']);
    expect(within(groups[0]!).getByRole('listitem')).toHaveTextContent('API-1 Task 1To Do · High · Bug');
    expect(within(groups[1]!).getByRole('link', { name: 'WEB-2 Task 2' })).toHaveAttribute(
      'href',
      '/boards/3/issues/WEB-2',
    );
  });

  it('groups by status instead, in the workflow’s order, keeping the choice in the address', async () => {
    server.on(
      assignedCall(),
      answer(
        200,
        pageOf([
          issue(1, { status: 'IN_PROGRESS', projectKey: 'API', projectName: 'Public API', key: 'API-1' }),
          issue(2),
          issue(3, { status: 'IN_PROGRESS' }),
        ]),
      ),
    );
    renderShell('/my-issues');
    await screen.findByText('3 open issues assigned to you');
    const grouping = screen.getByRole('group', { name: 'Group by' });
    expect(within(grouping).getByRole('button', { name: 'Group by project' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(grouping).getByRole('button', { name: 'Group by status' }));
    await waitFor(() => expect(path()).toBe('/my-issues?group=status'));
    const groups = screen.getAllByRole('region');
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual(['To Do', 'In Progress']);
    expect(
      within(groups[1]!)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['API-1 Task 1', 'WEB-3 Task 3']);
    expect(within(groups[1]!).getAllByRole('listitem')[0]).toHaveTextContent('Public API');
    // No new request: the grouping is the page's own.
    expect(server.calls.filter((call) => call.path.startsWith('/api/dashboard/assigned'))).toHaveLength(1);
  });

  it('narrows by status, priority, type and project, keeping each choice in the address', async () => {
    server.on(assignedCall(), answer(200, pageOf([issue(1), issue(2)])));
    server.on(assignedCall('status=DONE'), answer(200, pageOf([issue(4, { status: 'DONE' })])));
    server.on(assignedCall('status=DONE&priority=HIGH'), answer(200, pageOf([])));
    server.on(
      assignedCall('status=DONE&priority=HIGH&type=BUG&project=API'),
      answer(
        200,
        pageOf([issue(5, { status: 'DONE', priority: 'HIGH', type: 'BUG', projectKey: 'API', key: 'API-5' })]),
      ),
    );
    renderShell('/my-issues');
    await screen.findByText('2 open issues assigned to you');

    choose('Status', 'Done');
    await waitFor(() => expect(path()).toBe('/my-issues?status=done'));
    expect(await screen.findByText('1 issue matches these filters')).toBeInTheDocument();
    expect(issueLinks()).toEqual(['WEB-4 Task 4']);

    choose('Priority', 'High');
    await waitFor(() => expect(path()).toBe('/my-issues?status=done&priority=high'));
    expect(await screen.findByText('No assigned issue matches these filters.')).toBeInTheDocument();

    choose('Type', 'Bug');
    choose('Project', 'Public API');
    await waitFor(() => expect(path()).toBe('/my-issues?status=done&priority=high&type=bug&project=API'));
    expect(await screen.findByText('1 issue matches these filters')).toBeInTheDocument();
    expect(menu('Status')).toHaveAccessibleName('Status (1 chosen)');

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(path()).toBe('/my-issues'));
    expect(await screen.findByText('2 open issues assigned to you')).toBeInTheDocument();
  });

  it('opens with the filters the address holds, its choices ticked', async () => {
    const call = assignedCall('status=TODO,IN_PROGRESS&priority=CRITICAL&project=WEB');
    server.on(call, answer(200, pageOf([issue(9, { priority: 'CRITICAL' })])));
    renderShell('/my-issues?status=todo,in_progress&priority=CRITICAL&project=web');
    expect(await screen.findByText('1 issue matches these filters')).toBeInTheDocument();
    expect(server.callsTo(call)).toHaveLength(1);
    fireEvent.click(menu('Status'));
    expect(screen.getByRole('checkbox', { name: 'To Do' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'In Progress' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Done' })).not.toBeChecked();
  });

  it('shows more on asking, fifty at a time', async () => {
    const first = Array.from({ length: 50 }, (_, i) => issue(i + 1));
    server.on(assignedCall(), answer(200, pageOf(first, 53)));
    server.on(
      'GET /api/dashboard/assigned?limit=50&offset=50',
      answer(200, pageOf([issue(51), issue(52), issue(53)], 53)),
    );
    renderShell('/my-issues');
    await screen.findByText('53 open issues assigned to you');
    expect(issueLinks()).toHaveLength(50);
    fireEvent.click(screen.getByRole('button', { name: 'Show more issues' }));
    await waitFor(() => expect(issueLinks()).toHaveLength(53));
    expect(screen.queryByRole('button', { name: 'Show more issues' })).not.toBeInTheDocument();
  });

  it('says so when nothing is assigned, and why when the list cannot be loaded', async () => {
    server.on(assignedCall(), answer(200, pageOf([])));
    server.on(assignedCall('type=EPIC'), answer(503, { message: 'Service unavailable' }));
    renderShell('/my-issues');
    expect(await screen.findByText('No open issues are assigned to you.')).toBeInTheDocument();
    choose('Type', 'Epic');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your issues: Service unavailable');
  });
});
