import { board, issue } from '../../testing/board-fixtures';
import { moveIssueLocally, sortColumnMeta } from './board-model';
import { droppedColumnIndex, moveColumnLocally, parseWipLimit, wipState } from './column-model';

// The columns' own rules, without React or the network.

const columns = sortColumnMeta(board().columns);

describe('a WIP limit', () => {
  it.each([
    [2, null, 'none'],
    [2, 3, 'under'],
    [3, 3, 'at'],
    [4, 3, 'over'],
  ] as const)('%i issues against %p is %p', (count, limit, state) => {
    expect(wipState(count, limit)).toBe(state);
  });

  it.each([
    ['', { value: null }],
    ['   ', { value: null }],
    ['3', { value: 3 }],
    [' 12 ', { value: 12 }],
    ['999', { value: 999 }],
    ['0', { error: 'WIP limit must be at least 1.' }],
    ['-2', { error: 'WIP limit must be at least 1.' }],
    ['1000', { error: 'WIP limit must be at most 999.' }],
    ['2.5', { error: 'WIP limit must be a whole number.' }],
    ['1e3', { error: 'WIP limit must be a whole number.' }],
    ['three', { error: 'WIP limit must be a whole number.' }],
  ])('typed as %p is %p', (text, parsed) => {
    expect(parseWipLimit(text)).toEqual(parsed);
  });

  it('comes with the board fetch, or is none from a server that sends none', () => {
    expect(columns.map((c) => c.wipLimit)).toEqual([null, null, null]);
    const [first] = sortColumnMeta([{ id: '1', name: 'A', position: 0, wipLimit: 4 }]);
    expect(first).toEqual({ id: '1', name: 'A', position: 0, wipLimit: 4 });
    expect(sortColumnMeta([{ id: '1', name: 'A', position: 0 }])[0]!.wipLimit).toBeNull();
  });
});

describe('moving a column', () => {
  it('renumbers the positions, clamped to the board', () => {
    expect(moveColumnLocally(columns, '10', 2).map((c) => [c.id, c.position])).toEqual([
      ['11', 0],
      ['12', 1],
      ['10', 2],
    ]);
    expect(moveColumnLocally(columns, '12', -5).map((c) => c.id)).toEqual(['12', '10', '11']);
    expect(moveColumnLocally(columns, '12', 99).map((c) => c.id)).toEqual(['10', '11', '12']);
    expect(moveColumnLocally(columns, 'nope', 0)).toBe(columns);
  });

  it.each([
    // from, onto, side → final index
    [0, 2, 'after', 2],
    [0, 2, 'before', 1],
    [2, 0, 'before', 0],
    [2, 0, 'after', 1],
    [1, 1, 'before', 1],
    [1, 1, 'after', 1],
    [0, 1, 'before', 0],
  ] as const)('dragged from %i onto %i, %s half: lands at %i', (from, onto, side, at) => {
    expect(droppedColumnIndex(from, onto, side)).toBe(at);
  });
});

describe("an issue's status in a column (spec §4.6)", () => {
  const qa = [...columns, { id: '13', name: 'QA', position: 3, wipLimit: null }];
  const issues = [issue({ id: '1', columnId: '11', position: 0, status: 'IN_PROGRESS' })];
  const moveTo = (columnId: string) =>
    moveIssueLocally(issues, qa, { issueId: '1', sourceColumnId: '11', destinationColumnId: columnId, newPosition: 0 });

  it('follows a column whose name maps to one, and keeps the last mapped one in a column whose name maps to none', () => {
    expect(moveTo('12')[0]!.status).toBe('DONE');
    expect(moveTo('13')[0]!.status).toBe('IN_PROGRESS');
  });
});
