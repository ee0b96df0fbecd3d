import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer } from '@trackboard/web-kit/testing';
import { ada, issue, signInAs } from '../../../testing/board-fixtures';
import { column, renderBoard } from '../../../testing/render-board';

beforeEach(() => {
  signInAs(ada);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('adding an issue', () => {
  const openForm = (name: string) => {
    fireEvent.click(within(column(name)).getByRole('button', { name: `+ Add Issue to ${name}` }));
    return {
      title: within(column(name)).getByPlaceholderText('Enter issue title...'),
      description: within(column(name)).getByPlaceholderText('Add a description (optional)...'),
    };
  };

  it('keeps Save disabled while the title is blank', async () => {
    await renderBoard();
    const { title } = openForm('Done');
    const save = within(column('Done')).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    fireEvent.change(title, { target: { value: '   ' } });
    expect(save).toBeDisabled();
    fireEvent.change(title, { target: { value: 'Ship' } });
    expect(save).toBeEnabled();
  });

  it('saves with Enter (without Shift) and shows the new card', async () => {
    const created = issue({ id: '30', columnId: '12', position: 0, title: 'Ship it', status: 'DONE' });
    const { server } = await renderBoard(undefined, { 'POST /api/issues': answer(201, created) });
    const { title, description } = openForm('Done');
    fireEvent.change(title, { target: { value: 'Ship it' } });
    fireEvent.change(description, { target: { value: 'today' } });
    fireEvent.keyDown(title, { key: 'Enter', shiftKey: true });
    expect(server.callsTo('POST /api/issues')).toHaveLength(0);
    fireEvent.keyDown(title, { key: 'Enter' });
    expect(await within(column('Done')).findByRole('button', { name: 'Ship it' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/issues')[0]!.body).toMatchObject({
      title: 'Ship it',
      description: 'today',
      columnId: '12',
      status: 'DONE',
      position: 0,
    });
    // Quick add: the form stays open, emptied, with the focus in the title.
    const next = within(column('Done')).getByPlaceholderText('Enter issue title...');
    expect(next).toHaveValue('');
    expect(within(column('Done')).getByPlaceholderText('Add a description (optional)...')).toHaveValue('');
    await waitFor(() => expect(next).toHaveFocus());
    expect(within(column('Done')).queryByText('Empty column')).toBeNull();
  });

  it('quick add: three titles typed one after the other make three cards, in order', async () => {
    let id = 40;
    const { server } = await renderBoard(undefined, {
      'POST /api/issues': (call) => {
        const body = call.body as { title: string; position: number };
        return answer(
          201,
          issue({ id: String(id++), columnId: '12', position: body.position, title: body.title, status: 'DONE' }),
        );
      },
    });
    const { title } = openForm('Done');
    for (const name of ['One', 'Two', 'Three']) {
      fireEvent.change(title, { target: { value: name } });
      fireEvent.keyDown(title, { key: 'Enter' });
      await waitFor(() => expect(title).toHaveValue(''));
    }
    await waitFor(() => expect(server.callsTo('POST /api/issues')).toHaveLength(3));
    for (const name of ['One', 'Two', 'Three'])
      expect(await within(column('Done')).findByRole('button', { name })).toBeInTheDocument();
    expect(title).toBeInTheDocument();
  });

  it('Escape closes the form; a click outside closes it and keeps what was typed for the next open', async () => {
    const { server } = await renderBoard();
    let { title } = openForm('To Do');
    fireEvent.change(title, { target: { value: 'Half a thought' } });
    fireEvent.pointerDown(document.body);
    expect(within(column('To Do')).queryByPlaceholderText('Enter issue title...')).toBeNull();
    ({ title } = openForm('To Do'));
    expect(title).toHaveValue('Half a thought');
    fireEvent.pointerDown(title);
    expect(title).toBeInTheDocument();
    fireEvent.keyDown(title, { key: 'Escape' });
    expect(within(column('To Do')).queryByPlaceholderText('Enter issue title...')).toBeNull();
    expect(server.callsTo('POST /api/issues')).toHaveLength(0);
  });

  it('Cancel closes the form without a call', async () => {
    const { server } = await renderBoard();
    const { title } = openForm('To Do');
    fireEvent.change(title, { target: { value: 'Never mind' } });
    fireEvent.click(within(column('To Do')).getByRole('button', { name: 'Cancel' }));
    expect(within(column('To Do')).queryByPlaceholderText('Enter issue title...')).toBeNull();
    expect(server.callsTo('POST /api/issues')).toHaveLength(0);
    // Cancel drops the draft.
    expect(openForm('To Do').title).toHaveValue('');
  });

  it('is not sent without a signed-in user, and says why', async () => {
    const { server } = await renderBoard();
    act(() => signInAs(null));
    const { title } = openForm('To Do');
    fireEvent.change(title, { target: { value: 'Orphan' } });
    fireEvent.click(within(column('To Do')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cannot add issue: Current user not found or missing ID.',
    );
    expect(server.callsTo('POST /api/issues')).toHaveLength(0);
  });

  it("says at the title when it is over the server's limit, and does not send it", async () => {
    const { server } = await renderBoard();
    const { title } = openForm('To Do');
    fireEvent.change(title, { target: { value: 'x'.repeat(301) } });
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Title can be at most 300 characters.');
    expect(within(column('To Do')).getByRole('button', { name: 'Save' })).toBeDisabled();
    fireEvent.keyDown(title, { key: 'Enter' });
    expect(server.callsTo('POST /api/issues')).toHaveLength(0);
    fireEvent.change(title, { target: { value: 'x'.repeat(300) } });
    expect(title).not.toHaveAttribute('aria-invalid');
  });

  it("shows the server's refusal of the title at the title, not in the board's banner", async () => {
    const { server } = await renderBoard(undefined, {
      'POST /api/issues': answer(400, { message: 'title: is too long' }),
    });
    const { title } = openForm('To Do');
    fireEvent.change(title, { target: { value: 'Ship it' } });
    fireEvent.click(within(column('To Do')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(title).toHaveAccessibleDescription('Title can be at most 300 characters.'));
    expect(server.callsTo('POST /api/issues')).toHaveLength(1);
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/title: is too long/)).toBeNull();
    // The form stays open with what was typed, and typing again clears the refusal.
    expect(title).toHaveValue('Ship it');
    fireEvent.change(title, { target: { value: 'Ship it now' } });
    expect(title).not.toHaveAttribute('aria-invalid');
  });
});
