import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CommentDto } from '@trackboard/contracts';
import { fakeIo } from '@trackboard/web-kit/src/socket/fake-socket';
import { answer, heldAnswer, type FakeRoute } from '@trackboard/web-kit/src/testing/fake-api';
import { render } from '@testing-library/react';
import { ada, admin, comment, grace, issue, resetBoardStore, signInAs } from '../../testing/board-fixtures';
import { card, renderBoard } from '../../testing/render-board';
import { CommentItem } from './comment-item';

jest.mock('socket.io-client', () => ({ io: jest.fn((options: Record<string, unknown>) => fakeIo(options)) }));

const thread = (): CommentDto[] => [
  comment({
    id: '50',
    author: { id: '8', name: 'Grace Hopper', avatarUrl: null },
    body: 'Looks good',
    reactions: { thumbsup: ['7', '8'], heart: ['8'] },
    replies: [
      comment({ id: '51', parentCommentId: '50', body: 'Thanks!', edited: true, editedAt: '2025-01-04T10:00:00.000Z' }),
    ],
  }),
  comment({ id: '60', author: { id: '9', name: '', avatarUrl: null }, body: 'Anonymous remark' }),
];

async function openComments(comments: CommentDto[] | FakeRoute = thread(), routes: Record<string, FakeRoute> = {}) {
  const rendered = await renderBoard(undefined, {
    'GET /api/issues/1': answer(200, issue({ id: '1', columnId: '10', position: 0, title: 'Write the spec' })),
    'GET /api/issues/1/comments': Array.isArray(comments) ? answer(200, comments) : comments,
    ...routes,
  });
  fireEvent.click(card('Write the spec'));
  const dialog = await screen.findByRole('dialog');
  return { ...rendered, dialog };
}

const byAuthor = (name: string, nth = 0) => screen.getAllByRole('article', { name: `Comment by ${name}` })[nth]!;

beforeEach(() => {
  resetBoardStore();
  signInAs(ada);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('comments (spec §2.12, §2.13)', () => {
  it('shows "Loading comments..." then "No comments yet."', async () => {
    const held = heldAnswer();
    const { dialog } = await openComments(held.route);
    expect(await within(dialog).findByText('Loading comments...')).toBeInTheDocument();
    held.release(answer(200, []));
    expect(await within(dialog).findByText('No comments yet.')).toBeInTheDocument();
  });

  it('shows author, time, "(edited)", body, initial avatars and "Unknown User", replies nested by depth', async () => {
    await openComments();
    await screen.findByText('Looks good');
    const grace = byAuthor('Grace Hopper');
    expect(within(grace).getByText('G')).toBeInTheDocument();
    expect(
      within(grace).getByText(new Date('2025-01-03T10:00:00.000Z').getFullYear().toString(), { exact: false }),
    ).toBeInTheDocument();
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

  it('deletes after confirmation, with its replies', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { server } = await openComments(thread(), { 'DELETE /api/comments/50': answer(204) });
    await screen.findByText('Looks good');
    // Ada leads the project: she may delete Grace's comment.
    fireEvent.click(within(byAuthor('Grace Hopper')).getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this comment? This action cannot be undone.');
    await waitFor(() => expect(screen.queryByText('Looks good')).toBeNull());
    expect(screen.queryByText('Thanks!')).toBeNull();
    expect(server.callsTo('DELETE /api/comments/50')).toHaveLength(1);
  });

  it.each([
    ['a member sees Delete on own comments only', grace, ['50'], ['60']],
    ['an admin sees Delete everywhere', admin, ['50', '51', '60'], []],
  ])('%s', async (_name, user, withDelete, withoutDelete) => {
    signInAs(user);
    await openComments();
    await screen.findByText('Looks good');
    const item = (id: string) => document.querySelector(`[data-comment-id="${id}"] > article`) as HTMLElement;
    for (const id of withDelete) expect(within(item(id)).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    for (const id of withoutDelete) expect(within(item(id)).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('counts reactions, highlights the ones the current user gave, and toggles', async () => {
    const { server } = await openComments(thread(), {
      'POST /api/comments/50/reactions': answer(200, { thumbsup: ['7', '8'], heart: ['8', '7'] }),
    });
    await screen.findByText('Looks good');
    const thumbs = within(byAuthor('Grace Hopper')).getByRole('button', { name: 'Thumbs up: 2' });
    const heart = within(byAuthor('Grace Hopper')).getByRole('button', { name: 'Heart: 1' });
    expect(thumbs).toHaveAttribute('aria-pressed', 'true');
    expect(thumbs).toHaveClass('reacted');
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(heart).not.toHaveClass('reacted');
    fireEvent.click(heart);
    const toggled = await within(byAuthor('Grace Hopper')).findByRole('button', { name: 'Heart: 2' });
    expect(toggled).toHaveAttribute('aria-pressed', 'true');
    expect(server.callsTo('POST /api/comments/50/reactions')[0]!.body).toEqual({ type: 'heart' });
  });

  it('shows comment errors in the dialog', async () => {
    await openComments(thread(), { 'POST /api/comments/60/reactions': answer(500) });
    await screen.findByText('Looks good');
    fireEvent.click(within(byAuthor('Unknown User')).getByRole('button', { name: 'Thumbs up: 0' }));
    expect(await screen.findByText('Failed to toggle reaction')).toBeInTheDocument();
  });

  it('draws no comment without a signed-in user', () => {
    const noop = async () => true;
    const { container } = render(
      <ul>
        <CommentItem
          comment={thread()[0]!}
          depth={0}
          viewer={null}
          onReply={noop}
          onEdit={noop}
          onDelete={() => {}}
          onReact={() => {}}
        />
      </ul>,
    );
    expect(container.querySelector('li')).toBeNull();
  });
});
