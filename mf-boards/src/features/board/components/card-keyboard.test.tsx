import { act, fireEvent, screen, within } from '@testing-library/react';
import { answer } from '@trackboard/web-kit/testing';
import { ada, board, grace, issue, signInAs } from '../../../testing/board-fixtures';
import { installColumnLayout } from '../../../testing/dom-polyfills';
import { card, column, renderBoard } from '../../../testing/render-board';

// Enter opens a card and Space picks it up; the cards of a column are one tab
// stop (a roving tabindex moved by the arrow keys); "Skip to board" leads past what comes before.

const press = (key: string, options: Partial<KeyboardEventInit> = {}) =>
  fireEvent.keyDown(document.activeElement!, { key, ...options });
const focused = () => document.activeElement as HTMLElement;
/** The elements Tab visits inside the board, in order (jsdom has no layout: DOM order and tabIndex). */
const tabOrder = () =>
  Array.from(
    screen
      .getByTestId('board-columns')
      .parentElement!.querySelectorAll<HTMLElement>('a[href], button, input, [tabindex]'),
  ).filter((element) => element.tabIndex >= 0 && !(element as HTMLButtonElement).disabled);
const tabStopsIn = (name: string) =>
  within(column(name))
    .getAllByRole('button')
    .filter((b) => b.hasAttribute('data-issue-id') && b.tabIndex === 0);

beforeEach(() => {
  signInAs(ada);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('cards and the keyboard', () => {
  it('Enter on a focused card opens it and picks nothing up', async () => {
    const { server } = await renderBoard(undefined, {
      'GET /api/issues/2': answer(200, issue({ id: '2', columnId: '10', position: 1, title: 'Draw the board' })),
      'GET /api/issues/2/comments': answer(200, []),
    });
    card('Draw the board').focus();
    press('Enter');
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(server.callsTo('GET /api/issues/2')).toHaveLength(1);
    expect(screen.getByTestId('drag-announcer')).toHaveTextContent('');
  });

  it('Space picks the card up', async () => {
    await renderBoard();
    card('Draw the board').focus();
    press(' ');
    expect(screen.getByTestId('drag-announcer')).toHaveTextContent(/^Picked up Draw the board\./);
  });

  it('makes the cards of a column one tab stop, moved by the arrow keys', async () => {
    await renderBoard();
    expect(tabStopsIn('To Do').map((b) => b.dataset.issueId)).toEqual(['1']);
    expect(tabStopsIn('In Progress').map((b) => b.dataset.issueId)).toEqual(['3']);

    card('Write the spec').focus();
    press('ArrowDown');
    expect(focused()).toBe(card('Draw the board'));
    expect(tabStopsIn('To Do').map((b) => b.dataset.issueId)).toEqual(['2']);
    // The last card stays focused; nothing is picked up by an arrow key.
    press('ArrowDown');
    expect(focused()).toBe(card('Draw the board'));
    press('ArrowUp');
    expect(focused()).toBe(card('Write the spec'));
    press('End');
    expect(focused()).toBe(card('Draw the board'));
    press('Home');
    expect(focused()).toBe(card('Write the spec'));
    expect(screen.getByTestId('drag-announcer')).toHaveTextContent('');
  });

  it('a card focused by a click becomes its column’s tab stop', async () => {
    await renderBoard();
    act(() => card('Draw the board').focus());
    expect(tabStopsIn('To Do').map((b) => b.dataset.issueId)).toEqual(['2']);
    expect(card('Write the spec')).toHaveAttribute('tabindex', '-1');
  });

  it('reaches the third column’s "+ Add Issue" in a few Tabs, after a "Skip to board" link first on the page', async () => {
    signInAs(grace);
    await renderBoard();
    const order = tabOrder();
    expect(order[0]).toBe(screen.getByRole('link', { name: 'Skip to board' }));
    // To Do's cards, its "+ Add Issue", In Progress's cards, its "+ Add Issue", then Done's.
    const first = order.indexOf(card('Write the spec'));
    expect(order.indexOf(screen.getByRole('button', { name: '+ Add Issue to Done' })) - first).toBe(4);
  });

  it('gives the lead one more stop per column: its "⋯"', async () => {
    await renderBoard();
    const order = tabOrder();
    const first = order.indexOf(card('Write the spec'));
    // To Do's cards and "+ Add Issue"; In Progress's "⋯", cards and "+ Add Issue"; Done's "⋯" and "+ Add Issue".
    expect(order.indexOf(screen.getByRole('button', { name: '+ Add Issue to Done' })) - first).toBe(6);
    expect(order[first - 1]).toBe(screen.getByRole('button', { name: 'Column actions for To Do' }));
  });

  it('"Skip to board" moves the focus to the board’s first card', async () => {
    await renderBoard();
    fireEvent.click(screen.getByRole('link', { name: 'Skip to board' }));
    expect(focused()).toBe(card('Write the spec'));
  });
});

describe('a long column and the arrow keys', () => {
  beforeAll(() => installColumnLayout());

  it('moves the focus to cards that were not drawn, keeping one tab stop', async () => {
    const many = Array.from({ length: 200 }, (_, i) =>
      issue({
        id: String(i + 1),
        columnId: '10',
        position: i,
        rank: `a${String(i).padStart(3, '0')}`,
        title: `Task ${i + 1}`,
      }),
    );
    await renderBoard(board(many));
    card('Task 1').focus();
    for (let i = 0; i < 90; i++) press('ArrowDown');
    expect(focused()).toBe(card('Task 91'));
    expect(tabStopsIn('To Do').map((b) => b.dataset.issueId)).toEqual(['91']);
  });
});
