import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { IssueDto } from '@trackboard/contracts';
import { clearToasts, Toaster } from '@trackboard/web-kit';
import { answer, type FakeRoute, heldAnswer, installViewport, type RecordedCall } from '@trackboard/web-kit/testing';
import { useBoardStore } from '../../shared/board-store';
import { board, issue } from '../../testing/board-fixtures';
import { loaded } from '../../testing/board-store-harness';
import { installDomPolyfills } from '../../testing/dom-polyfills';
import { LazyIssueCalendar } from '.';
import { fakeDataTransfer as dataTransfer } from '../../testing/fake-data-transfer';

// The board's issues on a calendar: each on its due day, moved to another by drag or by
// Alt+Arrow through the store's own update (the PATCH the dialog sends), opened with Enter.

installDomPolyfills();
// The calendar's code loads on first use, in a chunk of its own: slow to compile on a busy machine.
jest.setTimeout(20000);

/** Tuesday 24 November 2026, 9:30 where the test runs: a local time, so every time zone has the same day. */
const now = () => new Date(2026, 10, 24, 9, 30);

const onNov26 = (id: string, title: string) =>
  issue({ id, columnId: '10', position: Number(id), title, dueDate: '2026-11-26' });
const issues = [
  issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec', dueDate: '2026-11-24', priority: 'HIGH' }),
  issue({ id: '2', columnId: '10', position: 1, title: 'Draw the board', dueDate: '2026-11-20' }),
  issue({ id: '3', columnId: '12', position: 0, title: 'Ship it', status: 'DONE', dueDate: '2026-11-20' }),
  issue({ id: '4', columnId: '11', position: 0, title: 'Plan the launch', status: 'IN_PROGRESS' }),
  onNov26('5', 'Buy the cake'),
  onNov26('6', 'Send the invites'),
  onNov26('7', 'Book the room'),
  onNov26('8', 'Hang the lights'),
  issue({ id: '9', columnId: '10', position: 9, title: 'Look back', dueDate: '2026-12-02' }),
];

/** The calendar as the board page draws it: the store's issues, kept in step with it. */
function BoardCalendar({ onOpen, readOnly }: { onOpen(issueId: string): void; readOnly: boolean }) {
  const shown = useBoardStore((s) => s.issues);
  return <LazyIssueCalendar issues={shown} onOpen={onOpen} readOnly={readOnly} now={now} />;
}

async function renderCalendar({
  routes = {},
  readOnly = false,
}: { routes?: Record<string, FakeRoute>; readOnly?: boolean } = {}) {
  const server = await loaded(routes, board(issues));
  const onOpen = jest.fn();
  render(
    <>
      <BoardCalendar onOpen={onOpen} readOnly={readOnly} />
      <Toaster />
    </>,
  );
  await screen.findByRole('button', { name: 'Today' }, { timeout: 10_000 });
  return { server, onOpen };
}

/** A PATCH answered with the issue as changed, one version on. */
const patched = (id: string) => (call: RecordedCall) =>
  answer(200, {
    ...issues.find((i) => i.id === id)!,
    ...(call.body as Partial<IssueDto>),
    version: 2,
    boardVersion: 6,
    rebalanced: [],
  });

/** A day's cell, by the full date it is named with. */
const day = (date: string) => screen.getByRole('cell', { name: new RegExp(`^${date}`) });
const chipsOn = (date: string) => within(day(date)).queryAllByRole('button', { name: /^WEB-/ });
/** The keys of a day's chips, as their tooltips (`WEB-1 Write the spec`) say. */
const keysOn = (date: string) => chipsOn(date).map((chip) => chip.title.split(' ')[0]);
const chip = (key: string) => screen.getByRole('button', { name: new RegExp(`^${key} `) });
const undated = () => screen.getByRole('region', { name: /^No due date/ });
const announced = () => screen.getByTestId('calendar-announcer').textContent;

