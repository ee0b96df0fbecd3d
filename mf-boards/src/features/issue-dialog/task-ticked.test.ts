import { issue } from '../../testing/board-fixtures';
import { tickedLocally } from './task-ticked';

describe('a task ticked before the server answers', () => {
  const listed = issue({
    id: '1',
    columnId: '10',
    position: 0,
    description: '- [ ] one\n- [x] two',
    tasks: { done: 1, total: 2 },
  });

  it('changes the one mark and the card’s counts, nothing else', () => {
    expect(tickedLocally(listed, 0, { checked: true, text: 'one' })).toEqual({
      ...listed,
      description: '- [x] one\n- [x] two',
      tasks: { done: 2, total: 2 },
    });
  });

  it('shows nothing for a task this copy does not have, or one already as wanted', () => {
    expect(tickedLocally(listed, 0, { checked: true, text: 'other' })).toBeNull();
    expect(tickedLocally(listed, 5, { checked: true, text: 'one' })).toBeNull();
    expect(tickedLocally(listed, 1, { checked: true, text: 'two' })).toBeNull();
  });
});
