import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BulkEditResult } from '@trackboard/contracts';
import { answer } from '@trackboard/web-kit/testing';
import { ada, board, columnTitles, issue, signInAs } from '../../testing/board-fixtures';
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
});
