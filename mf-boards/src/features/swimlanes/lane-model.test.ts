import { issue } from '../../testing/board-fixtures';
import type { BoardColumn } from '../../shared/board-store/board-model';
import { groupByOf, withGroupBy } from './group-by-param';
import { fullColumnMove } from '../../shared/full-column-move';
import { buildLanes, cellId, cellOf, laneChange, NO_VALUE } from './lane-model';

const users = [
  { id: '7', name: 'Ada Lovelace', email: 'ada@example.com', avatarUrl: null },
  { id: '8', name: 'Grace Hopper', email: 'grace@example.com', avatarUrl: null },
];
const labels = [
  { id: '31', boardId: '1', name: 'Backend', color: 'blue' as const },
  { id: '32', boardId: '1', name: 'Frontend', color: 'green' as const },
];
const column = (id: string, issues: ReturnType<typeof issue>[]): BoardColumn => ({
  id,
  name: id === '10' ? 'To Do' : 'In Progress',
  position: Number(id) - 10,
  wipLimit: null,
  issues,
});
const spec = issue({ id: '1', columnId: '10', position: 0, assigneeId: '7', priority: 'HIGH', labelIds: ['31', '32'] });
const draw = issue({ id: '2', columnId: '10', position: 1, assigneeId: '8', priority: 'LOW', labelIds: ['32'] });
const cream = issue({ id: '4', columnId: '10', position: 2 });
const tests = issue({ id: '5', columnId: '10', position: 3, assigneeId: '7', labelIds: ['31', '99'] });
const api = issue({ id: '3', columnId: '11', position: 0, assigneeId: '8', priority: 'HIGH', labelIds: ['32'] });
const columns = [column('10', [spec, draw, cream, tests]), column('11', [api])];
const ids = (cell: BoardColumn | undefined) => cell?.issues.map((i) => i.id);

describe('the groupBy parameter', () => {
  it('reads the three fields, any case, and nothing else', () => {
    expect(groupByOf('?groupBy=assignee')).toBe('assignee');
    expect(groupByOf('?q=x&groupBy=Priority')).toBe('priority');
    expect(groupByOf('?groupBy=label')).toBe('label');
    expect(groupByOf('?groupBy=status')).toBeNull();
    expect(groupByOf('?group=label')).toBeNull();
  });

  it('writes it after the other parameters, kept as they are written', () => {
    expect(withGroupBy('?assignee=me,none&view=board', 'label')).toBe('?assignee=me,none&view=board&groupBy=label');
    expect(withGroupBy('?groupBy=label&q=a', 'priority')).toBe('?q=a&groupBy=priority');
    expect(withGroupBy('?groupBy=label', null)).toBe('');
    expect(withGroupBy('', 'assignee')).toBe('?groupBy=assignee');
  });
});

describe('lanes', () => {
  it('by assignee: by name, Unassigned last, each with every column and its issues in order', () => {
    const lanes = buildLanes(columns, 'assignee', { users, labels }, { everyValue: false });
    expect(lanes.map((l) => [l.title, l.count])).toEqual([
      ['Ada Lovelace', 2],
      ['Grace Hopper', 2],
      ['Unassigned', 1],
    ]);
    expect(lanes[0]!.cells.map(ids)).toEqual([['1', '5'], []]);
    expect(lanes[1]!.cells.map(ids)).toEqual([['2'], ['3']]);
    expect(lanes[2]!.key).toBe(NO_VALUE);
  });

  it('by priority: the most urgent first, only the priorities shown', () => {
    expect(
      buildLanes(columns, 'priority', { users, labels }, { everyValue: false }).map((l) => [l.title, l.count]),
    ).toEqual([
      ['High', 2],
      ['Medium', 2],
      ['Low', 1],
    ]);
  });

  it('by label: an issue in each of its labels’ lanes, unknown labels skipped, No label last', () => {
    const lanes = buildLanes(columns, 'label', { users, labels }, { everyValue: false });
    expect(lanes.map((l) => [l.title, l.count])).toEqual([
      ['Backend', 2],
      ['Frontend', 3],
      ['No label', 1],
    ]);
    expect(lanes[0]!.cells.map(ids)).toEqual([['1', '5'], []]);
    expect(lanes[1]!.cells.map(ids)).toEqual([['1', '2'], ['3']]);
  });

  it('with nothing filtered, every value has a lane, empty ones too', () => {
    const every = { everyValue: true };
    expect(buildLanes(columns, 'priority', { users, labels }, every).map((l) => [l.title, l.count])).toEqual([
      ['Critical', 0],
      ['High', 2],
      ['Medium', 2],
      ['Low', 1],
    ]);
    const third = { id: '9', name: 'Alan Turing', email: 'alan@example.com', avatarUrl: null };
    expect(buildLanes(columns, 'assignee', { users: [...users, third], labels }, every).map((l) => l.title)).toEqual([
      'Ada Lovelace',
      'Alan Turing',
      'Grace Hopper',
      'Unassigned',
    ]);
    const noneYet = [column('10', [spec]), column('11', [])];
    expect(buildLanes(noneYet, 'label', { users, labels }, every).map((l) => [l.title, l.count])).toEqual([
      ['Backend', 1],
      ['Frontend', 1],
      ['No label', 0],
    ]);
  });

  it('an assignee no longer on the board is named as the issue kept them', () => {
    const gone = issue({ id: '9', columnId: '10', position: 0, assigneeId: '40', owner: 'Old Hand' });
    expect(buildLanes([column('10', [gone])], 'assignee', { users, labels }, { everyValue: false })[0]!.title).toBe(
      'Old Hand',
    );
  });
});

