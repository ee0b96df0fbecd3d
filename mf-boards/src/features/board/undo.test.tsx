import type { BoardDto, IssueDto } from '@trackboard/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearToasts, commandForShortcut } from '@trackboard/web-kit';
import { answer, answerConfirm, type RecordedCall } from '@trackboard/web-kit/testing';
import { ada, board, issue, signInAs } from '../../testing/board-fixtures';
import { byAuthor, openComments, thread } from '../../testing/comment-thread';
import { card, loadedIssue, openIssue, renderBoard } from '../../testing/render-board';
import { deleteLabelUndoably } from '../../shared/board-store';

// Undo (issue: deletes were final): deleting an issue, a comment, a column or a label, and moving a
// card, shows a toast with Undo for 10 s; Ctrl+Z (the command the board registers for the shell's
// shortcut) undoes the latest of them.

beforeEach(() => {
  signInAs(ada);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  jest.restoreAllMocks();
  act(() => clearToasts());
});

const toasts = () => screen.getByRole('status', { name: 'Messages' });
const toastTexts = () =>
  within(toasts())
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('p')!.textContent);
const undoIn = async (text: string) => {
  const toast = (await within(toasts()).findByText(text)).closest('li')!;
  return within(toast).getByRole('button', { name: 'Undo' });
};
const ctrlZ = () => act(() => void commandForShortcut('Ctrl+Z')!.run());
const titlesIn = (name: string) =>
  within(screen.getByRole('region', { name }))
    .queryAllByRole('button')
    .filter((b) => b.hasAttribute('data-issue-id'))
    .map((b) => document.getElementById(b.getAttribute('aria-labelledby')!)!.textContent);

