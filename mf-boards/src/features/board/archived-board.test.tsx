import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages } from '@trackboard/contracts';
import { readCommands } from '@trackboard/web-kit';
import { answer, type FakeRoute } from '@trackboard/web-kit/testing';
import { ada, columnTitles, comment, signInAs } from '../../testing/board-fixtures';
import { card, cardBox, column, loadedIssue, renderBoard } from '../../testing/render-board';
import { fakeDataTransfer as dataTransfer } from '../../testing/fake-data-transfer';

// While its project is archived a board is read-only. The server refuses every write
// with 409 "This project is archived."; the board learns of it from the project it already asks
// for (its breadcrumb's name) and offers no way to change anything.

const bannerText =
  'This project is archived. It is read-only until the project lead or an administrator unarchives it.';

const project = (archivedAt: string | null) => ({
  id: '3',
  key: 'WEB',
  name: 'Website',
  description: '',
  archivedAt,
});
const archived = project('2025-02-01T09:00:00.000Z');

/** The board of project WEB (Ada, signed in, is its lead), with GET /projects/WEB answering `data`. */
async function renderWithProject(data: object, routes: Record<string, FakeRoute> = {}) {
  const rendered = await renderBoard(undefined, {
    'GET /api/projects/WEB': answer(200, data),
    'GET /api/issues/1': answer(200, loadedIssue()),
    'GET /api/issues/1/comments': answer(200, [comment({ id: '50', body: 'Looks good' })]),
    ...routes,
  });
  // The breadcrumb names the project once it is read: the answer has come.
  await within(screen.getByRole('navigation', { name: 'Breadcrumb' })).findByRole('link', { name: 'Website' });
  return rendered;
}

const banner = () => screen.queryByText(bannerText);
const announced = () => screen.getByTestId('drag-announcer').textContent;

async function openWriteTheSpec() {
  act(() => card('Write the spec').focus());
  fireEvent.keyDown(card('Write the spec'), { key: 'Enter' });
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('heading', { level: 3, name: 'Owner' });
  await within(dialog).findByText('Looks good');
  return dialog;
}