describe('a drop in another lane', () => {
  it('sets the assignee (none: unassigned) or the priority', () => {
    expect(laneChange(cream, 'assignee', NO_VALUE, '7')).toEqual({ assigneeId: '7' });
    expect(laneChange(spec, 'assignee', '7', NO_VALUE)).toEqual({ assigneeId: null });
    expect(laneChange(spec, 'priority', 'HIGH', 'LOW')).toEqual({ priority: 'LOW' });
    expect(laneChange(spec, 'priority', 'HIGH', 'HIGH')).toBeNull();
  });

  it('takes the lane’s label off and puts the other on; into No label, every label off', () => {
    expect(laneChange(tests, 'label', '31', '32')).toEqual({ labelIds: ['99', '32'] });
    expect(laneChange(spec, 'label', '31', '32')).toEqual({ labelIds: ['32'] });
    expect(laneChange(cream, 'label', NO_VALUE, '31')).toEqual({ labelIds: ['31'] });
    expect(laneChange(spec, 'label', '32', NO_VALUE)).toEqual({ labelIds: [] });
  });
});

describe('a place in a lane as a place in the column', () => {
  const ada = buildLanes(columns, 'assignee', { users, labels }, { everyValue: false })[0]!;
  const move = (newPosition: number, issueId = '3') => ({
    issueId,
    sourceColumnId: '11',
    destinationColumnId: '10',
    newPosition,
  });

  it('goes right after the lane’s card above, or before its first, or at the column’s end', () => {
    // Ada's To Do: Write the spec (0), Write the tests (3).
    expect(fullColumnMove(columns, ada.cells, move(0)).newPosition).toBe(0);
    expect(fullColumnMove(columns, ada.cells, move(1)).newPosition).toBe(1);
    expect(fullColumnMove(columns, ada.cells, move(2)).newPosition).toBe(4);
    const unassigned = buildLanes(columns, 'assignee', { users, labels }, { everyValue: false })[2]!;
    expect(fullColumnMove(columns, unassigned.cells, { ...move(0), destinationColumnId: '11' }).newPosition).toBe(0);
  });

  it('counts the column without the moving card', () => {
    // Write the spec dropped below Write the tests in its own lane and column.
    expect(
      fullColumnMove(columns, ada.cells, {
        issueId: '1',
        sourceColumnId: '10',
        destinationColumnId: '10',
        newPosition: 1,
      }).newPosition,
    ).toBe(3);
  });
});

it('a cell id names its lane and column, whatever they hold', () => {
  expect(cellOf(cellId('', '10'))).toEqual({ laneKey: '', columnId: '10' });
  expect(cellOf(cellId('a"b,c', '11'))).toEqual({ laneKey: 'a"b,c', columnId: '11' });
  expect(cellOf('10')).toBeNull();
  expect(cellOf('not json')).toBeNull();
});
