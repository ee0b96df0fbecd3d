/** @jest-environment node */
import { changeListQuery, initialListQuery, listQueryString, type ListQuery } from './list-query';

const pending = ['PENDING_APPROVAL', 'PENDING_VERIFICATION'] as const;
const onPage = (page: number, fields: Partial<ListQuery> = {}): ListQuery => ({
  ...initialListQuery,
  statuses: pending,
  page,
  ...fields,
});

describe('the list query', () => {
  it('starts on page 1, 10 per page, newest registrations first, every status', () => {
    expect(initialListQuery).toEqual({
      statuses: [],
      searchTerm: '',
      page: 1,
      limit: 10,
      sortField: 'createdAt',
      sortOrder: 'desc',
    });
    expect(listQueryString(initialListQuery)).toBe('page=1&limit=10&searchTerm=&sortField=createdAt&sortOrder=desc');
  });

  it('asks for each listed status, then page, limit, search and sort', () => {
    expect(listQueryString(onPage(1))).toBe(
      'status=PENDING_APPROVAL&status=PENDING_VERIFICATION&page=1&limit=10&searchTerm=&sortField=createdAt&sortOrder=desc',
    );
  });

  it('returns to page 1 when the statuses change, and stays put when they do not', () => {
    expect(changeListQuery(onPage(3), { type: 'statuses', statuses: ['SUSPENDED'] })).toEqual(
      onPage(1, { statuses: ['SUSPENDED'] }),
    );
    const same = onPage(3);
    expect(changeListQuery(same, { type: 'statuses', statuses: [...pending] })).toBe(same);
  });

  it('encodes the search term', () => {
    expect(
      listQueryString(onPage(2, { searchTerm: 'ada love&co+1', limit: 5, sortField: 'email', sortOrder: 'asc' })),
    ).toBe(
      'status=PENDING_APPROVAL&status=PENDING_VERIFICATION&page=2&limit=5&searchTerm=ada%20love%26co%2B1&sortField=email&sortOrder=asc',
    );
  });

  it('returns to page 1 when the search changes, and stays put when it does not', () => {
    expect(changeListQuery(onPage(3), { type: 'search', searchTerm: 'ada' })).toEqual(onPage(1, { searchTerm: 'ada' }));
    const same = onPage(3, { searchTerm: 'ada' });
    expect(changeListQuery(same, { type: 'search', searchTerm: 'ada' })).toBe(same);
  });

  it('returns to page 1 when the page size changes', () => {
    expect(changeListQuery(onPage(3), { type: 'pageSize', limit: 50 })).toEqual(onPage(1, { limit: 50 }));
    const same = onPage(3);
    expect(changeListQuery(same, { type: 'pageSize', limit: 10 })).toBe(same);
  });

  it('flips the direction when the sorted column is clicked again, and returns to page 1', () => {
    const once = changeListQuery(onPage(2), { type: 'sort', field: 'createdAt' });
    expect(once).toEqual(onPage(1, { sortOrder: 'asc' }));
    expect(changeListQuery(once, { type: 'sort', field: 'createdAt' })).toEqual(onPage(1, { sortOrder: 'desc' }));
  });

  it('sorts another column ascending first, and returns to page 1', () => {
    expect(changeListQuery(onPage(4), { type: 'sort', field: 'name' })).toEqual(
      onPage(1, { sortField: 'name', sortOrder: 'asc' }),
    );
  });

  it.each([
    [2, 5, 5],
    [2, 1, 1],
    [2, 0, 2],
    [2, 6, 2],
    [2, -1, 2],
    [2, 2.5, 2],
  ])('on page %i of 5, asking for page %i goes to page %i', (from, to, expected) => {
    expect(changeListQuery(onPage(from), { type: 'page', page: to, totalPages: 5 }).page).toBe(expected);
  });

  it('moves nowhere when there are no pages', () => {
    expect(changeListQuery(onPage(1), { type: 'page', page: 2, totalPages: 0 }).page).toBe(1);
  });
});
