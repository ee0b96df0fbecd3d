/** @jest-environment node */
import { emptyFilter, isFilterActive, parseFilter, toggled, writeFilter } from './filter-params';

describe('the filter in the address', () => {
  it('reads comma-separated and repeated values, once each, in canonical case', () => {
    expect(
      parseFilter('?q=Log+in&assignee=me,none&assignee=8&label=3,5&label=3&priority=high,CRITICAL&type=bug&due=week'),
    ).toEqual({
      q: 'Log in',
      assignee: ['me', 'none', '8'],
      label: ['3', '5'],
      priority: ['HIGH', 'CRITICAL'],
      type: ['BUG'],
      due: ['week'],
      estimate: [],
      cycle: [],
    });
  });

  it('reads the cycle choices in any case, drops unknown ones, and writes them back last', () => {
    const filter = parseFilter('?cycle=NEXT,current,last&cycle=none,next&cycle=42');
    expect(filter).toEqual({ ...emptyFilter, cycle: ['next', 'current', 'none'] });
    const search = writeFilter('?view=list', { ...filter, estimate: ['3'] });
    expect(search).toBe('?view=list&estimate=3&cycle=next,current,none');
    expect(parseFilter(search)).toEqual({ ...filter, estimate: ['3'] });
    expect(isFilterActive({ ...emptyFilter, cycle: ['any'] })).toBe(true);
    expect(writeFilter('?cycle=current', emptyFilter)).toBe('');
  });

  it('reads estimates as the points they are stored as, or none, and writes them back the same', () => {
    const filter = parseFilter('?estimate=3,NONE,4,m&estimate=8,3');
    expect(filter).toEqual({ ...emptyFilter, estimate: ['3', 'none', '8'] });
    const search = writeFilter('?view=compact', filter);
    expect(search).toBe('?view=compact&estimate=3,none,8');
    expect(parseFilter(search)).toEqual(filter);
    expect(isFilterActive({ ...emptyFilter, estimate: ['none'] })).toBe(true);
  });

  it('drops words a field does not know and empty values', () => {
    expect(parseFilter('?priority=urgent,,low&type=chore&due=someday,overdue&label=')).toEqual({
      ...emptyFilter,
      priority: ['LOW'],
      due: ['overdue'],
    });
  });

  it('writes the fields in a fixed order with readable commas, keeping other parameters', () => {
    const search = writeFilter('?view=compact&q=old', {
      q: 'café & co',
      assignee: ['me', '8'],
      label: ['3'],
      priority: ['CRITICAL'],
      type: ['BUG', 'STORY'],
      due: ['none'],
      estimate: ['5', 'none'],
      cycle: ['any'],
    });
    expect(search).toBe(
      '?view=compact&q=caf%C3%A9%20%26%20co&assignee=me,8&label=3&priority=critical&type=bug,story&due=none&estimate=5,none&cycle=any',
    );
    expect(parseFilter(search)).toMatchObject({ q: 'café & co', type: ['BUG', 'STORY'] });
  });

  it('writes nothing for an empty filter', () => {
    expect(writeFilter('?q=x&label=1', emptyFilter)).toBe('');
  });

  it('is active with text or any value, not with blank text', () => {
    expect(isFilterActive(emptyFilter)).toBe(false);
    expect(isFilterActive({ ...emptyFilter, q: '   ' })).toBe(false);
    expect(isFilterActive({ ...emptyFilter, q: 'a' })).toBe(true);
    expect(isFilterActive({ ...emptyFilter, due: ['none'] })).toBe(true);
  });

  it('toggles a value in and out', () => {
    expect(toggled(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggled(['a', 'b'], 'a')).toEqual(['b']);
  });
});
