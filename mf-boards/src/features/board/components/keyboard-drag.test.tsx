import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, heldAnswer } from '@trackboard/web-kit/testing';
import { ada, board, issue, signInAs } from '../../../testing/board-fixtures';
import { installColumnLayout } from '../../../testing/dom-polyfills';
import { card, renderBoard } from '../../../testing/render-board';
import { VIRTUALISE_AFTER } from './card-list';

const column = (name: string) => screen.getByRole('region', { name });
const titlesIn = (name: string) =>
  within(column(name))
    .queryAllByRole('button')
    .filter((b) => b.hasAttribute('data-issue-id'))
    // A card's name is its title (the rest of its face is its description).
    .map((b) => document.getElementById(b.getAttribute('aria-labelledby')!)!.textContent);
const announced = () => screen.getByTestId('drag-announcer').textContent;
const press = (key: string, options: Partial<KeyboardEventInit> = {}) =>
  fireEvent.keyDown(document.activeElement!, { key, ...options });

beforeEach(() => {
  signInAs(ada);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('moving a card with the keyboard', () => {
  it('picks up with Space, moves across and within columns, and drops with Enter through the move call', async () => {
    const held = heldAnswer();
    const { server } = await renderBoard(undefined, { 'PUT /api/issues/1/position': held.route });
    act(() => card('Write the spec').focus());
    press(' ');
    expect(announced()).toMatch(/^Picked up Write the spec\. It is in To Do, position 1 of 2\./);

    press('ArrowRight');
    expect(announced()).toBe('Moved to In Progress, position 1 of 2.');
    expect(titlesIn('In Progress')).toEqual(['Write the spec', 'Build the API']);
    expect(titlesIn('To Do')).toEqual(['Draw the board']);
    expect(document.activeElement).toBe(card('Write the spec'));

    press('ArrowDown');
    expect(announced()).toBe('Moved to In Progress, position 2 of 2.');
    press('ArrowDown');
    expect(announced()).toBe('Write the spec is already at the bottom of In Progress.');
    press('ArrowRight');
    expect(announced()).toBe('Moved to Done, position 1 of 1.');
    press('ArrowLeft');
    expect(announced()).toBe('Moved to In Progress, position 1 of 2.');
    press('ArrowDown');
    expect(server.callsTo('PUT /api/issues/1/position')).toHaveLength(0);

    press('Enter');
    expect(announced()).toBe('Dropped Write the spec in In Progress, position 2 of 2.');
    expect(server.callsTo('PUT /api/issues/1/position')[0]!.body).toEqual({
      sourceColumnId: '10',
      destinationColumnId: '11',
      position: 1,
      boardId: '1',
    });
    // Moved at once (optimistic), before the server answers.
    expect(titlesIn('In Progress')).toEqual(['Build the API', 'Write the spec']);
    expect(document.activeElement).toBe(card('Write the spec'));
    held.release(
      answer(200, {
        issues: [
          issue({ id: '1', columnId: '11', position: 1, rank: 'a1', title: 'Write the spec', status: 'IN_PROGRESS' }),
          issue({ id: '2', columnId: '10', position: 0, title: 'Draw the board' }),
          issue({ id: '3', columnId: '11', position: 0, title: 'Build the API' }),
        ],
        version: 6,
      }),
    );
    await waitFor(() => expect(titlesIn('In Progress')).toEqual(['Build the API', 'Write the spec']));
  });

  it('Escape cancels: the card goes back and nothing is sent', async () => {
    const { server } = await renderBoard();
    act(() => card('Draw the board').focus());
    press(' ');
    press('ArrowUp');
    expect(titlesIn('To Do')).toEqual(['Draw the board', 'Write the spec']);
    press('Escape');
    expect(announced()).toBe('Cancelled. Draw the board returned to To Do, position 2 of 2.');
    expect(titlesIn('To Do')).toEqual(['Write the spec', 'Draw the board']);
    expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    expect(document.activeElement).toBe(card('Draw the board'));
  });

  it('dropping where it was picked up sends nothing', async () => {
    const { server } = await renderBoard();
    act(() => card('Build the API').focus());
    press(' ');
    press('ArrowLeft');
    press('ArrowRight');
    press(' ');
    expect(announced()).toBe('Dropped Build the API. It stays in In Progress, position 1 of 1.');
    expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('Shift+Enter opens the issue instead', async () => {
    const { server } = await renderBoard(undefined, {
      'GET /api/issues/2': answer(200, issue({ id: '2', columnId: '10', position: 1, title: 'Draw the board' })),
      'GET /api/issues/2/comments': answer(200, []),
    });
    act(() => card('Draw the board').focus());
    press('Enter', { shiftKey: true });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(server.callsTo('GET /api/issues/2')).toHaveLength(1);
  });
});

describe('long columns', () => {
  beforeAll(() => installColumnLayout());
  const many = (count: number) =>
    Array.from({ length: count }, (_, i) =>
      issue({
        id: String(i + 1),
        columnId: '10',
        position: i,
        rank: `a${String(i).padStart(3, '0')}`,
        title: `Task ${i + 1}`,
      }),
    );

  it(`draws only the cards in view past ${VIRTUALISE_AFTER} cards, and the count stays whole`, async () => {
    await renderBoard(board(many(300)));
    expect(within(column('To Do')).getByLabelText('300 issues')).toBeInTheDocument();
    const drawn = titlesIn('To Do');
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.length).toBeLessThan(60);
    expect(column('To Do').querySelector('[data-virtualised="true"]')).not.toBeNull();
  });

  it('a short column is drawn whole', async () => {
    await renderBoard(board(many(VIRTUALISE_AFTER)));
    expect(titlesIn('To Do')).toHaveLength(VIRTUALISE_AFTER);
  });

  it('keeps the lifted card drawn and focused while the keyboard moves it far down a long column, then moves it', async () => {
    const { server } = await renderBoard(board(many(300)), { 'PUT /api/issues/1/position': heldAnswer().route });
    act(() => card('Task 1').focus());
    press(' ');
    for (let i = 0; i < 120; i++) press('ArrowDown');
    expect(announced()).toBe('Moved to To Do, position 121 of 300.');
    expect(document.activeElement).toBe(card('Task 1'));
    press(' ');
    expect(server.callsTo('PUT /api/issues/1/position')[0]!.body).toMatchObject({
      sourceColumnId: '10',
      destinationColumnId: '10',
      position: 120,
    });
    expect(document.activeElement).toBe(card('Task 1'));
  });

  it('moves a card out of a long column into another', async () => {
    const { server } = await renderBoard(board(many(80)), { 'PUT /api/issues/5/position': heldAnswer().route });
    act(() => card('Task 5').focus());
    press(' ');
    press('ArrowRight');
    press('Enter');
    expect(titlesIn('In Progress')).toEqual(['Task 5']);
    expect(within(column('To Do')).getByLabelText('79 issues')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/issues/5/position')[0]!.body).toMatchObject({
      sourceColumnId: '10',
      destinationColumnId: '11',
      position: 0,
    });
  });
});
