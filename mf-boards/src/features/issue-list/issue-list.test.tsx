import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { IssueDto } from '@trackboard/contracts';
import { answer, fakeApi, type FakeRoute, renderRemoteAt, type RecordedCall } from '@trackboard/web-kit/testing';
import { useLocation } from 'react-router';
import BoardApp from '../../exposes/board-app';
import { ada, board, issue, signInAs } from '../../testing/board-fixtures';
import '../../testing/render-board';

// The board as a list, /boards/{id}?view=list: a row per issue the filter shows, sorted and
// grouped through the address, edited in place through the dialog's own store action.

// The list's code loads on first use, in a chunk of its own: slow to compile on a busy machine.
jest.setTimeout(20000);

/** jsdom lays nothing out: the list's scrolling box gets a large screen's size, so rows are drawn. */
const layout = { height: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight') };
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: Element) {
      return this.classList.contains('scroller') ? 600 : 0;
    },
  });
});
afterAll(() => {
  if (layout.height) Object.defineProperty(HTMLElement.prototype, 'clientHeight', layout.height);
});

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}
const address = () => screen.getByTestId('address').textContent;

const issues = [
  issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec', assigneeId: '8', priority: 'HIGH' }),
  issue({ id: '2', columnId: '10', position: 1, title: 'Draw the board' }),
  issue({ id: '3', columnId: '11', position: 0, title: 'Build the API', status: 'IN_PROGRESS', assigneeId: '7' }),
];

async function renderList(search = '?view=list', routes: Record<string, FakeRoute> = {}) {
  const server = fakeApi({ 'GET /api/boards/1': answer(200, board(issues)), ...routes });
  renderRemoteAt(BoardApp, ['boards/*'], `/boards/1${search}`, <Address />);
  await screen.findByRole('heading', { level: 1, name: 'Web board' });
  const grid = await screen.findByRole('grid', { name: 'Issues' }, { timeout: 10_000 });
  return { server, grid };
}

/** The rows below the header, as a person reads them: a group's name, or an issue's title. */
const rows = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('[data-row-focus]')!.textContent);
const header = (grid: HTMLElement, name: string) => within(grid).getByRole('columnheader', { name });

