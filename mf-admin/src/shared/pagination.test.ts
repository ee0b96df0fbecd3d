/** @jest-environment node */
import { pageItems, shownRange, type PageItem } from './pagination';

/** 1 … 4 5 6 … 9 as text. */
const draw = (items: PageItem[]) => items.map((item) => (item.type === 'gap' ? '...' : String(item.page))).join(' ');

describe('page numbers: first, last, current ± 1, "..." between', () => {
  it.each([
    [1, 1, '1'],
    [1, 2, '1 2'],
    [2, 3, '1 2 3'],
    [1, 5, '1 2 ... 5'],
    [2, 5, '1 2 3 ... 5'],
    [3, 5, '1 2 3 4 5'],
    [4, 5, '1 ... 3 4 5'],
    [5, 5, '1 ... 4 5'],
    [5, 9, '1 ... 4 5 6 ... 9'],
    [9, 9, '1 ... 8 9'],
  ])('page %i of %i: %s', (current, total, expected) => {
    expect(draw(pageItems(current, total))).toBe(expected);
  });

  it('draws nothing without pages', () => {
    expect(pageItems(1, 0)).toEqual([]);
  });
});

describe('"Showing X to Y of N results"', () => {
  it.each([
    [1, 10, 23, { from: 1, to: 10 }],
    [3, 10, 23, { from: 21, to: 23 }],
    [1, 5, 5, { from: 1, to: 5 }],
    [1, 10, 0, { from: 0, to: 0 }],
  ])('page %i of %i per page with %i users', (page, limit, total, expected) => {
    expect(shownRange(page, limit, total)).toEqual(expected);
  });
});
