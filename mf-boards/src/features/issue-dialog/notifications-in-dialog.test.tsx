import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, heldAnswer, installViewport } from '@trackboard/web-kit/testing';
import { ada, comment, signInAs } from '../../testing/board-fixtures';
import { openComments } from '../../testing/comment-thread';
import { loadedIssue, openIssue } from '../../testing/render-board';

// In the issue dialog: Watch / Unwatch with the watcher count, and `@` mentions of the
// board's team in the comment box and the description.

jest.setTimeout(20000);
const watchPath = '/api/issues/1/watch';

beforeEach(() => {
  signInAs(ada);
  installViewport(1280);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('watching an issue', () => {
  it('shows Watch and the count, and watching turns it into Unwatch with one more', async () => {
    const held = heldAnswer();
    const { dialog, server } = await openIssue(
      {},
      { [`GET ${watchPath}`]: answer(200, { watching: false, watcherCount: 1 }), [`PUT ${watchPath}`]: held.route },
    );
    const watch = await within(dialog).findByRole('button', { name: 'Watch, 1 watcher' });
    expect(watch).toHaveTextContent(/^Watch 1$/);

    fireEvent.click(watch);
    expect(within(dialog).getByRole('button', { name: 'Unwatch, 2 watchers' })).toBeDisabled();
    held.release(answer(200, { watching: true, watcherCount: 3 }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Unwatch, 3 watchers' })).toBeEnabled());
    expect(server.callsTo(`PUT ${watchPath}`)).toHaveLength(1);
  });

  it('unwatches with DELETE, and puts it back with the reason when refused', async () => {
    const { dialog, server } = await openIssue(
      {},
      {
        [`GET ${watchPath}`]: answer(200, { watching: true, watcherCount: 2 }),
        [`DELETE ${watchPath}`]: answer(503, { message: 'Notifications are unavailable' }),
      },
    );
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Unwatch, 2 watchers' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Could not change watching: Notifications are unavailable',
    );
    expect(within(dialog).getByRole('button', { name: 'Unwatch, 2 watchers' })).toBeEnabled();
    expect(server.callsTo(`DELETE ${watchPath}`)).toHaveLength(1);
  });

  it('draws nothing when watching cannot be read', async () => {
    const { dialog } = await openIssue({}, { [`GET ${watchPath}`]: answer(503) });
    await waitFor(() => expect(console.warn).toHaveBeenCalledWith('Could not read the watch state', expect.anything()));
    expect(within(dialog).queryByRole('button', { name: /watch/i })).not.toBeInTheDocument();
  });
});

describe('mentions in the dialog', () => {
  it("offers the board's team in the comment box and posts the mention's markup; Escape closes only the list", async () => {
    const { dialog, server } = await openComments([], {
      'POST /api/issues/1/comments': answer(201, comment({ id: '70', body: 'Over to @[Grace Hopper](user:8) ' })),
    });
    await within(dialog).findByText('No comments yet.');
    const box = within(dialog).getByPlaceholderText('Add a comment...');
    fireEvent.change(box, { target: { value: 'Over to @' } });
    const list = within(dialog).getByRole('listbox', { name: 'Mention a member' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['ALAda Lovelaceada@example.com', 'GHGrace Hoppergrace@example.com']);

    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).queryByRole('listbox')).not.toBeInTheDocument();

    fireEvent.change(box, { target: { value: 'Over to @g' } });
    fireEvent.change(box, { target: { value: 'Over to @gr' } });
    expect(within(dialog).queryByRole('listbox')).not.toBeInTheDocument(); // closed for this @ until another
    fireEvent.change(box, { target: { value: 'Over to @' } });
    fireEvent.change(box, { target: { value: 'Over to ' } });
    fireEvent.change(box, { target: { value: 'Over to @g' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    // Shown as "@Name" while editing; posted as the mention's markup.
    expect(box).toHaveValue('Over to @Grace Hopper ');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Post Comment' }));
    const posted = await within(dialog).findByRole('article', { name: 'Comment by Ada Lovelace' });
    expect(server.callsTo('POST /api/issues/1/comments')[0]!.body).toEqual({
      body: 'Over to @[Grace Hopper](user:8)',
      parentCommentId: null,
    });
    await waitFor(() => expect(within(posted).getByText('@Grace Hopper')).toHaveAttribute('data-user-id', '8'));
  });

  it('offers the team in the description editor and shows the saved mention as a chip', async () => {
    const { dialog, server } = await openIssue(
      {},
      {
        'PATCH /api/issues/1': answer(200, loadedIssue({ description: 'Ask @[Ada Lovelace](user:7)', version: 4 })),
      },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit Description' }));
    const editor = within(dialog).getByRole('textbox', { name: 'Description' });
    fireEvent.change(editor, { target: { value: 'Ask @ad' } });
    fireEvent.keyDown(editor, { key: 'Tab' });
    expect(editor).toHaveValue('Ask @Ada Lovelace ');
    fireEvent.click(
      within(within(dialog).getByRole('region', { name: 'Description' })).getByRole('button', { name: 'Save' }),
    );
    await waitFor(() => expect(server.callsTo('PATCH /api/issues/1')).toHaveLength(1));
    expect(server.callsTo('PATCH /api/issues/1')[0]!.body).toMatchObject({
      description: 'Ask @[Ada Lovelace](user:7) ',
    });
    const chip = await within(dialog).findByText('@Ada Lovelace', {}, { timeout: 10000 });
    expect(chip).toHaveAttribute('data-user-id', '7');
  });
});