/** A drag from `source` dropped on `target`; `dropped: false` when no drag can begin (a browser then fires no drop). */
async function drag(source: HTMLElement, target: HTMLElement, { dropped = true } = {}) {
  const transfer = dataTransfer();
  fireEvent.dragStart(source, { dataTransfer: transfer, clientX: 5, clientY: 5 });
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  fireEvent.dragEnter(target, { dataTransfer: transfer, clientX: 10, clientY: 5 });
  fireEvent.dragOver(target, { dataTransfer: transfer, clientX: 10, clientY: 5 });
  if (dropped) fireEvent.drop(target, { dataTransfer: transfer, clientX: 10, clientY: 5 });
  fireEvent.dragEnd(source, { dataTransfer: transfer });
}

beforeEach(() => {
  installViewport(1280);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  act(() => clearToasts());
  jest.restoreAllMocks();
});

describe('the month', () => {
  it('is a table of weeks from Monday, with each issue on its due day', async () => {
    await renderCalendar();
    const table = screen.getByRole('table', { name: 'November 2026' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['MonMonday', 'TueTuesday', 'WedWednesday', 'ThuThursday', 'FriFriday', 'SatSaturday', 'SunSunday']);
    // November 2026 runs from a Sunday to a Monday: six weeks, from 26 October to 6 December.
    expect(within(table).getAllByRole('row')).toHaveLength(7);
    expect(day('Monday 26 October 2026')).toHaveClass('outside');
    expect(day('Sunday 6 December 2026')).toHaveClass('outside');
    expect(day('Sunday 1 November 2026')).not.toHaveClass('outside');
    expect(day('Tuesday 24 November 2026')).toHaveAttribute('aria-current', 'date');

    expect(keysOn('Tuesday 24 November 2026')).toEqual(['WEB-1']);
    expect(chip('WEB-1')).toHaveAccessibleName('WEB-1 Write the spec , Priority: High');
    expect(keysOn('Friday 20 November 2026')).toEqual(['WEB-2', 'WEB-3']);
    expect(keysOn('Wednesday 2 December 2026')).toEqual(['WEB-9']);
  });

  it('marks an overdue chip by a word as well as its red edge, and strikes a finished one through', async () => {
    await renderCalendar();
    expect(chip('WEB-2')).toHaveAccessibleName('WEB-2 Draw the board , Priority: Medium , Overdue');
    expect(chip('WEB-2')).toHaveClass('overdue');
    // Due the same day, but finished: not overdue.
    expect(chip('WEB-3')).toHaveAccessibleName('WEB-3 Ship it , Priority: Medium , Finished');
    expect(chip('WEB-3')).toHaveClass('finished');
    expect(chip('WEB-3')).not.toHaveClass('overdue');
    // Due today is not overdue yet.
    expect(chip('WEB-1')).not.toHaveClass('overdue');
  });

  it('shows three chips of a busy day and "+N more", which opens the day', async () => {
    await renderCalendar();
    const cell = 'Thursday 26 November 2026';
    expect(keysOn(cell)).toEqual(['WEB-5', 'WEB-6', 'WEB-7']);
    const more = within(day(cell)).getByRole('button', { name: '+1 more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(more);
    expect(keysOn(cell)).toEqual(['WEB-5', 'WEB-6', 'WEB-7', 'WEB-8']);
    fireEvent.click(within(day(cell)).getByRole('button', { name: 'Show fewer' }));
    expect(keysOn(cell)).toEqual(['WEB-5', 'WEB-6', 'WEB-7']);
  });

  it('lists the issues without a due date beside it', async () => {
    await renderCalendar();
    expect(undated()).toHaveAccessibleName('No due date (1)');
    expect(
      within(undated())
        .getAllByRole('button')
        .map((b) => b.title),
    ).toEqual(['WEB-4 Plan the launch']);
  });

  it('steps a month back and forth, and back to today', async () => {
    await renderCalendar();
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('table', { name: 'December 2026' })).toBeInTheDocument();
    expect(keysOn('Wednesday 2 December 2026')).toEqual(['WEB-9']);
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('table', { name: 'October 2026' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByRole('table', { name: 'November 2026' })).toBeInTheDocument();
  });
});

describe('a chip', () => {
  it('opens its issue with Enter or a click', async () => {
    const { onOpen } = await renderCalendar();
    act(() => chip('WEB-1').focus());
    fireEvent.keyDown(chip('WEB-1'), { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith('1');
    fireEvent.click(chip('WEB-4'));
    expect(onOpen).toHaveBeenLastCalledWith('4');
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('moves a day later with Alt+ArrowRight through the issue’s PATCH, keeps the focus and says so', async () => {
    const { server } = await renderCalendar({ routes: { 'PATCH /api/issues/1': patched('1') } });
    expect(chip('WEB-1')).toHaveAccessibleDescription('Alt+Arrow keys move the due date by a day or a week.');
    act(() => chip('WEB-1').focus());
    fireEvent.keyDown(chip('WEB-1'), { key: 'ArrowRight', altKey: true });
    // Shown on the new day at once.
    expect(keysOn('Wednesday 25 November 2026')).toEqual(['WEB-1']);
    expect(chip('WEB-1')).toHaveFocus();
    await waitFor(() => expect(server.callsTo('PATCH /api/issues/1')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/issues/1')[0]!.body).toEqual({
      dueDate: '2026-11-25',
      version: 1,
      base: { dueDate: '2026-11-24' },
    });
    await waitFor(() => expect(announced()).toBe('WEB-1 due Wed 25 Nov'));
    expect(useBoardStore.getState().issues.find((i) => i.id === '1')!.dueDate).toBe('2026-11-25');
    expect(keysOn('Wednesday 25 November 2026')).toEqual(['WEB-1']);
    expect(keysOn('Tuesday 24 November 2026')).toEqual([]);
    expect(chip('WEB-1')).toHaveFocus();
  });

  it('moves a week with Alt+ArrowDown, and the month follows it; presses meanwhile wait for the answer', async () => {
    const held = heldAnswer();
    let patches = 0;
    const { server } = await renderCalendar({
      routes: { 'PATCH /api/issues/1': (call) => (++patches === 1 ? held.route() : patched('1')(call)) },
    });
    act(() => chip('WEB-1').focus());
    fireEvent.keyDown(chip('WEB-1'), { key: 'ArrowDown', altKey: true });
    expect(keysOn('Tuesday 1 December 2026')).toEqual(['WEB-1']);
    fireEvent.keyDown(chip('WEB-1'), { key: 'ArrowDown', altKey: true });
    // 8 December is in December's grid: the calendar shows December, the chip kept its focus.
    expect(screen.getByRole('table', { name: 'December 2026' })).toBeInTheDocument();
    expect(keysOn('Tuesday 8 December 2026')).toEqual(['WEB-1']);
    expect(chip('WEB-1')).toHaveFocus();
    await waitFor(() => expect(server.callsTo('PATCH /api/issues/1')).toHaveLength(1));
    held.release(patched('1')({ body: { dueDate: '2026-12-01' } } as RecordedCall));
    await waitFor(() => expect(server.callsTo('PATCH /api/issues/1')).toHaveLength(2));
    expect(server.callsTo('PATCH /api/issues/1')[1]!.body).toEqual({
      dueDate: '2026-12-08',
      version: 2,
      base: { dueDate: '2026-12-01' },
    });
    await waitFor(() => expect(announced()).toBe('WEB-1 due Tue 8 Dec'));
  });

  it('dragged to another day takes it as its due date; dragged onto the undated list loses it', async () => {
    const { server } = await renderCalendar({
      routes: { 'PATCH /api/issues/1': patched('1'), 'PATCH /api/issues/4': patched('4') },
    });
    await drag(chip('WEB-1'), day('Friday 27 November 2026'));
    await waitFor(() => expect(announced()).toBe('WEB-1 due Fri 27 Nov'));
    expect(server.callsTo('PATCH /api/issues/1')[0]!.body).toMatchObject({ dueDate: '2026-11-27' });
    expect(keysOn('Friday 27 November 2026')).toEqual(['WEB-1']);

    await drag(chip('WEB-4'), day('Monday 30 November 2026'));
    await waitFor(() => expect(announced()).toBe('WEB-4 due Mon 30 Nov'));
    expect(undated()).toHaveAccessibleName('No due date (0)');

    await drag(chip('WEB-1'), undated());
    await waitFor(() => expect(announced()).toBe('WEB-1 has no due date'));
    expect(server.callsTo('PATCH /api/issues/1')[1]!.body).toMatchObject({ dueDate: null });
    expect(within(undated()).getByRole('button', { name: /^WEB-1 / })).toBeInTheDocument();
  });

  it('goes back, with the reason in a toast, when the server refuses the move', async () => {
    const { server } = await renderCalendar({
      routes: { 'PATCH /api/issues/1': answer(400, { message: 'dueDate: must be a date (YYYY-MM-DD)' }) },
    });
    fireEvent.keyDown(chip('WEB-1'), { key: 'ArrowLeft', altKey: true });
    expect(keysOn('Monday 23 November 2026')).toEqual(['WEB-1']);
    await waitFor(() => expect(server.callsTo('PATCH /api/issues/1')).toHaveLength(1));
    const toasts = screen.getByRole('status', { name: 'Messages' });
    expect(
      await within(toasts).findByText('Error updating issue: dueDate: must be a date (YYYY-MM-DD)'),
    ).toBeInTheDocument();
    await waitFor(() => expect(keysOn('Tuesday 24 November 2026')).toEqual(['WEB-1']));
    expect(announced()).toBe('');
  });

  it('read-only, only opens: no drag source, and Alt+Arrow moves nothing', async () => {
    const { server, onOpen } = await renderCalendar({ readOnly: true });
    expect(chip('WEB-1')).not.toHaveAttribute('draggable', 'true');
    expect(chip('WEB-1')).not.toHaveAccessibleDescription('Alt+Arrow keys move the due date by a day or a week.');
    fireEvent.keyDown(chip('WEB-1'), { key: 'ArrowRight', altKey: true });
    await drag(chip('WEB-1'), day('Friday 27 November 2026'), { dropped: false });
    expect(day('Friday 27 November 2026')).not.toHaveClass('dropOver');
    expect(keysOn('Tuesday 24 November 2026')).toEqual(['WEB-1']);
    expect(server.calls.filter((call) => call.method !== 'GET')).toEqual([]);
    fireEvent.keyDown(chip('WEB-1'), { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith('1');
  });
});

describe('on a phone', () => {
  it('shows a week, a row a day, and the undated issues below it', async () => {
    installViewport(375);
    await renderCalendar();
    const week = screen.getByRole('list', { name: '23 – 29 November 2026' });
    expect(
      within(week)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Mon 23 NovMonday 23 November 2026',
      'Tue 24 NovTuesday 24 November 2026',
      'Wed 25 NovWednesday 25 November 2026',
      'Thu 26 NovThursday 26 November 2026',
      'Fri 27 NovFriday 27 November 2026',
      'Sat 28 NovSaturday 28 November 2026',
      'Sun 29 NovSunday 29 November 2026',
    ]);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(week).getByRole('button', { name: /^WEB-1 / })).toBeInTheDocument();
    expect(undated()).toHaveAccessibleName('No due date (1)');

    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    const next = screen.getByRole('list', { name: '30 November – 6 December 2026' });
    expect(within(next).getByRole('button', { name: /^WEB-9 / })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(screen.getByRole('list', { name: '23 – 29 November 2026' })).toBeInTheDocument();
  });
});
