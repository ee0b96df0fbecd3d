import { within } from '@testing-library/react';
import { ada, board, issue, signInAs } from '../../../testing/board-fixtures';
import { card, cardBox, renderBoard } from '../../../testing/render-board';

// A card's marks of what it holds: its description's tasks done of all ("2/5"), its sub-issues
// finished of all ("3/5") beside its other marks, and "Blocked" in red on its key's line while an
// unfinished issue blocks it; each is said in words in the card's description.

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

describe('a card’s links', () => {
  it('shows sub-issues done of all, said as "3 of 5 sub-issues done", beside the other marks', async () => {
    await renderBoard(
      board([
        issue({
          id: '1',
          columnId: '10',
          position: 0,
          title: 'Release',
          subIssueCount: 5,
          subIssuesDone: 3,
          tasks: { done: 2, total: 5 },
        }),
        issue({ id: '2', columnId: '10', position: 1, title: 'One child', subIssueCount: 1, subIssuesDone: 0 }),
        issue({ id: '3', columnId: '10', position: 2, title: 'Alone' }),
      ]),
    );
    const badge = within(cardBox('Release')).getByTitle('3 of 5 sub-issues done');
    expect(badge).toHaveTextContent('3/5');
    expect(badge.parentElement).toBe(within(cardBox('Release')).getByTitle('2 of 5 tasks done').parentElement);
    expect(badge.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(card('Release')).toHaveAccessibleDescription(
      expect.stringContaining('2 of 5 tasks done. 3 of 5 sub-issues done.'),
    );
    expect(within(cardBox('One child')).getByTitle('0 of 1 sub-issue done')).toHaveTextContent('0/1');
    expect(cardBox('Alone').querySelector('[data-sub-issues]')).toBeNull();
    expect(card('Alone')).not.toHaveAccessibleDescription(expect.stringContaining('sub-issue'));
  });

  it('marks a blocked card "Blocked" on its key line, said as "Blocked by an open issue"', async () => {
    await renderBoard(
      board([
        issue({ id: '1', columnId: '10', position: 0, title: 'Deploy', blocked: true }),
        issue({ id: '2', columnId: '10', position: 1, title: 'Free' }),
      ]),
    );
    const mark = within(cardBox('Deploy')).getByTitle('Blocked by an open issue');
    expect(mark).toHaveTextContent('Blocked');
    // On the key's line: no line is added to the card.
    expect(mark.parentElement).toBe(within(cardBox('Deploy')).getByText('WEB-1').parentElement);
    expect(mark.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(card('Deploy')).toHaveAccessibleDescription(expect.stringContaining('Blocked by an open issue.'));
    expect(cardBox('Free').querySelector('[data-blocked]')).toBeNull();
    expect(card('Free')).not.toHaveAccessibleDescription(expect.stringContaining('Blocked'));
  });
});