describe('undoing a delete', () => {
  it('brings a deleted issue back to where it was on the board', async () => {
    const { server, dialog } = await openIssue(
      {},
      {
        'DELETE /api/issues/1': answer(204),
        'POST /api/issues/1/restore': answer(200, { ...loadedIssue({ version: 4 }), boardVersion: 6, rebalanced: [] }),
      },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Issue' }));
    await answerConfirm(true);
    const undo = await undoIn('Issue WEB-1 deleted.');
    expect(titlesIn('To Do')).toEqual(['Draw the board']);
    fireEvent.click(undo);
    await waitFor(() => expect(titlesIn('To Do')).toEqual(['Write the spec', 'Draw the board']));
    expect(server.callsTo('POST /api/issues/1/restore')).toHaveLength(1);
    expect(toastTexts()).toEqual([]);
  });

  it('says why when it is too late (the issue was purged)', async () => {
    const { dialog } = await openIssue(
      {},
      {
        'DELETE /api/issues/1': answer(204),
        'POST /api/issues/1/restore': answer(404, { message: 'Issue not found' }),
      },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Issue' }));
    await answerConfirm(true);
    fireEvent.click(await undoIn('Issue WEB-1 deleted.'));
    expect(await within(toasts()).findByText('Could not undo: Issue not found')).toBeInTheDocument();
    expect(card('Draw the board')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Write the spec' })).not.toBeInTheDocument();
  });

  it('offers nothing to undo when the delete was refused', async () => {
    const { dialog } = await openIssue({}, { 'DELETE /api/issues/1': answer(403, { message: 'Forbidden' }) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Issue' }));
    await answerConfirm(true);
    expect(await screen.findByText('Forbidden')).toBeInTheDocument();
    expect(toastTexts()).toEqual([]);
    expect(commandForShortcut('Ctrl+Z')).toBeUndefined();
  });

  it('Ctrl+Z brings the comments back, the one deleted last first', async () => {
    const { server } = await openComments(thread(), {
      'DELETE /api/comments/50': answer(204),
      'DELETE /api/comments/60': answer(204),
      'POST /api/comments/50/restore': answer(200, thread()[0]),
      'POST /api/comments/60/restore': answer(200, thread()[1]),
    });
    await screen.findByText('Looks good');
    fireEvent.click(within(byAuthor('Unknown User')).getByRole('button', { name: 'Delete' }));
    await answerConfirm(true);
    await waitFor(() => expect(screen.queryByText('Anonymous remark')).toBeNull());
    fireEvent.click(within(byAuthor('Grace Hopper')).getByRole('button', { name: 'Delete' }));
    await answerConfirm(true);
    await waitFor(() => expect(screen.queryByText('Looks good')).toBeNull());
    expect(toastTexts()).toEqual(['Comment deleted.', 'Comment deleted.']);

    server.on('GET /api/issues/1/comments', answer(200, [thread()[0]!]));
    ctrlZ();
    expect(await screen.findByText('Looks good')).toBeInTheDocument();
    expect(server.callsTo('POST /api/comments/50/restore')).toHaveLength(1);
    expect(server.callsTo('POST /api/comments/60/restore')).toHaveLength(0);
    expect(toastTexts()).toEqual(['Comment deleted.']);

    server.on('GET /api/issues/1/comments', answer(200, thread()));
    ctrlZ();
    expect(await screen.findByText('Anonymous remark')).toBeInTheDocument();
    expect(toastTexts()).toEqual([]);
    expect(commandForShortcut('Ctrl+Z')).toBeUndefined();
  });

  it('re-creates a deleted column where it was, with its WIP limit and its issues back in it', async () => {
    const withLimit = board();
    withLimit.columns[1]!.wipLimit = 3;
    const { server } = await renderBoard(withLimit, { 'DELETE /api/columns/11?targetColumnId=10': answer(204) });
    const afterDelete: BoardDto = {
      ...board([
        issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec' }),
        issue({ id: '2', columnId: '10', position: 1, title: 'Draw the board' }),
        issue({ id: '3', columnId: '10', position: 2, title: 'Build the API', status: 'IN_PROGRESS' }),
      ]),
      version: 6,
    };
    afterDelete.columns = afterDelete.columns.filter((c) => c.id !== '11');
    server.on('GET /api/boards/1', answer(200, afterDelete));
    fireEvent.click(screen.getByRole('button', { name: 'Column actions for In Progress' }));
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Delete column' }));
    fireEvent.click(
      within(screen.getByRole('form', { name: 'Delete In Progress' })).getByRole('button', { name: 'Delete' }),
    );
    const undo = await undoIn('Column In Progress deleted.');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'In Progress' })).toBeNull());

    server.on(
      'POST /api/boards/1/columns',
      answer(201, { id: '13', name: 'In Progress', position: 1, wipLimit: 3, issues: [] }),
    );
    const moved = issue({ id: '3', columnId: '13', position: 0, title: 'Build the API', status: 'IN_PROGRESS' });
    server.on('PUT /api/issues/3/position', answer(200, { issues: [moved], version: 9 }));
    const restored: BoardDto = { ...board(afterDelete.columns[0]!.issues.slice(0, 2)), version: 9 };
    restored.columns[1] = { ...restored.columns[1]!, id: '13', wipLimit: 3, issues: [moved] };
    server.on('GET /api/boards/1', answer(200, restored));
    fireEvent.click(undo);
    await screen.findByRole('region', { name: 'In Progress' });
    expect(server.callsTo('POST /api/boards/1/columns')[0]!.body).toEqual({
      name: 'In Progress',
      position: 1,
      wipLimit: 3,
    });
    expect(server.callsTo('PUT /api/issues/3/position')[0]!.body).toEqual({
      sourceColumnId: '10',
      destinationColumnId: '13',
      position: 0,
      boardId: '1',
    });
    await waitFor(() => expect(titlesIn('In Progress')).toEqual(['Build the API']));
  });

  it('re-creates a deleted label and puts it back on the issues that carried it', async () => {
    const bug = { id: '5', boardId: '1', name: 'bug', color: 'red' as const };
    const data = board([
      issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec', labelIds: ['4', '5'] }),
      issue({ id: '2', columnId: '10', position: 1, title: 'Draw the board' }),
    ]);
    data.labels = [{ id: '4', boardId: '1', name: 'api', color: 'blue' }, bug];
    const { server } = await renderBoard(data, {
      'POST /api/boards/1/labels': answer(201, { ...bug, id: '6' }),
      'PATCH /api/issues/1': (call: RecordedCall) =>
        answer(200, {
          ...issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec' }),
          ...(call.body as Partial<IssueDto>),
          boardVersion: 8,
          rebalanced: [],
        }),
    });
    // The board settings delete it (their own call); the Undo is what this offers.
    const remove = jest.fn(async () => null);
    expect(await act(() => deleteLabelUndoably(bug, remove))).toBeNull();
    expect(remove).toHaveBeenCalledTimes(1);
    fireEvent.click(await undoIn('Label bug deleted.'));
    await waitFor(() => expect(server.callsTo('PATCH /api/issues/1')).toHaveLength(1));
    expect(server.callsTo('POST /api/boards/1/labels')[0]!.body).toEqual({ name: 'bug', color: 'red' });
    expect(server.callsTo('PATCH /api/issues/1')[0]!.body).toEqual({ labelIds: ['4', '6'] });
    expect(server.callsTo('PATCH /api/issues/2')).toHaveLength(0);
  });
});

describe('undoing a move', () => {
  it('moves the card back to its place', async () => {
    const placed = (columnId: string, position: number) =>
      issue({ id: '1', columnId, position, title: 'Write the spec', rank: `a${position}` });
    const { server } = await renderBoard(undefined, {
      'PUT /api/issues/1/position': (call: RecordedCall) => {
        const { destinationColumnId, position } = call.body as { destinationColumnId: string; position: number };
        const version = 5 + server.callsTo('PUT /api/issues/1/position').length;
        return answer(200, { issues: [placed(destinationColumnId, position)], version });
      },
    });
    act(() => card('Write the spec').focus());
    for (const key of [' ', 'ArrowRight', 'Enter']) fireEvent.keyDown(document.activeElement!, { key });
    const undo = await undoIn('Moved Write the spec to In Progress.');
    await waitFor(() => expect(titlesIn('In Progress')).toEqual(['Write the spec', 'Build the API']));
    fireEvent.click(undo);
    await waitFor(() => expect(titlesIn('To Do')).toEqual(['Write the spec', 'Draw the board']));
    expect(server.callsTo('PUT /api/issues/1/position')[1]!.body).toEqual({
      sourceColumnId: '11',
      destinationColumnId: '10',
      position: 0,
      boardId: '1',
    });
    // Undoing offers no undo of its own.
    expect(toastTexts()).toEqual([]);
  });
});

describe('the Undo', () => {
  it('is offered for 10 seconds, then Ctrl+Z has nothing to undo', async () => {
    const { dialog } = await openIssue({}, { 'DELETE /api/issues/1': answer(204) });
    jest.useFakeTimers();
    try {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Issue' }));
      await answerConfirm(true);
      await undoIn('Issue WEB-1 deleted.');
      expect(commandForShortcut('Ctrl+Z')).toMatchObject({ label: 'Undo: Issue WEB-1 deleted.' });
      act(() => jest.advanceTimersByTime(10_100));
      expect(toastTexts()).toEqual([]);
      expect(commandForShortcut('Ctrl+Z')).toBeUndefined();
    } finally {
      jest.useRealTimers();
    }
  });

  it('goes with the board: leaving it withdraws what was offered', async () => {
    const { dialog, unmount } = await openIssue({}, { 'DELETE /api/issues/1': answer(204) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Issue' }));
    await answerConfirm(true);
    await undoIn('Issue WEB-1 deleted.');
    unmount();
    expect(commandForShortcut('Ctrl+Z')).toBeUndefined();
  });
});
