import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { IssueDto } from '@trackboard/contracts';
import { answer, type FakeRoute, installViewport, type RecordedCall } from '@trackboard/web-kit/testing';
import { ada, admin, board, signInAs } from '../../testing/board-fixtures';
import { card, loadedIssue, renderBoard } from '../../testing/render-board';

// The first dialog of a file loads its lazy chunk (and the Markdown renderer behind it): slow on a busy machine.
jest.setTimeout(20000);
const labels = [
  { id: '30', boardId: '1', name: 'bug', color: 'red' as const },
  { id: '31', boardId: '1', name: 'frontend', color: 'blue' as const },
];
/** PATCH answers the issue with the change applied, one version on. */
const patched = (call: RecordedCall) => answer(200, loadedIssue({ ...(call.body as Partial<IssueDto>), version: 4 }));

/** "Write the spec" open in the dialog, on a board with two labels. */
async function open(fields: Partial<IssueDto> = {}, routes: Record<string, FakeRoute> = {}) {
  const rendered = await renderBoard(board(undefined, { labels }), {
    'GET /api/issues/1': answer(200, loadedIssue(fields)),
    'GET /api/issues/1/comments': answer(200, []),
    'PATCH /api/issues/1': patched,
    ...routes,
  });
  fireEvent.click(card('Write the spec'));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('heading', { level: 3, name: 'Owner' });
  return { ...rendered, dialog };
}
const field = (dialog: HTMLElement, label: string) => within(dialog).getByRole('region', { name: label });
const patches = (server: { callsTo(route: string): RecordedCall[] }) =>
  server.callsTo('PATCH /api/issues/1').map((call) => call.body);

