import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BoardDto } from '@trackboard/contracts';
import { answer } from '@trackboard/web-kit/testing';
import { ada, board, issue, signInAs } from '../../testing/board-fixtures';
import { address, openFiltered, titlesIn } from '../../testing/filtered-board';

// Estimates on the board: a badge on each estimated card, the sum of the shown cards' estimates
// in each column's header, and an "Estimate" filter kept in the address like the others.

/** To Do: a (M), b (XL), c (none); In Progress: d (S). */
const estimated = (estimateScale: BoardDto['estimateScale']) =>
  answer(
    200,
    board(
      [
        issue({ id: '1', columnId: '10', position: 0, title: 'a', estimate: 3 }),
        issue({ id: '2', columnId: '10', position: 1, title: 'b', estimate: 8 }),
        issue({ id: '3', columnId: '10', position: 2, title: 'c' }),
        issue({ id: '4', columnId: '11', position: 0, title: 'd', estimate: 2 }),
      ],
      { estimateScale },
    ),
  );
const open = (scale: BoardDto['estimateScale'], url = '/boards/1') =>
  openFiltered(url, { 'GET /api/boards/1': estimated(scale) });
const region = (name: string) => screen.getByRole('region', { name });
const badges = (name: string) =>
  [...region(name).querySelectorAll('[data-estimate]')].map((badge) => badge.textContent);
const sumOf = (name: string) => region(name).querySelector('[data-estimate-sum]')?.textContent ?? null;
const options = (name: string) => {
  fireEvent.click(screen.getByRole('button', { name }));
  const found = within(screen.getByRole('group', { name })).getAllByRole('checkbox');
  return found.map((box) => box.closest('label')!.textContent);
};

beforeEach(() => {
  signInAs(ada);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('estimates on the board', () => {
  it('shows sizes on the cards and each column’s sum in points beside its count', async () => {
    await open('tshirt');
    expect(badges('To Do')).toEqual(['M', 'XL']);
    expect(badges('In Progress')).toEqual(['S']);
    expect(sumOf('To Do')).toBe('11 pts');
    expect(screen.getByLabelText('Estimated 11 points')).toBeInTheDocument();
    expect(sumOf('In Progress')).toBe('2 pts');
    // Nothing estimated: no sum.
    expect(sumOf('Done')).toBeNull();
    expect(screen.getByRole('button', { name: 'a' })).toHaveAccessibleDescription(/Estimate: M/);
  });

  it('filters by estimate, sums only the cards shown, and keeps the choice in the address', async () => {
    await open('points');
    expect(badges('To Do')).toEqual(['3', '8']);
    expect(options('Estimate')).toEqual(['1', '2', '3', '5', '8', 'No estimate']);
    fireEvent.click(screen.getByRole('checkbox', { name: '8' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'No estimate' }));
    await waitFor(() => expect(address()).toBe('/boards/1?estimate=8,none'));
    expect(titlesIn('To Do')).toEqual(['b', 'c']);
    expect(titlesIn('In Progress')).toEqual([]);
    expect(sumOf('To Do')).toBe('8 pts');
    expect(sumOf('In Progress')).toBeNull();
    const chips = within(screen.getByRole('list', { name: 'Active filters' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(chips).toEqual(['Estimate: 8×', 'No estimate×']);
  });

  it('opens with the estimate filter of the address, named by the scale', async () => {
    await open('tshirt', '/boards/1?estimate=3');
    await waitFor(() => expect(titlesIn('To Do')).toEqual(['a']));
    expect(
      within(screen.getByRole('list', { name: 'Active filters' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Estimate: M×']);
  });

  it('shows no estimates, sums or Estimate menu while the project uses none', async () => {
    await open('none');
    expect(titlesIn('To Do')).toEqual(['a', 'b', 'c']);
    expect(badges('To Do')).toEqual([]);
    expect(sumOf('To Do')).toBeNull();
    expect(screen.getByRole('button', { name: 'Priority' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Estimate' })).not.toBeInTheDocument();
  });
});
