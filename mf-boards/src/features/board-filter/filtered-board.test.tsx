import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, heldAnswer } from '@trackboard/web-kit/testing';
import { ada, issue, signInAs } from '../../testing/board-fixtures';
import { card } from '../../testing/render-board';
import { useBoardStore } from '../../shared/board-store';
import { address, filterBox, openFiltered, showing, titlesIn } from '../../testing/filtered-board';

// The filtered board stays right as the board changes, and a move on it is a move in the full column.

beforeEach(() => {
  signInAs(ada);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

const update = (version: number, issues: ReturnType<typeof issue>[]) =>
  act(() =>
    useBoardStore.getState().receiveBoardUpdate({ boardId: '1', version, issues, complete: false, originId: 'other' }),
  );

describe('a filtered board', () => {
  it('filters realtime changes as they arrive', async () => {
    await openFiltered('/boards/1?q=write');
    await waitFor(() => expect(titlesIn('To Do')).toEqual(['Write the spec', 'Write the tests']));
    expect(showing()).toBe('Showing 2 of 5 issues');

    // Someone adds a matching issue to Done and renames one so that it no longer matches.
    update(6, [
      issue({ id: '6', columnId: '12', position: 0, title: 'Write the docs', rank: 'a0' }),
      issue({ id: '5', columnId: '10', position: 3, title: 'Test plan', version: 2 }),
    ]);
    expect(titlesIn('Done')).toEqual(['Write the docs']);
    expect(titlesIn('To Do')).toEqual(['Write the spec']);
    expect(showing()).toBe('Showing 2 of 6 issues');

    // Someone moves a matching issue below a hidden one in In Progress: it shows there.
    update(7, [issue({ id: '1', columnId: '11', position: 1, title: 'Write the spec', rank: 'a05', version: 2 })]);
    expect(titlesIn('In Progress')).toEqual(['Write the spec']);
    expect(titlesIn('To Do')).toEqual([]);
    expect(useBoardStore.getState().columns[1]!.issues.map((i) => i.id)).toEqual(['3', '1']);
  });

  it('a keyboard move among the shown cards lands at the right place in the full column', async () => {
    const held = heldAnswer();
    const server = await openFiltered('/boards/1?q=write', { 'PUT /api/issues/1/position': held.route });
    await waitFor(() => expect(titlesIn('To Do')).toEqual(['Write the spec', 'Write the tests']));

    // To Do is Write the spec, Draw the board, Crème brûlée, Write the tests: two shown.
    card('Write the spec').focus();
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });

    // Below Write the tests: the end of the full column, past the two hidden cards.
    expect(server.callsTo('PUT /api/issues/1/position')[0]!.body).toMatchObject({
      sourceColumnId: '10',
      destinationColumnId: '10',
      position: 3,
    });
    expect(useBoardStore.getState().columns[0]!.issues.map((i) => i.title)).toEqual([
      'Draw the board',
      'Crème brûlée',
      'Write the tests',
      'Write the spec',
    ]);
    expect(titlesIn('To Do')).toEqual(['Write the tests', 'Write the spec']);
  });

  it('a keyboard move into a column showing none of its cards lands at its end', async () => {
    const held = heldAnswer();
    const server = await openFiltered('/boards/1?assignee=me', { 'PUT /api/issues/1/position': held.route });
    // Ada's cards: In Progress holds only Grace's Build the API, hidden.
    await waitFor(() => expect(titlesIn('To Do')).toEqual(['Write the spec', 'Write the tests']));
    card('Write the spec').focus();
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(server.callsTo('PUT /api/issues/1/position')[0]!.body).toMatchObject({
      destinationColumnId: '11',
      position: 1,
    });
    expect(titlesIn('In Progress')).toEqual(['Write the spec']);
  });

  it('opening and closing an issue keep the filter in the address', async () => {
    await openFiltered('/boards/1?q=write&assignee=me', {
      'GET /api/issues/5': answer(200, issue({ id: '5', columnId: '10', position: 3, title: 'Write the tests' })),
      'GET /api/issues/5/comments': answer(200, []),
    });
    await waitFor(() => expect(titlesIn('To Do')).toEqual(['Write the spec', 'Write the tests']));
    fireEvent.click(card('Write the tests'));
    await waitFor(() => expect(address()).toBe('/boards/1/issues/WEB-5?q=write&assignee=me'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('button', { name: 'Write the tests, edit title' }, { timeout: 10_000 });

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(address()).toBe('/boards/1?q=write&assignee=me');
    expect(filterBox()).toHaveValue('write');
    expect(titlesIn('To Do')).toEqual(['Write the spec', 'Write the tests']);
  });
});
