import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer } from '@trackboard/web-kit/testing';
import { ada, comment, signInAs } from '../../testing/board-fixtures';
import { byAuthor, openComments, thread } from '../../testing/comment-thread';
import { card } from '../../testing/render-board';

beforeEach(() => {
  signInAs(ada);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());
afterAll(() => localStorage.clear());

const kept = () => Object.keys(localStorage).filter((key) => key.startsWith('trackboard.draft:'));
/** The card's draft mark (looked for behind the dialog too). */
const draftMark = () =>
  within(
    screen.getByRole('button', { name: 'Write the spec', hidden: true }).closest<HTMLElement>('[data-card]')!,
  ).queryByRole('img', { name: 'You have an unsent draft', hidden: true });

async function closeDialog() {
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}
async function reopen() {
  fireEvent.click(card('Write the spec'));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('Looks good');
  return dialog;
}

describe('unsent comment drafts', () => {
  it('keeps a half-written comment after the dialog closes, marks the card, and forgets it once posted', async () => {
    const { dialog, server } = await openComments(thread(), {
      'POST /api/issues/1/comments': answer(201, comment({ id: '70', body: 'Half a thought, finished' })),
    });
    await within(dialog).findByText('Looks good');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'New comment' }), {
      target: { value: 'Half a thought' },
    });
    await closeDialog();
    expect(draftMark()).toBeInTheDocument();

    const again = await reopen();
    const box = within(again).getByRole('textbox', { name: 'New comment' });
    expect(box).toHaveValue('Half a thought');
    expect(within(again).getByText('Your unsaved draft is back.')).toBeInTheDocument();

    fireEvent.change(box, { target: { value: 'Half a thought, finished' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Post Comment' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(server.callsTo('POST /api/issues/1/comments')[0]!.body).toEqual({
      body: 'Half a thought, finished',
      parentCommentId: null,
    });
    expect(kept()).toEqual([]);
    expect(draftMark()).toBeNull();
    expect(within(again).queryByText('Your unsaved draft is back.')).toBeNull();
  });

  it('keeps nothing of a blank box, and "Discard draft" drops a kept one', async () => {
    const { dialog } = await openComments();
    await within(dialog).findByText('Looks good');
    const box = within(dialog).getByRole('textbox', { name: 'New comment' });
    fireEvent.change(box, { target: { value: '   ' } });
    expect(kept()).toEqual([]);
    fireEvent.change(box, { target: { value: 'Maybe' } });
    await closeDialog();

    const again = await reopen();
    fireEvent.click(within(again).getByRole('button', { name: 'Discard draft' }));
    expect(within(again).getByRole('textbox', { name: 'New comment' })).toHaveValue('');
    expect(kept()).toEqual([]);
    expect(draftMark()).toBeNull();
  });

  it('opens a kept reply again in its box, until it is cancelled', async () => {
    const { dialog } = await openComments();
    await within(dialog).findByText('Looks good');
    fireEvent.click(within(byAuthor('Grace Hopper')).getByRole('button', { name: 'Reply' }));
    fireEvent.change(within(byAuthor('Grace Hopper')).getByPlaceholderText('Replying to Grace Hopper...'), {
      target: { value: 'Me too, because' },
    });
    await closeDialog();
    expect(draftMark()).toBeInTheDocument();

    await reopen();
    const reply = within(byAuthor('Grace Hopper')).getByRole('textbox', { name: 'Reply to Grace Hopper' });
    expect(reply).toHaveValue('Me too, because');
    expect(within(byAuthor('Grace Hopper')).getByText('Your unsaved draft is back.')).toBeInTheDocument();
    fireEvent.click(within(byAuthor('Grace Hopper')).getByRole('button', { name: 'Cancel' }));
    expect(reply).not.toBeInTheDocument();
    expect(kept()).toEqual([]);
    expect(draftMark()).toBeNull();
  });

  it('opens a kept edit of my own comment again, and forgets it once saved', async () => {
    const { dialog, server } = await openComments(thread(), {
      'PUT /api/comments/51': answer(200, comment({ id: '51', parentCommentId: '50', body: 'Thanks a lot!' })),
    });
    await within(dialog).findByText('Looks good');
    fireEvent.click(within(byAuthor('Ada Lovelace')).getByRole('button', { name: 'Edit' }));
    fireEvent.change(within(byAuthor('Ada Lovelace')).getByRole('textbox', { name: 'Edit comment' }), {
      target: { value: 'Thanks a lot!' },
    });
    await closeDialog();

    await reopen();
    const edit = within(byAuthor('Ada Lovelace')).getByRole('textbox', { name: 'Edit comment' });
    expect(edit).toHaveValue('Thanks a lot!');
    fireEvent.click(within(byAuthor('Ada Lovelace')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(edit).not.toBeInTheDocument());
    expect(server.callsTo('PUT /api/comments/51')[0]!.body).toEqual({ body: 'Thanks a lot!' });
    expect(kept()).toEqual([]);
  });

  it('forgets a kept reply to a comment deleted since', async () => {
    localStorage.setItem(
      'trackboard.draft:7:issue:1:comment:reply:99',
      JSON.stringify({ text: 'To a comment now gone', base: '' }),
    );
    const { dialog } = await openComments();
    await within(dialog).findByText('Looks good');
    await waitFor(() => expect(kept()).toEqual([]));
    await closeDialog();
    expect(draftMark()).toBeNull();
  });
});
