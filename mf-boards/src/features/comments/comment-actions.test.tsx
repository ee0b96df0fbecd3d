import { render, screen, waitFor, within, fireEvent } from '@testing-library/react';
import { answer, answerConfirm } from '@trackboard/web-kit/testing';
import { ada, admin, grace, signInAs } from '../../testing/board-fixtures';
import { byAuthor, openComments, thread } from '../../testing/comment-thread';
import { CommentItem } from './comment-item';

beforeEach(() => {
  signInAs(ada);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

/** The thread's first comment alone, seen by user 7, who may edit and delete it or not. */
function renderFirstComment({ canEdit, readOnly }: { canEdit: boolean; readOnly: boolean }) {
  const noop = async () => true;
  const viewer = { id: '7', canEdit: () => canEdit, canDelete: () => canEdit };
  render(
    <ul>
      <CommentItem
        comment={thread()[0]!}
        depth={0}
        viewer={viewer}
        readOnly={readOnly}
        onReply={noop}
        onEdit={noop}
        onDelete={() => {}}
        onReact={() => {}}
      />
    </ul>,
  );
}

describe('deleting, reacting and failing comments', () => {
  it('deletes after confirmation, with its replies', async () => {
    const { server } = await openComments(thread(), { 'DELETE /api/comments/50': answer(204) });
    await screen.findByText('Looks good');
    // Ada leads the project: she may delete Grace's comment. The app's own dialog asks first.
    fireEvent.click(within(byAuthor('Grace Hopper')).getByRole('button', { name: 'Delete' }));
    await answerConfirm(false, 'Are you sure you want to delete this comment? This action cannot be undone.');
    expect(server.callsTo('DELETE /api/comments/50')).toHaveLength(0);
    expect(screen.getByText('Looks good')).toBeInTheDocument();
    fireEvent.click(within(byAuthor('Grace Hopper')).getByRole('button', { name: 'Delete' }));
    await answerConfirm(true, 'Are you sure you want to delete this comment? This action cannot be undone.');
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

  // An emoji is an empty box where the system has no emoji font.
  it('draws the reactions with icons that ship with the app, keeping their names', () => {
    renderFirstComment({ canEdit: false, readOnly: false });
    const thumbs = screen.getByRole('button', { name: 'Thumbs up: 2' });
    const heart = screen.getByRole('button', { name: 'Heart: 1' });
    for (const [button, count] of [
      [thumbs, '2'],
      [heart, '1'],
    ] as const) {
      expect(button.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
      expect(button.textContent!.trim()).toBe(count);
      expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    }
  });

  it('in an archived project counts the reactions given and offers none', () => {
    renderFirstComment({ canEdit: true, readOnly: true });
    expect(screen.getByRole('button', { name: 'Thumbs up: 2' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Heart: 1' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add reaction' })).toBeNull();
  });

  it('shows comment errors in the dialog', async () => {
    await openComments(thread(), { 'POST /api/comments/60/reactions': answer(500) });
    await screen.findByText('Looks good');
    fireEvent.click(within(byAuthor('Unknown User')).getByRole('button', { name: 'Add reaction' }));
    fireEvent.click(within(byAuthor('Unknown User')).getByRole('button', { name: 'Thumbs up' }));
    expect(await screen.findByText('Failed to toggle reaction')).toBeInTheDocument();
  });

  it('shows only the reactions given, and offers the others behind "Add reaction"', async () => {
    const { server } = await openComments(thread(), {
      'POST /api/comments/60/reactions': answer(200, { thumbsup: [], heart: ['7'] }),
    });
    await screen.findByText('Looks good');
    const unknown = () => within(byAuthor('Unknown User'));
    // Nobody reacted to this one yet: no row of zeros, one button to add.
    expect(unknown().queryByRole('button', { name: /^(Thumbs up|Heart):/ })).toBeNull();
    const add = unknown().getByRole('button', { name: 'Add reaction' });
    expect(add).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(add);
    expect(add).toHaveAttribute('aria-expanded', 'true');
    const choices = unknown().getByRole('group', { name: 'Add reaction' });
    expect(
      within(choices)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Thumbs up', 'Heart']);
    fireEvent.click(within(choices).getByRole('button', { name: 'Heart' }));
    expect(unknown().queryByRole('group', { name: 'Add reaction' })).toBeNull();
    const heart = await unknown().findByRole('button', { name: 'Heart: 1' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(server.callsTo('POST /api/comments/60/reactions')[0]!.body).toEqual({ type: 'heart' });
    // Grace's comment has both already: nothing left to add there.
    expect(within(byAuthor('Grace Hopper')).queryByRole('button', { name: 'Add reaction' })).toBeNull();
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
