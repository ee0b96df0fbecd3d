import { act, fireEvent, screen, within } from '@testing-library/react';
import { readCommands } from '@trackboard/web-kit';
import { answer } from '@trackboard/web-kit/testing';
import { board, comment, grace, signInAs } from '../../testing/board-fixtures';
import { card, cardBox, loadedIssue, renderBoard } from '../../testing/render-board';

// One of the project's viewers (Grace here) reads the board and changes nothing: the server
// refuses their writes with 403, so the board offers none. They comment where the project allows.

const readsAll = 'You are a viewer of this project: you can read everything here.';
const readsAndComments = 'You are a viewer of this project: you can read everything here and comment.';

async function renderAsViewer(viewersMayComment = true) {
  signInAs(grace);
  const rendered = await renderBoard(board(undefined, { viewerIds: ['8'], viewersMayComment }), {
    'GET /api/issues/1': answer(200, loadedIssue()),
    'GET /api/issues/1/comments': answer(200, [comment({ id: '50', body: 'Looks good' })]),
  });
  return rendered;
}

async function openWriteTheSpec() {
  act(() => card('Write the spec').focus());
  fireEvent.keyDown(card('Write the spec'), { key: 'Enter' });
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('Looks good');
  return dialog;
}

describe('the board for one of its viewers', () => {
  it('says so over the board and offers no add, column control, drag, bulk pick or create command', async () => {
    await renderAsViewer();
    expect(screen.getByText(readsAndComments)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: /^\+ Add Issue/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '+ Add column' })).not.toBeInTheDocument();
    expect(cardBox('Write the spec')).not.toHaveAttribute('draggable', 'true');
    expect(card('Write the spec')).not.toHaveAttribute('aria-roledescription');
    expect(readCommands().map((command) => command.id)).not.toContain('board.create-issue');
  });

  it('reads the issue in its dialog, edits nothing, and comments while the project allows it', async () => {
    const { server } = await renderAsViewer();
    const dialog = await openWriteTheSpec();
    expect(within(dialog).getByText(readsAndComments)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete Issue' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toBeDisabled();
    fireEvent.click(within(dialog).getByTestId('Description-value'));
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'New comment' })).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('offers no comment box where the project keeps viewers from commenting', async () => {
    await renderAsViewer(false);
    expect(screen.getByText(readsAll)).toBeInTheDocument();
    const dialog = await openWriteTheSpec();
    expect(within(dialog).queryByRole('textbox', { name: 'New comment' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
  });
});
