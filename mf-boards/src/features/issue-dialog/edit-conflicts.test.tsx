import type { IssueDto } from '@trackboard/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, installViewport, lastSocket } from '@trackboard/web-kit/testing';
import { ada, signInAs } from '../../testing/board-fixtures';
import { card, loadedIssue, openIssue } from '../../testing/render-board';

// Two people editing one issue: an edit keeps the version and the text it began from, a change to
// the same field meanwhile is said at once, and a save over it shows both texts to choose from.

const field = (dialog: HTMLElement, label: string) => within(dialog).getByRole('region', { name: label });
const editDescription = (dialog: HTMLElement, text: string) => {
  fireEvent.click(within(field(dialog, 'Description')).getByRole('button', { name: 'Edit Description' }));
  fireEvent.change(within(dialog).getByPlaceholderText('Detailed description of the issue'), {
    target: { value: text },
  });
};
const saveIn = (region: HTMLElement, name = 'Save') => fireEvent.click(within(region).getByRole('button', { name }));

/** Grace's change of the issue, as the board room tells it. */
function graceChanges(fields: Partial<IssueDto>, version = 6) {
  const socket = lastSocket()!;
  act(() => socket.serverConnects());
  act(() =>
    socket.serverSends('board_updated', {
      boardId: '1',
      version,
      issues: [loadedIssue({ ...fields, version: 4 })],
      complete: false,
      originId: 'grace-tab',
      actor: { id: '8', name: 'Grace Hopper' },
    }),
  );
}

const stale = (fields: Partial<IssueDto>) =>
  answer(409, {
    message: 'This issue was changed by someone else. The latest version is shown.',
    issue: loadedIssue({ version: 4, ...fields }),
  });

