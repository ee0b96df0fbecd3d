import { savedViewPath, savedViewQuery } from './saved-view-rules';

describe('a saved view’s query', () => {
  it.each([
    ['?view=list&sort=-priority', 'view=list&sort=-priority'],
    ['view=list&issue=WEB-3&assignee=me', 'view=list&assignee=me'],
    ['issue=WEB-3', ''],
    ['%69ssue=WEB-3&q=a%20b', 'q=a%20b'],
    ['issues=open&issue', 'issues=open'],
    ['  ?a=1&&b=2&  ', 'a=1&b=2'],
    ['status=TODO,IN_PROGRESS&group=assignee', 'status=TODO,IN_PROGRESS&group=assignee'],
    ['', ''],
  ])('keeps %j as %j', (given, kept) => {
    expect(savedViewQuery(given)).toBe(kept);
  });

  it('opens at the board with its query, or the bare board', () => {
    expect(savedViewPath({ boardId: '3', query: 'view=list' })).toBe('/boards/3?view=list');
    expect(savedViewPath({ boardId: '3', query: '' })).toBe('/boards/3');
  });
});
