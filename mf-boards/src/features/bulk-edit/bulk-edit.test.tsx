import axe from 'axe-core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BulkEditResult } from '@trackboard/contracts';
import { answer } from '@trackboard/web-kit/testing';
import { ada, board, columnTitles, issue, signInAs } from '../../testing/board-fixtures';
import { CYCLES_ROUTE, projectCycles } from '../../testing/cycle-fixtures';
import { card, cardBox, renderBoard } from '../../testing/render-board';

// Picking cards for a bulk edit: ctrl/cmd-click and `x` pick one, shift-click the run between;
// the bar sends one POST /issues/bulk with the versions the board shows, and Undo puts each back.

const four = board([
  issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec', version: 2 }),
  issue({ id: '2', columnId: '10', position: 1, title: 'Draw the board', version: 0 }),
  issue({ id: '3', columnId: '11', position: 0, title: 'Build the API', status: 'IN_PROGRESS', version: 4 }),
  issue({ id: '4', columnId: '11', position: 1, title: 'Test the API', status: 'IN_PROGRESS', version: 1 }),
]);
const bar = () => screen.findByRole('region', { name: 'Bulk edit' });
const picked = () =>
  screen
    .queryAllByText('Selected.')
    .map((mark) => within(mark.closest<HTMLElement>('[data-card]')!).getByRole('button').textContent);

/** The answer of a move of issues 1–3 to Done, at board version 6. */
const movedToDone: BulkEditResult = {
  boardVersion: 6,
  updated: [
    issue({ id: '1', columnId: '12', position: 0, title: 'Write the spec', status: 'DONE', version: 3 }),
    issue({ id: '2', columnId: '12', position: 1, title: 'Draw the board', status: 'DONE', version: 1 }),
    issue({ id: '3', columnId: '12', position: 2, title: 'Build the API', status: 'DONE', version: 5 }),
  ],
  rebalanced: [],
  deletedIds: [],
};

beforeEach(() => signInAs(ada));

