import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { registerCommands } from '@trackboard/web-kit';
import { answer, fakeApi, heldAnswer } from '@trackboard/web-kit/testing';
import { useEffect } from 'react';
import { sequenceTimeoutMs } from '../features/shortcuts/shortcut-decision';
import type { LoadRemoteApp } from '../federation/load-remote-app';
import { installDomPolyfills } from '../testing/dom-polyfills';
import { loadFakeRemotes, renderShell, signInAs } from '../testing/render-shell';

installDomPolyfills();

const createIssue = jest.fn();
const undo = jest.fn();

/** A board screen stand-in: a filter box as mf-boards marks it, and a registered `c` command. */
function FakeBoard() {
  useEffect(
    () =>
      registerCommands('fake-board', [
        {
          id: 'board.create-issue',
          label: 'Create issue on this board',
          group: 'Board',
          shortcut: 'c',
          run: createIssue,
        },
        { id: 'board.undo', label: 'Undo', group: 'Board', shortcut: 'Ctrl+Z', run: undo },
      ]),
    [],
  );
  return (
    <>
      <h1>Fake board</h1>
      <input data-board-filter aria-label="Filter issues" />
      <textarea aria-label="Notes" />
      <div contentEditable suppressContentEditableWarning aria-label="Rich text">
        text
      </div>
    </>
  );
}
const loadBoard: LoadRemoteApp = async (name) =>
  name === 'mf_boards' ? { default: FakeBoard } : loadFakeRemotes(name);

const path = () => screen.getByTestId('current-path').textContent;
/** A key pressed with the focus on the page itself; false when the shortcut prevented its default. */
const press = (key: string, init: KeyboardEventInit = {}, target: Element = document.body) =>
  fireEvent.keyDown(target, { key, ...init });

beforeEach(() => {
  createIssue.mockReset();
  undo.mockReset();
  fakeApi({ 'GET /api/dashboard': heldAnswer().route, 'GET /api/auth/profile': heldAnswer().route });
  signInAs();
});

async function onBoard() {
  renderShell('/boards/1', loadBoard);
  await screen.findByRole('heading', { name: 'Fake board' });
}

describe('keyboard shortcuts', () => {
  it('/ focuses the board filter, and the slash is not typed into it', async () => {
    await onBoard();
    expect(press('/')).toBe(false);
    expect(screen.getByRole('textbox', { name: 'Filter issues' })).toHaveFocus();
  });

  it('c runs the command the shown board registered for it', async () => {
    await onBoard();
    expect(press('c')).toBe(false);
    await waitFor(() => expect(createIssue).toHaveBeenCalledTimes(1));
  });

  it('c typed in a text field, a text area or an editable element does nothing', async () => {
    await onBoard();
    for (const name of ['Filter issues', 'Notes', 'Rich text']) {
      const field = screen.getByLabelText(name);
      field.focus();
      expect(press('c', {}, field)).toBe(true);
      expect(press('/', {}, field)).toBe(true);
    }
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(createIssue).not.toHaveBeenCalled();
  });

  it('c with Ctrl, Cmd or Alt held does nothing; c with no board shown does nothing', async () => {
    await onBoard();
    for (const modifier of ['ctrlKey', 'metaKey', 'altKey']) press('c', { [modifier]: true });
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(createIssue).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('link', { name: 'Profile' }));
    await waitFor(() => expect(path()).toBe('/profile'));
    expect(press('c')).toBe(true);
    expect(press('/')).toBe(true);
  });

  it('fires nothing while another dialog shows', async () => {
    await onBoard();
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    document.body.append(dialog);
    try {
      press('c');
      press('?');
      press('k', { ctrlKey: true });
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
      expect(createIssue).not.toHaveBeenCalled();
      expect(screen.queryByRole('combobox')).toBeNull();
    } finally {
      dialog.remove();
    }
  });

  it('Ctrl+Z runs the Undo the shown board offers, not in a text field', async () => {
    await onBoard();
    expect(press('z', { ctrlKey: true })).toBe(false);
    await waitFor(() => expect(undo).toHaveBeenCalledTimes(1));
    const notes = screen.getByLabelText('Notes');
    notes.focus();
    expect(press('z', { ctrlKey: true }, notes)).toBe(true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('g then d goes to the dashboard, g then p to projects', async () => {
    await onBoard();
    press('g');
    press('d');
    await waitFor(() => expect(path()).toBe('/dashboard'));
    press('g');
    press('p');
    await waitFor(() => expect(path()).toBe('/projects'));
  });

  it('forgets a g after a second', async () => {
    jest.useFakeTimers();
    try {
      await onBoard();
      press('g');
      act(() => jest.advanceTimersByTime(sequenceTimeoutMs + 1));
      press('d');
      expect(path()).toBe('/boards/1');
    } finally {
      jest.useRealTimers();
    }
  });

  it('? shows the shortcuts dialog; Escape closes it and gives the focus back', async () => {
    await onBoard();
    const profile = screen.getByRole('link', { name: 'Profile' });
    profile.focus();
    press('?', { shiftKey: true }, profile);
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const words of ['Open the command palette', 'Filter the board', 'Go to Dashboard', 'Go to Projects'])
      expect(within(dialog).getByText(words)).toBeInTheDocument();
    expect(within(dialog).getByText('Add Issue in the board’s first column')).toBeInTheDocument();
    // Single keys belong to the dialog while it shows.
    press('c', {}, document.activeElement!);
    expect(createIssue).not.toHaveBeenCalled();

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(profile).toHaveFocus());
  });

  it('does not listen on screens outside the signed-in layout', async () => {
    localStorage.clear();
    fakeApi({ 'POST /api/auth/logout': answer(204) });
    renderShell('/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    press('g');
    press('p');
    press('k', { ctrlKey: true });
    expect(path()).toBe('/login');
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
