import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, installViewport } from '@trackboard/web-kit/testing';
import { ada, board, signInAs } from '../../testing/board-fixtures';
import { loadedIssue, openIssue, renderBoard } from '../../testing/render-board';

beforeEach(() => {
  signInAs(ada);
  installViewport(1280);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('the status dropdown', () => {
  it('lists the columns and moves the issue to the chosen one', async () => {
    const { dialog, server } = await openIssue(
      {},
      { 'PATCH /api/issues/1': answer(200, loadedIssue({ columnId: '12', status: 'DONE', version: 4 })) },
    );
    const trigger = within(dialog).getByRole('combobox', { name: 'Status' });
    expect(trigger).toHaveTextContent('To Do');
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['To Do', 'In Progress', 'Done']);
    fireEvent.click(screen.getByRole('option', { name: 'Done' }));
    await waitFor(() => expect(server.callsTo('PATCH /api/issues/1')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/issues/1')[0]!.body).toEqual({
      columnId: '12',
      status: 'DONE',
      version: 3,
      base: { columnId: '10' },
    });
    await waitFor(() => expect(server.callsTo('GET /api/boards/1')).toHaveLength(2));
  });

  it('says "Select Status" when the issue is in no column', async () => {
    const { dialog } = await openIssue({ columnId: null });
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Select Status');
  });

  it('says "No columns available." when the board has none', async () => {
    await renderBoard(board(undefined, { columns: [] }));
    // A board without columns has no cards to click: open the dialog through the store.
    const { useBoardStore } = await import('../../shared/board-store');
    await act(async () => {
      const { fakeApi } = await import('@trackboard/web-kit/testing');
      fakeApi({
        'GET /api/issues/1': answer(200, loadedIssue({ columnId: null })),
        'GET /api/issues/1/comments': answer(200, []),
      });
      await useBoardStore.getState().selectIssue('1');
    });
    const dialog = screen.getByRole('dialog');
    const trigger = within(dialog).getByRole('combobox', { name: 'Status' });
    expect(trigger).toHaveTextContent('Select Status');
    fireEvent.keyDown(trigger, { key: 'Enter' });
    expect(await screen.findByText('No columns available.')).toBeInTheDocument();
  });
});
