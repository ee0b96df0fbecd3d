import { within } from '@testing-library/react';
import { ada, board, issue, signInAs } from '../../../testing/board-fixtures';
import { card, cardBox, renderBoard } from '../../../testing/render-board';

// A card whose description holds tasks says how many are done of all: "2/5" beside its other
// marks, and in words in the card's description.

beforeEach(() => {
  signInAs(ada);
});

describe('a card’s checklist', () => {
  it('shows done of all, said as "2 of 5 tasks done", only when there are tasks', async () => {
    await renderBoard(
      board([
        issue({
          id: '1',
          columnId: '10',
          position: 0,
          title: 'Release',
          tasks: { done: 2, total: 5 },
          commentCount: 3,
        }),
        issue({ id: '2', columnId: '10', position: 1, title: 'One task', tasks: { done: 0, total: 1 } }),
        issue({ id: '3', columnId: '10', position: 2, title: 'No tasks' }),
      ]),
    );
    const badge = within(cardBox('Release')).getByTitle('2 of 5 tasks done');
    expect(badge).toHaveTextContent('2/5');
    // Beside the comment count, in the face's row of marks (hidden; said in words instead).
    expect(badge.parentElement).toBe(within(cardBox('Release')).getByTitle('3 comments').parentElement);
    expect(badge.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(card('Release')).toHaveAccessibleDescription(expect.stringContaining('3 comments. 2 of 5 tasks done.'));
    expect(within(cardBox('One task')).getByTitle('0 of 1 task done')).toHaveTextContent('0/1');
    expect(cardBox('No tasks').querySelector('[data-tasks]')).toBeNull();
    expect(card('No tasks')).not.toHaveAccessibleDescription(expect.stringContaining('tasks'));
  });
});