beforeEach(() => {
  signInAs(ada);
  installViewport(1280);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('an edit keeps where it began', () => {
  it('sends the version and the text the editor started from, even after a live change to another field', async () => {
    const { dialog, server } = await openIssue(
      { description: 'Goals' },
      { 'PATCH /api/issues/1': (call) => answer(200, loadedIssue({ ...(call.body as object), version: 5 })) },
    );
    editDescription(dialog, 'Goals\n- fast');
    graceChanges({ description: 'Goals', priority: 'HIGH' });
    expect(within(dialog).queryByText(/changed this while you were editing/)).toBeNull();
    saveIn(field(dialog, 'Description'));
    await waitFor(() => expect(server.callsTo('PATCH /api/issues/1')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/issues/1')[0]!.body).toEqual({
      description: 'Goals\n- fast',
      version: 3,
      base: { description: 'Goals' },
    });
  });
});

describe('a change to the field being edited', () => {
  it('says at once who changed it, before any save', async () => {
    const { dialog, server } = await openIssue({ description: 'Goals' });
    editDescription(dialog, 'Summary\nGoals');
    graceChanges({ description: 'Goals\n- fast' });
    const notice = within(field(dialog, 'Description')).getByText('Grace Hopper changed this while you were editing');
    expect(notice).toHaveAttribute('role', 'status');
    // The draft is untouched.
    expect(within(dialog).getByPlaceholderText('Detailed description of the issue')).toHaveValue('Summary\nGoals');
    expect(server.callsTo('PATCH /api/issues/1')).toHaveLength(0);
  });

  it('a save over it shows theirs and yours with the changed lines marked, and a merge to edit and save', async () => {
    const { dialog, server } = await openIssue(
      { description: 'Goals' },
      { 'PATCH /api/issues/1': stale({ description: 'Goals\n- fast' }) },
    );
    editDescription(dialog, 'Summary\nGoals');
    saveIn(field(dialog, 'Description'));
    const conflict = await within(field(dialog, 'Description')).findByRole('group', { name: 'Resolve the conflict' });

    const theirs = within(conflict).getByRole('region', { name: 'Theirs' });
    const yours = within(conflict).getByRole('region', { name: 'Yours' });
    expect([...theirs.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['- fast']);
    expect([...yours.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Summary']);
    expect(theirs).toHaveTextContent('Goals');
    const merge = within(conflict).getByRole('textbox', { name: 'Merge' });
    expect(merge).toHaveValue('Summary\nGoals\n- fast');

    server.on('PATCH /api/issues/1', (call) => answer(200, loadedIssue({ ...(call.body as object), version: 5 })));
    fireEvent.change(merge, { target: { value: 'Summary\nGoals\n- fast\n- safe' } });
    saveIn(conflict, 'Save merge');
    await waitFor(() => expect(within(dialog).queryByRole('group', { name: 'Resolve the conflict' })).toBeNull());
    expect(server.callsTo('PATCH /api/issues/1')[1]!.body).toEqual({
      description: 'Summary\nGoals\n- fast\n- safe',
      version: 4,
      base: { description: 'Goals\n- fast' },
    });
    expect(
      within(field(dialog, 'Description'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['fast', 'safe']);
  });

  it('"Keep mine" saves yours over theirs on the new version', async () => {
    const { dialog, server } = await openIssue(
      { description: 'Goals' },
      { 'PATCH /api/issues/1': stale({ description: 'Theirs' }) },
    );
    editDescription(dialog, 'Mine');
    saveIn(field(dialog, 'Description'));
    const conflict = await within(dialog).findByRole('group', { name: 'Resolve the conflict' });
    server.on('PATCH /api/issues/1', (call) => answer(200, loadedIssue({ ...(call.body as object), version: 5 })));
    saveIn(conflict, 'Keep mine');
    await waitFor(() => expect(field(dialog, 'Description')).toHaveTextContent('Mine'));
    expect(server.callsTo('PATCH /api/issues/1')[1]!.body).toEqual({
      description: 'Mine',
      version: 4,
      base: { description: 'Theirs' },
    });
  });

  it('"Take theirs" leaves the editor with their text and sends nothing', async () => {
    const { dialog, server } = await openIssue(
      { description: 'Goals' },
      { 'PATCH /api/issues/1': stale({ description: 'Theirs' }) },
    );
    editDescription(dialog, 'Mine');
    saveIn(field(dialog, 'Description'));
    const conflict = await within(dialog).findByRole('group', { name: 'Resolve the conflict' });
    saveIn(conflict, 'Take theirs');
    expect(within(dialog).queryByPlaceholderText('Detailed description of the issue')).toBeNull();
    expect(field(dialog, 'Description')).toHaveTextContent('Theirs');
    expect(server.callsTo('PATCH /api/issues/1')).toHaveLength(1);
  });

  it('the title has the same view, one line each', async () => {
    const { dialog } = await openIssue({}, { 'PATCH /api/issues/1': stale({ title: 'Write the whole spec' }) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write the spec, edit title' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: 'Write it' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const conflict = await within(dialog).findByRole('group', { name: 'Resolve the conflict' });
    expect(within(conflict).getByRole('region', { name: 'Theirs' })).toHaveTextContent('Write the whole spec');
    expect(within(conflict).getByRole('textbox', { name: 'Merge' })).toHaveValue('Write it');
  });
});

describe('Escape in an editor', () => {
  it('leaves the editor, not the dialog, asking first when there are changes', async () => {
    const { dialog } = await openIssue({ description: 'Goals' });
    editDescription(dialog, 'Goals and more');
    const box = within(dialog).getByPlaceholderText('Detailed description of the issue');
    fireEvent.keyDown(box, { key: 'Escape' });
    const question = within(dialog).getByRole('group', { name: 'Discard your changes?' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).getByPlaceholderText('Detailed description of the issue')).toHaveValue('Goals and more');

    fireEvent.keyDown(within(dialog).getByPlaceholderText('Detailed description of the issue'), { key: 'Escape' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(within(dialog).queryByPlaceholderText('Detailed description of the issue')).toBeNull();
    expect(field(dialog, 'Description')).toHaveTextContent('Goals');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('leaves an unchanged editor at once; the next Escape closes the dialog', async () => {
    const { dialog } = await openIssue({ description: 'Goals' });
    fireEvent.click(within(field(dialog, 'Description')).getByRole('button', { name: 'Edit Description' }));
    fireEvent.keyDown(within(dialog).getByPlaceholderText('Detailed description of the issue'), { key: 'Escape' });
    expect(within(dialog).queryByPlaceholderText('Detailed description of the issue')).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('an unsaved description draft', () => {
  it('survives closing the dialog and comes back in the editor, until discarded', async () => {
    const { dialog } = await openIssue({ description: 'Goals' });
    editDescription(dialog, 'Half a thought');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(card('Write the spec'));
    const again = await screen.findByRole('dialog');
    await within(again).findByRole('heading', { level: 3, name: 'Description' });
    expect(field(again, 'Description')).toHaveTextContent('Goals');
    fireEvent.click(within(field(again, 'Description')).getByRole('button', { name: 'Edit Description' }));
    expect(within(again).getByPlaceholderText('Detailed description of the issue')).toHaveValue('Half a thought');
    expect(within(field(again, 'Description')).getByText('Your unsaved draft is back.')).toBeInTheDocument();

    fireEvent.click(within(field(again, 'Description')).getByRole('button', { name: 'Discard draft' }));
    expect(within(again).getByPlaceholderText('Detailed description of the issue')).toHaveValue('Goals');
    fireEvent.click(within(field(again, 'Description')).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(field(again, 'Description')).getByRole('button', { name: 'Edit Description' }));
    expect(within(again).getByPlaceholderText('Detailed description of the issue')).toHaveValue('Goals');
  });

  it('is gone once saved', async () => {
    const { dialog } = await openIssue(
      { description: 'Goals' },
      { 'PATCH /api/issues/1': (call) => answer(200, loadedIssue({ ...(call.body as object), version: 4 })) },
    );
    editDescription(dialog, 'Saved thought');
    saveIn(field(dialog, 'Description'));
    await waitFor(() => expect(field(dialog, 'Description')).toHaveTextContent('Saved thought'));
    expect(Object.keys(localStorage).filter((key) => key.includes('draft'))).toEqual([]);
  });
});
