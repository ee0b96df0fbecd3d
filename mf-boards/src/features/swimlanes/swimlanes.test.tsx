import axe from 'axe-core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BoardDto, IssueDto } from '@trackboard/contracts';
import { socketManager } from '@trackboard/web-kit';
import { answer, fakeApi, openedSockets, renderRemoteAt, type FakeRoute } from '@trackboard/web-kit/testing';
import { useLocation } from 'react-router';
import BoardApp from '../../exposes/board-app';
import { ada, board, issue, resetBoardStore, signInAs } from '../../testing/board-fixtures';
import { installDomPolyfills } from '../../testing/dom-polyfills';
import { fakeDataTransfer } from '../../testing/fake-data-transfer';

// The board in swimlanes (`?groupBy=`), mounted as the shell mounts it, with the server faked.

installDomPolyfills();

const spec = issue({
  id: '1',
  columnId: '10',
  position: 0,
  title: 'Write the spec',
  assigneeId: '7',
  priority: 'HIGH',
  labelIds: ['31', '32'],
});
const draw = issue({ id: '2', columnId: '10', position: 1, title: 'Draw the board', assigneeId: '8', priority: 'LOW' });
const cream = issue({ id: '4', columnId: '10', position: 2, title: 'Crème brûlée' });
const tests = issue({
  id: '5',
  columnId: '10',
  position: 3,
  title: 'Write the tests',
  assigneeId: '7',
  labelIds: ['31'],
});
const api = issue({
  id: '3',
  columnId: '11',
  position: 0,
  title: 'Build the API',
  assigneeId: '8',
  priority: 'HIGH',
  labelIds: ['32'],
  status: 'IN_PROGRESS',
});

/** To Do: Write the spec (Ada, High, Backend + Frontend), Draw the board (Grace, Low), Crème brûlée (nobody), Write the tests (Ada, Backend); In Progress: Build the API (Grace, High, Frontend). */
const laneBoard = (): BoardDto =>
  board([spec, draw, cream, tests, api], {
    labels: [
      { id: '31', boardId: '1', name: 'Backend', color: 'blue' },
      { id: '32', boardId: '1', name: 'Frontend', color: 'green' },
    ],
  });

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}
const address = () => screen.getByTestId('address').textContent;

async function openBoard(query = '', routes: Record<string, FakeRoute> = {}) {
  const server = fakeApi({ 'GET /api/boards/1': answer(200, laneBoard()), ...routes });
  renderRemoteAt(BoardApp, ['boards/*'], `/boards/1${query}`, <Address />);
  await screen.findByRole('heading', { level: 1, name: 'Web board' });
  if (query.includes('groupBy') && !query.includes('view=')) await screen.findByTestId('board-lanes');
  return server;
}

const lanesView = () => screen.getByTestId('board-lanes');
const lane = (title: string) => within(lanesView()).getByRole('region', { name: title });
/** The lanes' titles and the count each shows, top to bottom. */
const laneSummary = () =>
  within(lanesView())
    .getAllByRole('region')
    .map((region) => within(region).getByRole('button', { expanded: true }).textContent);
/** A lane's cards in one column, as drawn. */
const titlesIn = (laneTitle: string, columnName: string) =>
  within(within(lane(laneTitle)).getByRole('group', { name: `${columnName} ${laneTitle}` }))
    .queryAllByRole('button')
    .filter((button) => button.hasAttribute('data-issue-id'))
    .map((button) => button.textContent);
const cardIn = (laneTitle: string, title: string) => within(lane(laneTitle)).getByRole('button', { name: title });
const cellOf = (laneTitle: string, columnName: string) =>
  within(lane(laneTitle)).getByRole('group', { name: `${columnName} ${laneTitle}` });
const groupSelect = () => screen.getByRole('combobox', { name: 'Group' });

/** A mouse drag of a card (its box) onto a lane's cell, through the HTML5 backend. */
async function dragCard(laneTitle: string, title: string, target: HTMLElement) {
  const transfer = fakeDataTransfer();
  const source = cardIn(laneTitle, title).closest('[data-card]')!;
  fireEvent.dragStart(source, { dataTransfer: transfer, clientX: 5, clientY: 5 });
  // The backend makes the drag known on the next tick.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  fireEvent.dragEnter(target, { dataTransfer: transfer, clientX: 10, clientY: 5 });
  fireEvent.dragOver(target, { dataTransfer: transfer, clientX: 10, clientY: 5 });
  fireEvent.drop(target, { dataTransfer: transfer, clientX: 10, clientY: 5 });
  fireEvent.dragEnd(source, { dataTransfer: transfer });
}

