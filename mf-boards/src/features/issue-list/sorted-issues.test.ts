import type { IssueDto, LabelDto } from '@trackboard/contracts';
import { issue } from '../../testing/board-fixtures';
import { boardOrder, groupIssues, listItems, sortIssues, type IssueGroup, type ListContext } from './sorted-issues';

const label = (id: string, name: string): LabelDto => ({ id, boardId: '1', name, color: 'blue' });
const users = [
  { id: '7', name: 'Ada Lovelace', email: 'ada@example.com', avatarUrl: null },
  { id: '8', name: 'Grace Hopper', email: 'grace@example.com', avatarUrl: null },
];
const labels = [label('1', 'backend'), label('2', 'frontend')];

/** To Do: 1 (high, Grace, due Mar 5), 2 (low, no one); In Progress: 3 (critical, Ada, due Mar 1), 4 (medium, Grace). */
const todo = [
  issue({
    id: '1',
    columnId: '10',
    position: 0,
    title: 'write the spec',
    priority: 'HIGH',
    assigneeId: '8',
    dueDate: '2027-03-05',
    labelIds: ['1', '2'],
  }),
  issue({ id: '2', columnId: '10', position: 1, title: 'Draw the board', priority: 'LOW', estimate: 5 }),
];
const doing = [
  issue({
    id: '3',
    columnId: '11',
    position: 0,
    title: 'Build the API',
    priority: 'CRITICAL',
    assigneeId: '7',
    dueDate: '2027-03-01',
    labelIds: ['2'],
    parentId: '1',
    estimate: 1,
  }),
  issue({
    id: '4',
    columnId: '11',
    position: 1,
    title: 'Étude',
    priority: 'MEDIUM',
    assigneeId: '8',
    parentId: '99',
    type: 'BUG',
  }),
];
const columns = [
  { id: '10', name: 'To Do', issues: todo },
  { id: '11', name: 'In Progress', issues: doing },
];
const all = boardOrder(columns);
const context: ListContext = {
  columns,
  users,
  labels,
  issuesById: new Map(all.map((one) => [one.id, one])),
};
const ids = (issues: IssueDto[]) => issues.map((one) => one.id);
const titled = (groups: IssueGroup[]) => groups.map((group) => [group.title, ids(group.issues)]);

describe('sorting the list', () => {
  it('keeps the board’s order without a sort: column by column, each in rank order', () => {
    expect(ids(sortIssues(all, null, context))).toEqual(['1', '2', '3', '4']);
  });

  it('sorts text as people read it (case and accents aside), either way', () => {
    expect(ids(sortIssues(all, { field: 'title', descending: false }, context))).toEqual(['3', '2', '4', '1']);
    expect(ids(sortIssues(all, { field: 'title', descending: true }, context))).toEqual(['1', '4', '2', '3']);
  });

  it('sorts priorities by urgency, not by name', () => {
    expect(ids(sortIssues(all, { field: 'priority', descending: true }, context))).toEqual(['3', '1', '4', '2']);
  });

  it('puts an issue without the value last in both directions; ties keep the board’s order', () => {
    expect(ids(sortIssues(all, { field: 'due', descending: false }, context))).toEqual(['3', '1', '2', '4']);
    expect(ids(sortIssues(all, { field: 'due', descending: true }, context))).toEqual(['1', '3', '2', '4']);
    expect(ids(sortIssues(all, { field: 'assignee', descending: false }, context))).toEqual(['3', '1', '4', '2']);
    expect(ids(sortIssues(all, { field: 'estimate', descending: true }, context))).toEqual(['2', '3', '1', '4']);
    expect(ids(sortIssues(all, { field: 'status', descending: true }, context))).toEqual(['3', '4', '1', '2']);
  });

  it('sorts 5,000 issues, every one once, in order', () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      issue({
        id: String(i + 1),
        columnId: '10',
        position: i,
        updatedAt: new Date(Date.UTC(2025, 0, 1) + ((i * 7919) % 5000) * 60_000).toISOString(),
      }),
    );
    const sorted = sortIssues(many, { field: 'updated', descending: true }, { ...context, issuesById: new Map() });
    expect(new Set(ids(sorted)).size).toBe(5000);
    const times = sorted.map((one) => Date.parse(one.updatedAt));
    expect(times.every((time, i) => i === 0 || times[i - 1]! >= time)).toBe(true);
  });
});

describe('grouping the list', () => {
  it('groups by assignee, by name, "Unassigned" last; each group keeps the sort’s order', () => {
    const sorted = sortIssues(all, { field: 'title', descending: false }, context);
    expect(titled(groupIssues(sorted, 'assignee', context))).toEqual([
      ['Ada Lovelace', ['3']],
      ['Grace Hopper', ['4', '1']],
      ['Unassigned', ['2']],
    ]);
  });

  it('puts an issue with several labels under each; "No label" last', () => {
    expect(titled(groupIssues(all, 'label', context))).toEqual([
      ['backend', ['1']],
      ['frontend', ['1', '3']],
      ['No label', ['2', '4']],
    ]);
  });

  it('groups by status in the board’s column order, and by priority most urgent first', () => {
    expect(titled(groupIssues(all, 'status', context))).toEqual([
      ['To Do', ['1', '2']],
      ['In Progress', ['3', '4']],
    ]);
    expect(titled(groupIssues(all, 'priority', context))).toEqual([
      ['Critical', ['3']],
      ['High', ['1']],
      ['Medium', ['4']],
      ['Low', ['2']],
    ]);
  });

  it('groups by parent: parents on the board first, then others, "No parent" last', () => {
    expect(titled(groupIssues(all, 'parent', context))).toEqual([
      ['WEB-1 write the spec', ['3']],
      ['Issue 99', ['4']],
      ['No parent', ['1', '2']],
    ]);
  });

  it('lays out headers and rows as one list, a collapsed group’s rows left out', () => {
    const groups = groupIssues(all, 'label', context);
    const items = listItems(all, groups, new Set(['label:1']));
    expect(items.map((item) => (item.kind === 'group' ? `[${item.group.title}]` : item.key))).toEqual([
      '[backend]',
      '[frontend]',
      'label:2/1',
      'label:2/3',
      '[No label]',
      'label:/2',
      'label:/4',
    ]);
    expect(items[0]).toMatchObject({ kind: 'group', expanded: false });
    expect(listItems(all, null, new Set()).map((item) => item.key)).toEqual(['1', '2', '3', '4']);
  });
});
