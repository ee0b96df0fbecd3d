/** @jest-environment node */
import { parseFilter, writeFilter } from '../board-filter/filter-params';
import { nextSort, parseListParams, writeListParams } from './list-params';
import { viewOf, withView } from './view-param';

describe('the view in the address', () => {
  it('is the list with `view=list`, the columns otherwise', () => {
    expect(viewOf('?view=list&q=x')).toBe('list');
    expect(viewOf('?view=LIST')).toBe('list');
    expect(viewOf('?view=calendar&q=x')).toBe('calendar');
    expect(viewOf('?view=table')).toBe('board');
    expect(viewOf('')).toBe('board');
  });

  it('is written last, the other parameters kept as written (the filter’s commas, an open issue)', () => {
    expect(withView('?assignee=me,8&q=login&issue=WEB-1', 'list')).toBe('?assignee=me,8&q=login&issue=WEB-1&view=list');
    expect(withView('?view=list&q=x&sort=-due', 'board')).toBe('?q=x&sort=-due');
    expect(withView('?view=list', 'board')).toBe('');
    expect(withView('?view=list&q=x', 'calendar')).toBe('?q=x&view=calendar');
    expect(withView('?preview=1', 'list')).toBe('?preview=1&view=list');
  });
});

describe('the list’s sort and grouping in the address', () => {
  it('reads them, and drops what it does not know', () => {
    expect(parseListParams('?view=list&sort=-updated&group=assignee')).toEqual({
      sort: { field: 'updated', descending: true },
      group: 'assignee',
    });
    expect(parseListParams('?sort=priority')).toEqual({ sort: { field: 'priority', descending: false }, group: null });
    expect(parseListParams('?sort=-colour&group=moon')).toEqual({ sort: null, group: null });
    expect(parseListParams('')).toEqual({ sort: null, group: null });
  });

  it('writes them last, keeping the others as written, the defaults left out', () => {
    expect(writeListParams('?view=list&label=3,5', { sort: { field: 'due', descending: true } })).toBe(
      '?view=list&label=3,5&sort=-due',
    );
    expect(writeListParams('?view=list&sort=key&group=label', { group: null })).toBe('?view=list&sort=key');
    expect(writeListParams('?sort=-key&q=a', { sort: null })).toBe('?q=a');
  });

  it('sorts a column ascending, then descending, then back to the board’s order', () => {
    const first = nextSort(null, 'title');
    expect(first).toEqual({ field: 'title', descending: false });
    const second = nextSort(first, 'title');
    expect(second).toEqual({ field: 'title', descending: true });
    expect(nextSort(second, 'title')).toBeNull();
    expect(nextSort(second, 'due')).toEqual({ field: 'due', descending: false });
  });

  it('is kept by the filter’s writes, and keeps the filter', () => {
    const search = '?view=list&sort=-updated&group=assignee&issue=WEB-3';
    const filtered = writeFilter(search, { ...parseFilter(''), assignee: ['me', '8'], q: 'login' });
    expect(parseListParams(filtered)).toEqual(parseListParams(search));
    expect(viewOf(filtered)).toBe('list');
    expect(new URLSearchParams(filtered).get('issue')).toBe('WEB-3');
    expect(parseFilter(withView(writeListParams(filtered, { group: null }), 'board'))).toEqual(parseFilter(filtered));
  });
});