beforeAll(() => {
  // jsdom has no DragEvent: a MouseEvent under its name.
  (window as unknown as Record<string, unknown>).DragEvent ??= class DragEvent extends MouseEvent {};
});
beforeEach(() => {
  signInAs(ada);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('the board of an archived project', () => {
  it('says so in a polite status over the board, from the one request the breadcrumb makes', async () => {
    const { server } = await renderWithProject(archived);
    const status = await screen.findByText(bannerText);
    expect(screen.getAllByRole('status')).toContain(status);
    expect(status.textContent).toBe(bannerText);
    expect(server.callsTo('GET /api/projects/WEB')).toHaveLength(1);
  });

  it('offers no "+ Add Issue", no "+ Add column" and no column menus, even to the lead', async () => {
    await renderWithProject(archived);
    await screen.findByText(bannerText);
    expect(screen.queryByRole('button', { name: /^\+ Add Issue/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '+ Add column' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Column actions for/ })).not.toBeInTheDocument();
    expect(column('To Do').querySelector('header')).not.toHaveAttribute('draggable', 'true');
  });

  it('cards cannot be dragged: no drag source, and a drag over a column offers no drop', async () => {
    const { server } = await renderWithProject(archived);
    await screen.findByText(bannerText);
    const source = cardBox('Write the spec');
    expect(source).not.toHaveAttribute('draggable', 'true');
    const transfer = dataTransfer();
    fireEvent.dragStart(source, { dataTransfer: transfer, clientX: 5, clientY: 5 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.dragEnter(column('Done'), { dataTransfer: transfer, clientX: 10, clientY: 5 });
    fireEvent.dragOver(column('Done'), { dataTransfer: transfer, clientX: 10, clientY: 5 });
    // No drag began: no column offers itself as a place to drop (and a browser fires no drop).
    expect(column('Done').className).not.toMatch(/columnOver/);
    fireEvent.dragEnd(source, { dataTransfer: transfer });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(server.calls.filter((call) => call.method !== 'GET')).toEqual([]);
    expect(columnTitles()[0]).toEqual(['Write the spec', 'Draw the board']);
  });

  it('Space picks no card up; the arrows still move the focus and Enter opens the card to read', async () => {
    const { server } = await renderWithProject(archived);
    await screen.findByText(bannerText);
    act(() => card('Write the spec').focus());
    // A card says it is a button to open, not a draggable one, and what its keys do.
    expect(card('Write the spec')).not.toHaveAttribute('aria-roledescription');
    expect(card('Write the spec')).toHaveAccessibleDescription(/Press Enter to open the issue\./);
    expect(card('Write the spec')).not.toHaveAccessibleDescription(/Space/);

    fireEvent.keyDown(card('Write the spec'), { key: ' ' });
    expect(announced()).toBe('');
    fireEvent.keyDown(card('Write the spec'), { key: 'ArrowRight' });
    expect(columnTitles()[1]).toEqual(['Build the API']);
    fireEvent.keyDown(card('Write the spec'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(card('Draw the board'));
    fireEvent.keyDown(card('Draw the board'), { key: 'ArrowUp' });
    expect(document.activeElement).toBe(card('Write the spec'));

    const dialog = await openWriteTheSpec();
    expect(within(dialog).getByRole('heading', { level: 2 })).toHaveTextContent('Write the spec');
    expect(server.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('the issue dialog reads but offers no edit, status change, delete or comment', async () => {
    await renderWithProject(archived);
    await screen.findByText(bannerText);
    const dialog = await openWriteTheSpec();

    // The board's banner is behind it: the dialog says so itself.
    expect(within(dialog).getByText(bannerText)).toHaveAttribute('role', 'status');
    expect(within(dialog).queryByRole('button', { name: /edit title/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete Issue' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toBeDisabled();
    expect(within(dialog).getByRole('combobox', { name: 'Type' })).toBeDisabled();
    expect(within(dialog).getByRole('combobox', { name: 'Priority' })).toBeDisabled();
    expect(within(dialog).getByLabelText('Due date')).toHaveAttribute('readonly');
    // A click on a value opens no editor.
    fireEvent.click(within(dialog).getByTestId('Description-value'));
    fireEvent.click(within(dialog).getByTestId('Owner-value'));
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    // The comments read; none can be posted, answered, changed or reacted to.
    expect(within(dialog).getByText('Looks good')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'New comment' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Post Comment' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add reaction' })).not.toBeInTheDocument();
    for (const reaction of within(dialog).queryAllByRole('button', { name: /^(Thumbs up|Heart): / }))
      expect(reaction).toBeDisabled();

    // Closing still works.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers no "Create issue on this board" command while archived', async () => {
    await renderWithProject(archived);
    await screen.findByText(bannerText);
    expect(readCommands().map((command) => command.id)).not.toContain('board.create-issue');
  });
});

describe('the board of a project that is not archived', () => {
  it('is unchanged: no banner, the add and column controls, drag, Space and an editable dialog', async () => {
    await renderWithProject(project(null));
    expect(banner()).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^\+ Add Issue/ })).toHaveLength(3);
    expect(screen.getByRole('button', { name: '+ Add column' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Column actions for To Do' })).toBeInTheDocument();
    expect(cardBox('Write the spec')).toHaveAttribute('draggable', 'true');
    expect(card('Write the spec')).toHaveAttribute('aria-roledescription', 'draggable issue');

    act(() => card('Write the spec').focus());
    fireEvent.keyDown(card('Write the spec'), { key: ' ' });
    expect(announced()).toMatch(/^Picked up Write the spec\./);
    fireEvent.keyDown(card('Write the spec'), { key: 'Escape' });

    const dialog = await openWriteTheSpec();
    expect(within(dialog).getByRole('button', { name: 'Write the spec, edit title' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Edit Description' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete Issue' })).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toBeEnabled();
    expect(within(dialog).getByRole('textbox', { name: 'New comment' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reply' })).toBeInTheDocument();
  });

  it('a project answered without archivedAt (an older server) counts as not archived', async () => {
    await renderWithProject({ key: 'WEB', name: 'Website' });
    expect(banner()).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^\+ Add Issue/ })).toHaveLength(3);
  });
});

describe('archived while the board is open', () => {
  it('a move refused with 409 says why, goes back, and the board turns read-only', async () => {
    const { server } = await renderWithProject(project(null), {
      'PUT /api/issues/1/position': answer(409, { message: messages.projectArchived }),
    });
    expect(banner()).not.toBeInTheDocument();
    // Someone archives the project meanwhile: the next read of it says so.
    server.on('GET /api/projects/WEB', answer(200, archived));

    act(() => card('Write the spec').focus());
    fireEvent.keyDown(card('Write the spec'), { key: ' ' });
    fireEvent.keyDown(card('Write the spec'), { key: 'ArrowRight' });
    fireEvent.keyDown(card('Write the spec'), { key: ' ' });
    await waitFor(() => expect(server.callsTo('PUT /api/issues/1/position')).toHaveLength(1));

    expect(await screen.findByRole('alert')).toHaveTextContent('This project is archived.');
    await waitFor(() => expect(columnTitles()[0]).toEqual(['Write the spec', 'Draw the board']));
    expect(await screen.findByText(bannerText)).toHaveAttribute('role', 'status');
    expect(server.callsTo('GET /api/projects/WEB')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^\+ Add Issue/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Column actions for/ })).not.toBeInTheDocument();
  });

  it('another 409 (a stale issue) does not ask for the project again', async () => {
    const { server } = await renderWithProject(project(null), {
      'PUT /api/issues/1/position': answer(409, { message: messages.staleIssue }),
    });
    act(() => card('Write the spec').focus());
    fireEvent.keyDown(card('Write the spec'), { key: ' ' });
    fireEvent.keyDown(card('Write the spec'), { key: 'ArrowRight' });
    fireEvent.keyDown(card('Write the spec'), { key: ' ' });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(server.callsTo('GET /api/projects/WEB')).toHaveLength(1);
    expect(banner()).not.toBeInTheDocument();
  });
});