beforeEach(() => {
  signInAs(ada);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

it('shows the filtered issues as rows, in the board’s order, and the switch keeps the filter', async () => {
  const { grid } = await renderList('?view=list&q=the');
  expect(rows(grid)).toEqual(['Write the spec', 'Draw the board', 'Build the API']);
  expect(grid).toHaveAttribute('aria-rowcount', '4');
  const views = screen.getByRole('navigation', { name: 'View' });
  expect(within(views).getByRole('link', { name: 'List' })).toHaveAttribute('aria-current', 'page');
  expect(within(views).getByRole('link', { name: 'Board' })).not.toHaveAttribute('aria-current');

  fireEvent.click(within(views).getByRole('link', { name: 'Board' }));
  await screen.findByRole('region', { name: 'To Do' });
  expect(address()).toBe('/boards/1?q=the');
  expect(screen.queryByRole('grid')).not.toBeInTheDocument();
});

it('sorts by a header: ascending, then descending, in the address', async () => {
  const { grid } = await renderList();
  fireEvent.click(within(header(grid, 'Title')).getByRole('button'));
  await waitFor(() => expect(rows(grid)).toEqual(['Build the API', 'Draw the board', 'Write the spec']));
  expect(header(grid, 'Title')).toHaveAttribute('aria-sort', 'ascending');
  expect(address()).toBe('/boards/1?view=list&sort=title');

  fireEvent.click(within(header(grid, 'Title')).getByRole('button'));
  await waitFor(() => expect(rows(grid)).toEqual(['Write the spec', 'Draw the board', 'Build the API']));
  expect(header(grid, 'Title')).toHaveAttribute('aria-sort', 'descending');
  expect(header(grid, 'Key')).not.toHaveAttribute('aria-sort');
  expect(address()).toBe('/boards/1?view=list&sort=-title');
});

it('groups by assignee, with counts, "Unassigned" last; a group folds away', async () => {
  const { grid } = await renderList();
  fireEvent.change(screen.getByRole('combobox', { name: 'Group by' }), { target: { value: 'assignee' } });
  await waitFor(() =>
    expect(rows(grid)).toEqual([
      'Ada Lovelace 1 issue',
      'Build the API',
      'Grace Hopper 1 issue',
      'Write the spec',
      'Unassigned 1 issue',
      'Draw the board',
    ]),
  );
  expect(address()).toBe('/boards/1?view=list&group=assignee');

  const grace = within(grid).getByRole('button', { name: /Grace Hopper/ });
  expect(grace).toHaveAttribute('aria-expanded', 'true');
  fireEvent.click(grace);
  expect(grace).toHaveAttribute('aria-expanded', 'false');
  expect(rows(grid)).toEqual([
    'Ada Lovelace 1 issue',
    'Build the API',
    'Grace Hopper 1 issue',
    'Unassigned 1 issue',
    'Draw the board',
  ]);
});

it('changes a priority in the row through the issue’s PATCH', async () => {
  const patched = (call: RecordedCall) =>
    answer(200, {
      ...issues[0]!,
      ...(call.body as Partial<IssueDto>),
      version: 2,
      boardVersion: 6,
      rebalanced: [],
    });
  const { server, grid } = await renderList('?view=list', { 'PATCH /api/issues/1': patched });
  const menu = within(grid).getByRole('combobox', { name: 'Priority of WEB-1' });
  // Its choices are made once it may be used: until then it holds the chosen one alone.
  expect(
    within(menu)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['High']);
  fireEvent.focus(menu);
  expect(within(menu).getAllByRole('option')).toHaveLength(4);
  fireEvent.change(menu, { target: { value: 'CRITICAL' } });
  await waitFor(() => expect(server.callsTo('PATCH /api/issues/1')).toHaveLength(1));
  expect(server.callsTo('PATCH /api/issues/1')[0]!.body).toEqual({
    priority: 'CRITICAL',
    version: 1,
    base: { priority: 'HIGH' },
  });
  await waitFor(() =>
    expect(within(grid).getByRole('combobox', { name: 'Priority of WEB-1' })).toHaveValue('CRITICAL'),
  );
});

it('draws a row’s editors once it is in use: the current row, or one the pointer or the focus comes into', async () => {
  const { grid } = await renderList();
  const row = (title: string) =>
    within(grid).getByRole('button', { name: title }).closest<HTMLElement>('[role="row"]')!;
  // The current row (the first, until another is chosen) can be edited at once.
  expect(within(row('Write the spec')).getByRole('combobox', { name: 'Priority of WEB-1' })).toHaveValue('HIGH');
  expect(within(row('Write the spec')).getByLabelText('Due date of WEB-1')).toHaveValue('');
  // The others show their values as text until they are used.
  expect(within(row('Draw the board')).queryByRole('combobox')).not.toBeInTheDocument();
  expect(within(row('Draw the board')).getByText('Medium')).toBeInTheDocument();
  expect(within(row('Draw the board')).getByText('To Do')).toBeInTheDocument();

  fireEvent.pointerEnter(row('Draw the board'));
  expect(within(row('Draw the board')).getByRole('combobox', { name: 'Status of WEB-2' })).toHaveValue('10');
  expect(within(row('Draw the board')).getByRole('combobox', { name: 'Assignee of WEB-2' })).toHaveValue('');
  expect(within(row('Draw the board')).getByLabelText('Due date of WEB-2')).toBeInTheDocument();
  // The pointer leaving takes nothing back: a choice or a date may still be under way.
  fireEvent.pointerLeave(row('Draw the board'));
  expect(within(row('Draw the board')).getByRole('combobox', { name: 'Priority of WEB-2' })).toBeInTheDocument();

  act(() => within(row('Build the API')).getByRole('checkbox', { name: 'Select WEB-3' }).focus());
  expect(within(row('Build the API')).getByRole('combobox', { name: 'Priority of WEB-3' })).toBeInTheDocument();
});

it('moves between rows with j and k, Home and End, and opens the current one with Enter', async () => {
  const { grid } = await renderList('?view=list', {
    'GET /api/issues/3': answer(200, issues[2]),
    'GET /api/issues/3/comments': answer(200, []),
  });
  const title = (name: string) => within(grid).getByRole('button', { name });
  act(() => title('Write the spec').focus());
  fireEvent.keyDown(document.activeElement!, { key: 'j' });
  await waitFor(() => expect(title('Draw the board')).toHaveFocus());
  expect(title('Draw the board')).toHaveAttribute('tabindex', '0');
  expect(title('Write the spec')).toHaveAttribute('tabindex', '-1');
  fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
  await waitFor(() => expect(title('Build the API')).toHaveFocus());
  fireEvent.keyDown(document.activeElement!, { key: 'k' });
  await waitFor(() => expect(title('Draw the board')).toHaveFocus());
  fireEvent.keyDown(document.activeElement!, { key: 'Home' });
  await waitFor(() => expect(title('Write the spec')).toHaveFocus());
  fireEvent.keyDown(document.activeElement!, { key: 'End' });
  await waitFor(() => expect(title('Build the API')).toHaveFocus());

  fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
  await waitFor(() => expect(address()).toBe('/boards/1/issues/WEB-3?view=list'));
  expect(await screen.findByRole('dialog', {}, { timeout: 10_000 })).toBeInTheDocument();
});

it('offers no editing while the project is archived', async () => {
  const { grid } = await renderList('?view=list', {
    'GET /api/projects/WEB': answer(200, {
      id: '3',
      key: 'WEB',
      name: 'Website',
      description: '',
      archivedAt: '2025-02-01T09:00:00.000Z',
    }),
  });
  await waitFor(() => expect(within(grid).queryAllByRole('combobox')).toHaveLength(0));
  expect(within(grid).queryByRole('textbox')).not.toBeInTheDocument();
  expect(rows(grid)).toHaveLength(3);
});

it('picks rows for a bulk edit: a checkbox, a shift-click run along the sorted rows, and x', async () => {
  const { grid } = await renderList('?view=list&sort=title');
  expect(rows(grid)).toEqual(['Build the API', 'Draw the board', 'Write the spec']);
  fireEvent.click(within(grid).getByRole('checkbox', { name: 'Select WEB-3' }));
  fireEvent.click(within(grid).getByRole('checkbox', { name: 'Select WEB-1' }), { shiftKey: true });
  const bar = await screen.findByRole('region', { name: 'Bulk edit' });
  expect(within(bar).getByRole('status')).toHaveTextContent('3 issues selected');
  expect(within(grid).getByRole('checkbox', { name: 'Select all issues shown' })).toBeChecked();

  const title = within(grid).getAllByRole('row')[1]!.querySelector<HTMLElement>('[data-row-focus]')!;
  act(() => title.focus());
  fireEvent.keyDown(title, { key: 'x' });
  await waitFor(() => expect(within(bar).getByRole('status')).toHaveTextContent('2 issues selected'));
  expect(within(grid).getByRole('checkbox', { name: 'Select WEB-3' })).not.toBeChecked();
});