/** The server's answer to a PATCH: the issue as changed, at board version 6 (the board's 5, plus one). */
const patched = (before: IssueDto, changes: Partial<IssueDto>) =>
  answer(200, { ...before, ...changes, version: before.version + 1, boardVersion: 6 });

beforeAll(() => {
  // jsdom has no DragEvent: a MouseEvent under its name, so a drag event carries its clientX.
  (window as unknown as Record<string, unknown>).DragEvent ??= class DragEvent extends MouseEvent {};
});
beforeEach(() => {
  resetBoardStore();
  socketManager.disconnect();
  openedSockets.length = 0;
  signInAs(ada);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('grouping from the address', () => {
  it('by assignee: a lane per person with their count, Unassigned last, the columns in each', async () => {
    await openBoard('?groupBy=assignee');
    expect(laneSummary()).toEqual(['▸Ada Lovelace2 issues', '▸Grace Hopper2 issues', '▸Unassigned1 issue']);
    expect(titlesIn('Ada Lovelace', 'To Do')).toEqual(['Write the spec', 'Write the tests']);
    expect(titlesIn('Ada Lovelace', 'In Progress')).toEqual([]);
    expect(titlesIn('Grace Hopper', 'In Progress')).toEqual(['Build the API']);
    expect(titlesIn('Unassigned', 'To Do')).toEqual(['Crème brûlée']);
    // The column headers once, on top, with the columns' counts.
    expect(screen.getAllByRole('heading', { level: 2, name: 'To Do' })).toHaveLength(1);
    expect(within(lanesView()).getByLabelText('4 issues')).toHaveTextContent('4');
    expect(groupSelect()).toHaveValue('assignee');
    expect(screen.queryByTestId('board-columns')).toBeNull();
  });

  it('by priority: the most urgent first, every priority (nothing is filtered)', async () => {
    await openBoard('?groupBy=priority');
    expect(laneSummary()).toEqual(['▸Critical0 issues', '▸High2 issues', '▸Medium2 issues', '▸Low1 issue']);
    expect(titlesIn('High', 'To Do')).toEqual(['Write the spec']);
    expect(titlesIn('High', 'In Progress')).toEqual(['Build the API']);
  });

  it('by label: an issue with two labels in both lanes (and the page says so), No label last', async () => {
    await openBoard('?groupBy=label');
    expect(laneSummary()).toEqual(['▸Backend2 issues', '▸Frontend2 issues', '▸No label2 issues']);
    expect(titlesIn('Backend', 'To Do')).toEqual(['Write the spec', 'Write the tests']);
    expect(titlesIn('Frontend', 'To Do')).toEqual(['Write the spec']);
    expect(titlesIn('No label', 'To Do')).toEqual(['Draw the board', 'Crème brûlée']);
    expect(screen.getByText('An issue with several labels shows in each of its labels’ lanes.')).toBeInTheDocument();
  });

  it('without groupBy the board is its columns, and Group picks the lanes (Back undoes it)', async () => {
    await openBoard();
    expect(screen.getByTestId('board-columns')).toBeInTheDocument();
    expect(screen.queryByTestId('board-lanes')).toBeNull();
    expect(groupSelect()).toHaveValue('');
    expect([...groupSelect().querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'None',
      'Assignee',
      'Priority',
      'Label',
    ]);

    fireEvent.change(groupSelect(), { target: { value: 'priority' } });
    expect(address()).toBe('/boards/1?groupBy=priority');
    await screen.findByTestId('board-lanes');
    expect(laneSummary()[1]).toBe('▸High2 issues');

    fireEvent.change(groupSelect(), { target: { value: '' } });
    expect(address()).toBe('/boards/1');
    expect(screen.getByTestId('board-columns')).toBeInTheDocument();
  });

  it('the list view keeps its own grouping: no Group control there', async () => {
    await openBoard('?view=list&groupBy=assignee');
    expect(screen.queryByRole('combobox', { name: 'Group' })).toBeNull();
    expect(screen.queryByTestId('board-lanes')).toBeNull();
  });
});

it('a lane folds away and back, its button saying so', async () => {
  await openBoard('?groupBy=assignee');
  const toggle = within(lane('Ada Lovelace')).getByRole('button', { name: 'Ada Lovelace 2 issues' });
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  fireEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(within(lane('Ada Lovelace')).queryByRole('button', { name: 'Write the spec' })).toBeNull();
  expect(document.getElementById(toggle.getAttribute('aria-controls')!)).not.toBeVisible();
  // Another lane stays open.
  expect(titlesIn('Grace Hopper', 'To Do')).toEqual(['Draw the board']);
  fireEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(titlesIn('Ada Lovelace', 'To Do')).toEqual(['Write the spec', 'Write the tests']);
});

// Colours aside (jsdom draws nothing), and the page's landmarks: the shell's <main> holds the board.
it('the lanes and the Group control pass axe', async () => {
  // jsdom has no canvas (axe measures icon fonts on one): none, as in a browser without it.
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  await openBoard('?groupBy=label');
  fireEvent.click(within(lane('Backend')).getByRole('button', { name: 'Backend 2 issues' }));
  const results = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

describe('a card dropped in another lane', () => {
  it('by assignee: moves the card and sets its assignee', async () => {
    const server = await openBoard('?groupBy=assignee', {
      'PUT /api/issues/4/position': answer(200, { issues: [{ ...cream, columnId: '11', position: 0 }], version: 6 }),
      'PATCH /api/issues/4': patched({ ...cream, columnId: '11', position: 0 }, { assigneeId: '7' }),
    });
    await dragCard('Unassigned', 'Crème brûlée', cellOf('Ada Lovelace', 'In Progress'));
    await waitFor(() => expect(server.callsTo('PATCH /api/issues/4')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/issues/4')[0]!.body).toEqual({
      assigneeId: '7',
      version: 1,
      base: { assigneeId: null },
    });
    expect(server.callsTo('PUT /api/issues/4/position').map((c) => c.body)).toEqual([
      { sourceColumnId: '10', destinationColumnId: '11', position: 1, boardId: '1' },
    ]);
    await waitFor(() => expect(titlesIn('Ada Lovelace', 'In Progress')).toEqual(['Crème brûlée']));
    expect(titlesIn('Unassigned', 'To Do')).toEqual([]);
    expect(laneSummary()[2]).toBe('▸Unassigned0 issues');

    // Undo takes the assignee back (the move offers its own Undo).
    server.on(
      'PATCH /api/issues/4',
      patched({ ...cream, columnId: '11', position: 0, version: 2 }, { assigneeId: null }),
    );
    const toast = (await screen.findByText('Moved Crème brûlée to Ada Lovelace.')).closest('li')!;
    fireEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(server.callsTo('PATCH /api/issues/4')).toHaveLength(2));
    expect(server.callsTo('PATCH /api/issues/4')[1]!.body).toMatchObject({
      assigneeId: null,
      base: { assigneeId: '7' },
    });
  });

  it('by priority: sets the priority; within its column, no move is sent when its place stays', async () => {
    const server = await openBoard('?groupBy=priority', {
      'PATCH /api/issues/2': patched(draw, { priority: 'HIGH' }),
    });
    // Dropped at the end of High's To Do: after Write the spec, which is where it is already.
    await dragCard('Low', 'Draw the board', cellOf('High', 'To Do'));
    await waitFor(() => expect(server.callsTo('PATCH /api/issues/2')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/issues/2')[0]!.body).toEqual({
      priority: 'HIGH',
      version: 1,
      base: { priority: 'LOW' },
    });
    expect(server.callsTo('PUT /api/issues/2/position')).toEqual([]);
    await waitFor(() => expect(titlesIn('High', 'To Do')).toEqual(['Write the spec', 'Draw the board']));
  });

  it('into a lane no card is in yet (nothing filtered, every priority has one)', async () => {
    const server = await openBoard('?groupBy=priority', {
      'PUT /api/issues/2/position': answer(200, { issues: [{ ...draw, columnId: '11', position: 1 }], version: 6 }),
      'PATCH /api/issues/2': patched({ ...draw, columnId: '11', position: 1 }, { priority: 'CRITICAL' }),
    });
    await dragCard('Low', 'Draw the board', cellOf('Critical', 'In Progress'));
    await waitFor(() => expect(server.callsTo('PATCH /api/issues/2')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/issues/2')[0]!.body).toEqual({
      priority: 'CRITICAL',
      version: 1,
      base: { priority: 'LOW' },
    });
    await waitFor(() => expect(titlesIn('Critical', 'In Progress')).toEqual(['Draw the board']));
  });

  it('by label: takes the lane’s label off and puts the other’s on', async () => {
    const server = await openBoard('?groupBy=label', {
      'PUT /api/issues/5/position': answer(200, { issues: [{ ...tests, columnId: '11', position: 1 }], version: 6 }),
      'PATCH /api/issues/5': patched(tests, { labelIds: ['32'] }),
    });
    await dragCard('Backend', 'Write the tests', cellOf('Frontend', 'In Progress'));
    await waitFor(() => expect(server.callsTo('PATCH /api/issues/5')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/issues/5')[0]!.body).toEqual({
      labelIds: ['32'],
      version: 1,
      base: { labelIds: ['31'] },
    });
  });

  it('a refusal is said in a toast', async () => {
    const server = await openBoard('?groupBy=priority', {
      'PATCH /api/issues/2': answer(403, { message: 'This project is archived.' }),
    });
    await dragCard('Low', 'Draw the board', cellOf('High', 'To Do'));
    await waitFor(() => expect(server.callsTo('PATCH /api/issues/2')).toHaveLength(1));
    expect(await screen.findByText('This project is archived.')).toBeInTheDocument();
  });

  it('within its lane, only moves the card', async () => {
    const server = await openBoard('?groupBy=assignee', {
      'PUT /api/issues/2/position': answer(200, { issues: [{ ...draw, columnId: '11', position: 1 }], version: 6 }),
    });
    await dragCard('Grace Hopper', 'Draw the board', cellOf('Grace Hopper', 'In Progress'));
    await waitFor(() => expect(server.callsTo('PUT /api/issues/2/position')).toHaveLength(1));
    expect(server.callsTo('PUT /api/issues/2/position')[0]!.body).toEqual({
      sourceColumnId: '10',
      destinationColumnId: '11',
      position: 1,
      boardId: '1',
    });
    expect(server.calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  });
});

describe('the filter', () => {
  it('narrows the lanes and their counts', async () => {
    await openBoard('?assignee=8&groupBy=priority');
    expect(laneSummary()).toEqual(['▸High1 issue', '▸Low1 issue']);
    expect(titlesIn('High', 'In Progress')).toEqual(['Build the API']);
    expect(titlesIn('High', 'To Do')).toEqual([]);
  });

  it('typed text narrows them too', async () => {
    await openBoard('?groupBy=assignee&q=write');
    expect(laneSummary()).toEqual(['▸Ada Lovelace2 issues']);
  });
});

describe('the keyboard', () => {
  it('j and k step through the lanes’ cards, Enter opens one', async () => {
    await openBoard('?groupBy=assignee', {
      'GET /api/issues/5': answer(200, tests),
      'GET /api/issues/5/comments': answer(200, []),
    });
    act(() => cardIn('Ada Lovelace', 'Write the spec').focus());
    fireEvent.keyDown(document.activeElement!, { key: 'j' });
    expect(document.activeElement).toBe(cardIn('Ada Lovelace', 'Write the tests'));
    fireEvent.keyDown(document.activeElement!, { key: 'j' });
    expect(document.activeElement).toBe(cardIn('Grace Hopper', 'Draw the board'));
    fireEvent.keyDown(document.activeElement!, { key: 'k' });
    expect(document.activeElement).toBe(cardIn('Ada Lovelace', 'Write the tests'));
    // The focused card is its cell's tab stop.
    expect(cardIn('Ada Lovelace', 'Write the tests')).toHaveAttribute('tabindex', '0');
    expect(cardIn('Ada Lovelace', 'Write the spec')).toHaveAttribute('tabindex', '-1');
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    await waitFor(() => expect(address()).toBe('/boards/1/issues/WEB-5?groupBy=assignee'));
    // Closed, the dialog gives the focus back to the card.
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('button', { name: 'Write the tests, edit title' }, { timeout: 10_000 });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(address()).toBe('/boards/1?groupBy=assignee');
    await waitFor(() => expect(document.activeElement).toBe(cardIn('Ada Lovelace', 'Write the tests')));
  });

  it('Space and the arrows carry a card to another column of its lane', async () => {
    const server = await openBoard('?groupBy=assignee', {
      'PUT /api/issues/1/position': answer(200, { issues: [{ ...spec, columnId: '11', position: 1 }], version: 6 }),
    });
    act(() => cardIn('Ada Lovelace', 'Write the spec').focus());
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    await waitFor(() => expect(server.callsTo('PUT /api/issues/1/position')).toHaveLength(1));
    expect(server.callsTo('PUT /api/issues/1/position')[0]!.body).toMatchObject({
      sourceColumnId: '10',
      destinationColumnId: '11',
      // Ada has no card in In Progress: it goes to the column's end, after Grace's.
      position: 1,
    });
    expect(titlesIn('Ada Lovelace', 'In Progress')).toEqual(['Write the spec']);
  });
});