describe('picking cards', () => {
  it('ctrl-click and x pick one card, shift-click the run from it, Escape lets go of all', async () => {
    await renderBoard(four);
    fireEvent.click(cardBox('Draw the board'), { ctrlKey: true });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(cardBox('Test the API'), { shiftKey: true });
    expect(within(await bar()).getByRole('status')).toHaveTextContent('3 issues selected');
    expect(picked()).toEqual(['Draw the board', 'Build the API', 'Test the API']);
    expect(card('Build the API')).toHaveAccessibleDescription(/^Selected\./);

    act(() => card('Write the spec').focus());
    fireEvent.keyDown(card('Write the spec'), { key: 'x' });
    expect(within(await bar()).getByRole('status')).toHaveTextContent('4 issues selected');
    fireEvent.keyDown(card('Write the spec'), { key: 'x' });
    expect(picked()).toEqual(['Draw the board', 'Build the API', 'Test the API']);

    fireEvent.keyDown(card('Write the spec'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk edit' })).not.toBeInTheDocument());
    expect(picked()).toEqual([]);
  });
});

describe('the bar', () => {
  it('moves every picked card in one request with their versions, and Undo puts each back where it was', async () => {
    const { server } = await renderBoard(four, {
      'POST /api/issues/bulk': answer(200, movedToDone),
    });
    fireEvent.click(cardBox('Write the spec'), { ctrlKey: true });
    fireEvent.click(cardBox('Build the API'), { shiftKey: true });
    fireEvent.change(within(await bar()).getByRole('combobox', { name: 'Status' }), { target: { value: '12' } });
    await waitFor(() => expect(columnTitles()[2]).toEqual(['Write the spec', 'Draw the board', 'Build the API']));
    expect(server.callsTo('POST /api/issues/bulk').map((call) => call.body)).toEqual([
      { ids: ['1', '2', '3'], versions: { 1: 2, 2: 0, 3: 4 }, set: { columnId: '12' } },
    ]);

    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(server.callsTo('POST /api/issues/bulk')).toHaveLength(2));
    expect(server.callsTo('POST /api/issues/bulk')[1]!.body).toEqual({
      ids: ['1', '2', '3'],
      each: {
        1: { columnId: '10', position: 0 },
        2: { columnId: '10', position: 1 },
        3: { columnId: '11', position: 0 },
      },
    });
  });

  it('says why a refused edit was refused, and brings the board up to date after a 409', async () => {
    const { server } = await renderBoard(four, {
      'POST /api/issues/bulk': answer(409, {
        message: 'One of these issues was changed by someone else. Nothing was changed; the latest version is shown.',
        issues: [],
      }),
    });
    fireEvent.click(cardBox('Write the spec'), { metaKey: true });
    fireEvent.change(within(await bar()).getByRole('combobox', { name: 'Priority' }), { target: { value: 'HIGH' } });
    expect(
      await screen.findByText(
        'One of these issues was changed by someone else. Nothing was changed; the latest version is shown.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('GET /api/boards/1')).toHaveLength(2));
  });

  it('offers Delete to the lead only', async () => {
    await renderBoard(four);
    fireEvent.click(cardBox('Write the spec'), { ctrlKey: true });
    expect(within(await bar()).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    signInAs({ ...ada, id: '99', name: 'Someone Else', email: 'else@example.com' });
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Bulk edit' })).queryByRole('button', { name: 'Delete' }),
      ).toBeNull(),
    );
  });

  it('puts every picked card in a cycle, and Undo puts each back in its own', async () => {
    const cycled = board([
      issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec', version: 2 }),
      issue({ id: '2', columnId: '10', position: 1, title: 'Draw the board', version: 0, cycleId: '43' }),
    ]);
    const inCycle4 = cycled.columns[0]!.issues.map((one) => ({ ...one, cycleId: '44', version: one.version + 1 }));
    const { server } = await renderBoard(cycled, {
      [CYCLES_ROUTE]: answer(200, projectCycles()),
      'POST /api/issues/bulk': answer(200, { boardVersion: 6, updated: inCycle4, rebalanced: [], deletedIds: [] }),
    });
    expect(server.callsTo(CYCLES_ROUTE)).toHaveLength(0);
    fireEvent.click(cardBox('Write the spec'), { ctrlKey: true });
    fireEvent.click(cardBox('Draw the board'), { shiftKey: true });
    const cycle = await within(await bar()).findByRole('combobox', { name: 'Cycle' });
    expect(
      within(cycle)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Set cycle…',
      'No cycle',
      'Cycle 3 (current) · Mar 3, 2031 – Mar 16, 2031',
      'Cycle 4 · Mar 17, 2031 – Mar 30, 2031',
      'Cycle 5 · Mar 31, 2031 – Apr 13, 2031',
    ]);
    fireEvent.change(cycle, { target: { value: '44' } });
    await waitFor(() =>
      expect(server.callsTo('POST /api/issues/bulk').map((call) => call.body)).toEqual([
        { ids: ['1', '2'], versions: { 1: 2, 2: 0 }, set: { cycleId: '44' } },
      ]),
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(server.callsTo('POST /api/issues/bulk')).toHaveLength(2));
    expect(server.callsTo('POST /api/issues/bulk')[1]!.body).toEqual({
      ids: ['1', '2'],
      each: { 1: { cycleId: null }, 2: { cycleId: '43' } },
    });

    fireEvent.change(
      within(screen.getByRole('region', { name: 'Bulk edit' })).getByRole('combobox', { name: 'Cycle' }),
      {
        target: { value: 'none' },
      },
    );
    await waitFor(() => expect(server.callsTo('POST /api/issues/bulk')).toHaveLength(3));
    expect(server.callsTo('POST /api/issues/bulk')[2]!.body).toMatchObject({ set: { cycleId: null } });
    expect(server.callsTo(CYCLES_ROUTE)).toHaveLength(1);

    // Colours aside (jsdom draws nothing), and the page's landmarks: the shell's <main> holds the board.
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const results = await axe.run(screen.getByRole('region', { name: 'Bulk edit' }), {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  it('offers no Cycle while the project has its cycles off', async () => {
    const off = projectCycles({ settings: { enabled: false, weeks: 2, startDay: 1 } });
    const { server } = await renderBoard(four, { [CYCLES_ROUTE]: answer(200, off) });
    fireEvent.click(cardBox('Write the spec'), { ctrlKey: true });
    const region = await bar();
    await waitFor(() => expect(server.callsTo(CYCLES_ROUTE)).toHaveLength(1));
    expect(within(region).getByRole('combobox', { name: 'Priority' })).toBeInTheDocument();
    expect(within(region).queryByRole('combobox', { name: 'Cycle' })).not.toBeInTheDocument();
  });
});