beforeEach(() => {
  signInAs(ada);
  installViewport(1280);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('the assignee picker', () => {
  it('searches the members as you type and assigns the one chosen', async () => {
    const { dialog, server } = await open();
    fireEvent.click(within(field(dialog, 'Owner')).getByTestId('Owner-value'));
    const search = within(dialog).getByPlaceholderText('User ID or name');
    fireEvent.change(search, { target: { value: 'grac' } });
    expect(within(dialog).queryByRole('option', { name: /Ada Lovelace/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('option', { name: /Grace Hopper/ }));
    await waitFor(() => expect(patches(server)).toEqual([{ assigneeId: '8', version: 3, base: { assigneeId: null } }]));
    await waitFor(() => expect(within(dialog).queryByPlaceholderText('User ID or name')).toBeNull());
  });

  it('offers "Assign to me" and "Unassigned"', async () => {
    const { dialog, server } = await open({ assigneeId: '8', owner: 'Grace Hopper' });
    expect(field(dialog, 'Owner')).toHaveTextContent('Grace Hopper');
    fireEvent.click(within(field(dialog, 'Owner')).getByRole('button', { name: 'Edit Owner' }));
    fireEvent.click(within(dialog).getByRole('option', { name: 'Assign to me' }));
    await waitFor(() => expect(patches(server)).toEqual([{ assigneeId: '7', version: 3, base: { assigneeId: '8' } }]));
    await waitFor(() => expect(field(dialog, 'Owner')).toHaveTextContent('Ada Lovelace'));

    fireEvent.click(within(field(dialog, 'Owner')).getByRole('button', { name: 'Edit Owner' }));
    fireEvent.click(within(dialog).getByRole('option', { name: 'Unassigned' }));
    await waitFor(() =>
      expect(patches(server)[1]).toEqual({ assigneeId: null, version: 4, base: { assigneeId: '7' } }),
    );
  });

  it('offers no "Assign to me" to someone who is not a member', async () => {
    signInAs(admin);
    const { dialog } = await open();
    fireEvent.click(within(field(dialog, 'Owner')).getByRole('button', { name: 'Edit Owner' }));
    expect(within(dialog).getByRole('option', { name: 'Unassigned' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('option', { name: 'Assign to me' })).toBeNull();
  });
});

describe('the labels picker', () => {
  it('adds and removes labels at once', async () => {
    const { dialog, server } = await open({ labelIds: ['31'] });
    expect(field(dialog, 'Labels')).toHaveTextContent('frontend');
    fireEvent.click(within(field(dialog, 'Labels')).getByTestId('Labels-value'));
    expect(within(dialog).getByRole('option', { name: /frontend/ })).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(within(dialog).getByRole('option', { name: /bug/ }));
    await waitFor(() =>
      expect(patches(server)).toEqual([{ labelIds: ['31', '30'], version: 3, base: { labelIds: ['31'] } }]),
    );
    await waitFor(() =>
      expect(within(dialog).getByRole('option', { name: /bug/ })).toHaveAttribute('aria-checked', 'true'),
    );
    fireEvent.click(within(dialog).getByRole('option', { name: /frontend/ }));
    await waitFor(() =>
      expect(patches(server)[1]).toEqual({ labelIds: ['30'], version: 4, base: { labelIds: ['31', '30'] } }),
    );
  });

  it('creates a label on the fly and puts it on the issue', async () => {
    const created = { id: '32', boardId: '1', name: 'urgent', color: 'yellow' };
    const { dialog, server } = await open({}, { 'POST /api/boards/1/labels': answer(201, created) });
    fireEvent.click(within(field(dialog, 'Labels')).getByRole('button', { name: 'Edit Labels' }));
    const search = within(dialog).getByPlaceholderText('Search or create labels');
    fireEvent.change(search, { target: { value: 'BUG' } });
    // A name the board has (in any case) is chosen, not created.
    expect(within(dialog).queryByRole('option', { name: /Create label/ })).toBeNull();
    fireEvent.change(search, { target: { value: 'urgent' } });
    fireEvent.click(within(dialog).getByRole('option', { name: 'Create label "urgent"' }));
    await waitFor(() => expect(patches(server)).toEqual([{ labelIds: ['32'], version: 3, base: { labelIds: [] } }]));
    // The palette's next colour: the board has two labels, so the third colour.
    expect(server.callsTo('POST /api/boards/1/labels')[0]!.body).toEqual({ name: 'urgent', color: 'yellow' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(field(dialog, 'Labels')).toHaveTextContent('urgent');
  });

  it('says why a label was refused', async () => {
    const { dialog } = await open({}, { 'POST /api/boards/1/labels': answer(409, { message: 'Label exists.' }) });
    fireEvent.click(within(field(dialog, 'Labels')).getByRole('button', { name: 'Edit Labels' }));
    fireEvent.change(within(dialog).getByPlaceholderText('Search or create labels'), { target: { value: 'dup' } });
    fireEvent.click(within(dialog).getByRole('option', { name: 'Create label "dup"' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Label exists.');
  });
});

describe('type, priority and due date', () => {
  it('saves the chosen priority and type', async () => {
    const { dialog, server } = await open();
    fireEvent.keyDown(within(dialog).getByRole('combobox', { name: 'Priority' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: /Critical/ }));
    await waitFor(() =>
      expect(patches(server)).toEqual([{ priority: 'CRITICAL', version: 3, base: { priority: 'MEDIUM' } }]),
    );
    fireEvent.keyDown(within(dialog).getByRole('combobox', { name: 'Type' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: /Bug/ }));
    await waitFor(() => expect(patches(server)[1]).toEqual({ type: 'BUG', version: 4, base: { type: 'TASK' } }));
  });

  it('saves a due date as it is chosen, and clears it', async () => {
    const { dialog, server } = await open();
    const input = within(dialog).getByLabelText('Due date');
    // A year being typed passes through 0002, 0020 and 0202: nothing is sent for those.
    fireEvent.change(input, { target: { value: '0202-05-01' } });
    fireEvent.change(input, { target: { value: '2030-05-01' } });
    await waitFor(() =>
      expect(patches(server)).toEqual([{ dueDate: '2030-05-01', version: 3, base: { dueDate: null } }]),
    );
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Clear due date' }));
    await waitFor(() =>
      expect(patches(server)[1]).toEqual({ dueDate: null, version: 4, base: { dueDate: '2030-05-01' } }),
    );
  });

  it('shows when the issue was created and updated', async () => {
    const { dialog } = await open({ createdAt: '2025-01-02T10:00:00.000Z', updatedAt: new Date().toISOString() });
    const times = within(dialog).getAllByText(/ago$|^just now$/, { selector: 'time' });
    expect(times.map((time) => time.textContent)).toEqual([expect.stringMatching(/ago$/), 'just now']);
    expect(times[0]).toHaveAttribute('title', expect.stringContaining('2025'));
  });
});
