import { act, screen, within } from '@testing-library/react';
import { readCommands, socketManager } from '@trackboard/web-kit';
import { ada, signInAs } from '../../testing/board-fixtures';
import { column, renderBoard } from '../../testing/render-board';

beforeEach(() => {
  socketManager.disconnect();
  signInAs(ada);
});

const createIssue = () => readCommands().find((command) => command.id === 'board.create-issue');

describe('the board’s commands for the palette', () => {
  it('offers "Create issue on this board" (key c) while the board is shown, and withdraws it after', async () => {
    const { unmount } = await renderBoard();
    expect(createIssue()).toMatchObject({ label: 'Create issue on this board', group: 'Board', shortcut: 'c' });
    unmount();
    expect(createIssue()).toBeUndefined();
  });

  it('opens "+ Add Issue" in the first column with the title focused, and focuses a form already open', async () => {
    await renderBoard();
    await act(async () => createIssue()!.run());
    const title = within(column('To Do')).getByPlaceholderText('Enter issue title...');
    expect(title).toHaveFocus();
    expect(within(column('In Progress')).queryByPlaceholderText('Enter issue title...')).toBeNull();

    screen.getByRole('heading', { level: 1 }).focus();
    await act(async () => createIssue()!.run());
    expect(within(column('To Do')).getAllByPlaceholderText('Enter issue title...')).toHaveLength(1);
    expect(title).toHaveFocus();
  });
});
