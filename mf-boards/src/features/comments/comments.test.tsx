import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, heldAnswer } from '@trackboard/web-kit/testing';
import { ada, comment, signInAs } from '../../testing/board-fixtures';
import { byAuthor, openComments, thread } from '../../testing/comment-thread';

beforeEach(() => {
  signInAs(ada);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('comments', () => {
  it('shows "Loading comments..." then "No comments yet."', async () => {
    const held = heldAnswer();
    const { dialog } = await openComments(held.route);
    expect(await within(dialog).findByText('Loading comments...')).toBeInTheDocument();
    held.release(answer(200, []));
    expect(await within(dialog).findByText('No comments yet.')).toBeInTheDocument();
  });

  it('shows author, relative time, "(edited)", body, initial avatars and "Unknown User", replies nested by depth', async () => {
    await openComments();
    await screen.findByText('Looks good');
    const grace = byAuthor('Grace Hopper');
    expect(within(grace).getByText('G')).toBeInTheDocument();
    // The time reads relatively ("... ago"), the exact one on hover.
    const time = within(grace).getByText(/ ago$/);
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('title', expect.stringContaining('2025'));
    const reply = byAuthor('Ada Lovelace');
    expect(reply).toHaveTextContent('Thanks!');
    expect(within(reply).getByText('(edited)')).toBeInTheDocument();
    expect(reply.closest('li')).toHaveAttribute('data-depth', '1');
    expect(reply.closest('li')!.parentElement!.closest('li')).toHaveAttribute('data-comment-id', '50');
    expect(byAuthor('Unknown User')).toHaveTextContent('Anonymous remark');
    expect(within(grace).queryByText('(edited)')).toBeNull();
  });

  it('posts a comment with "Post Comment", disabled while blank', async () => {
    const { dialog, server } = await openComments([], {
      'POST /api/issues/1/comments': answer(201, comment({ id: '70', body: 'First!' })),
    });
    await within(dialog).findByText('No comments yet.');
    const box = within(dialog).getByPlaceholderText('Add a comment...');
    const post = within(dialog).getByRole('button', { name: 'Post Comment' });
    expect(post).toBeDisabled();
    fireEvent.change(box, { target: { value: '   ' } });
    expect(post).toBeDisabled();
    fireEvent.change(box, { target: { value: 'First!' } });
    fireEvent.click(post);
    expect(await within(dialog).findByText('First!')).toBeInTheDocument();
    expect(server.callsTo('POST /api/issues/1/comments')[0]!.body).toEqual({ body: 'First!', parentCommentId: null });
    // The box empties once the post has been answered.
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('replies under the comment with "Replying to {author}..."', async () => {
    const { server } = await openComments(thread(), {
      'POST /api/issues/1/comments': answer(
        201,
        comment({
          id: '52',
          parentCommentId: '50',
          body: 'Me too',
          author: { id: '7', name: 'Ada Lovelace', avatarUrl: null },
        }),
      ),
    });
    await screen.findByText('Looks good');
    fireEvent.click(within(byAuthor('Grace Hopper')).getByRole('button', { name: 'Reply' }));
    const box = within(byAuthor('Grace Hopper')).getByPlaceholderText('Replying to Grace Hopper...');
    const postReply = within(byAuthor('Grace Hopper')).getByRole('button', { name: 'Post Reply' });
    expect(postReply).toBeDisabled();
    fireEvent.change(box, { target: { value: 'Me too' } });
    fireEvent.click(postReply);
    await waitFor(() => expect(box).not.toBeInTheDocument());
    const mine = screen.getByText('Me too');
    expect(mine.closest('li')).toHaveAttribute('data-depth', '1');
    expect(server.callsTo('POST /api/issues/1/comments')[0]!.body).toEqual({ body: 'Me too', parentCommentId: '50' });
    expect(within(byAuthor('Grace Hopper')).queryByPlaceholderText('Replying to Grace Hopper...')).toBeNull();
  });

  it('Cancel closes the reply box', async () => {
    await openComments();
    await screen.findByText('Looks good');
    fireEvent.click(within(byAuthor('Grace Hopper')).getByRole('button', { name: 'Reply' }));
    fireEvent.click(within(byAuthor('Grace Hopper')).getByRole('button', { name: 'Cancel' }));
    expect(within(byAuthor('Grace Hopper')).queryByPlaceholderText('Replying to Grace Hopper...')).toBeNull();
  });

  it('offers Edit to the author only, and saves the edit', async () => {
    const { server } = await openComments(thread(), {
      'PUT /api/comments/51': answer(
        200,
        comment({ id: '51', parentCommentId: '50', body: 'Thanks a lot!', edited: true }),
      ),
    });
    await screen.findByText('Looks good');
    expect(within(byAuthor('Grace Hopper')).queryByRole('button', { name: 'Edit' })).toBeNull();
    fireEvent.click(within(byAuthor('Ada Lovelace')).getByRole('button', { name: 'Edit' }));
    const box = within(byAuthor('Ada Lovelace')).getByRole('textbox', { name: 'Edit comment' });
    expect(box).toHaveValue('Thanks!');
    fireEvent.change(box, { target: { value: 'Thanks a lot!' } });
    fireEvent.click(within(byAuthor('Ada Lovelace')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(box).not.toBeInTheDocument());
    expect(within(byAuthor('Ada Lovelace')).getByText('Thanks a lot!')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/comments/51')[0]!.body).toEqual({ body: 'Thanks a lot!' });
  });

  it('skips an unchanged edit', async () => {
    const { server } = await openComments();
    await screen.findByText('Looks good');
    fireEvent.click(within(byAuthor('Ada Lovelace')).getByRole('button', { name: 'Edit' }));
    fireEvent.click(within(byAuthor('Ada Lovelace')).getByRole('button', { name: 'Save' }));
    expect(server.callsTo('PUT /api/comments/51')).toHaveLength(0);
    expect(within(byAuthor('Ada Lovelace')).getByText('Thanks!')).toBeInTheDocument();
  });
});
