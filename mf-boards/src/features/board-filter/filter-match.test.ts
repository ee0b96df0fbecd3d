import type { IssueDto } from '@trackboard/contracts';
import { issue } from '../../testing/board-fixtures';
import { filterColumns } from './filter-columns';
import {
  dueBucketOf,
  endOfWeek,
  issueMatcher,
  narrows,
  normaliseText,
  searchTextOf,
  type MatchContext,
} from './filter-match';
import { emptyFilter, type BoardFilter } from './filter-params';

// Wednesday 12 March 2025: its week runs to Sunday the 16th.
const today = '2025-03-12';
const context = { meId: '7', today };
const kept = (filter: Partial<BoardFilter>, issues: IssueDto[], meId: string | null = '7') => {
  const matches = issueMatcher({ ...emptyFilter, ...filter }, { meId, today });
  return issues.filter((i) => !matches || matches(i)).map((i) => i.id);
};

describe('matching issues to a filter', () => {
  it('keeps everything without a filter', () => {
    expect(issueMatcher(emptyFilter, context)).toBeNull();
    expect(issueMatcher({ ...emptyFilter, q: '  ' }, context)).toBeNull();
  });

  it('finds text in the key, title and description, ignoring case and accents', () => {
    const issues = [
      issue({ id: '1', columnId: '10', position: 0, title: 'Crème brûlée recipe' }),
      issue({ id: '2', columnId: '10', position: 1, title: 'Other', description: 'See the CAFÉ menu' }),
      issue({ id: '3', columnId: '10', position: 2, title: 'Nothing here' }),
    ];
    expect(kept({ q: 'CREME' }, issues)).toEqual(['1']);
    expect(kept({ q: 'café' }, issues)).toEqual(['2']);
    expect(kept({ q: 'cafe' }, issues)).toEqual(['2']);
    expect(kept({ q: 'web-3' }, issues)).toEqual(['3']);
    expect(normaliseText('Ångström ÉLAN')).toBe('angstrom elan');
  });

  it('needs every word, in any order', () => {
    const issues = [
      issue({ id: '1', columnId: '10', position: 0, title: 'Login page is slow' }),
      issue({ id: '2', columnId: '10', position: 1, title: 'Login works' }),
    ];
    expect(kept({ q: ' slow  login ' }, issues)).toEqual(['1']);
  });

  it('reads an edited issue afresh, and reuses the text of a copy with the same words', () => {
    const first = issue({ id: '1', columnId: '10', position: 0, title: 'Old words' });
    expect(searchTextOf(first)).toContain('old words');
    const renumbered = { ...first, position: 3 };
    expect(searchTextOf(renumbered)).toBe(searchTextOf(first));
    expect(searchTextOf({ ...first, title: 'New words' })).toContain('new words');
  });

  it('matches assignees: members, "Me" as the signed-in user, "Unassigned"', () => {
    const issues = [
      issue({ id: '1', columnId: '10', position: 0, assigneeId: '7' }),
      issue({ id: '2', columnId: '10', position: 1, assigneeId: '8' }),
      issue({ id: '3', columnId: '10', position: 2, assigneeId: null, owner: 'someone typed' }),
    ];
    expect(kept({ assignee: ['8'] }, issues)).toEqual(['2']);
    expect(kept({ assignee: ['me'] }, issues)).toEqual(['1']);
    expect(kept({ assignee: ['none'] }, issues)).toEqual(['3']);
    expect(kept({ assignee: ['me', 'none'] }, issues)).toEqual(['1', '3']);
    expect(kept({ assignee: ['me'] }, issues, null)).toEqual([]);
  });

  it('keeps an issue with any of the chosen labels', () => {
    const issues = [
      issue({ id: '1', columnId: '10', position: 0, labelIds: ['3'] }),
      issue({ id: '2', columnId: '10', position: 1, labelIds: ['4', '5'] }),
      issue({ id: '3', columnId: '10', position: 2, labelIds: [] }),
    ];
    expect(kept({ label: ['3', '5'] }, issues)).toEqual(['1', '2']);
  });

  it('matches priority and type, and needs every field', () => {
    const issues = [
      issue({ id: '1', columnId: '10', position: 0, priority: 'HIGH', type: 'BUG' }),
      issue({ id: '2', columnId: '10', position: 1, priority: 'HIGH', type: 'TASK' }),
      issue({ id: '3', columnId: '10', position: 2, priority: 'LOW', type: 'BUG' }),
    ];
    expect(kept({ priority: ['HIGH', 'CRITICAL'] }, issues)).toEqual(['1', '2']);
    expect(kept({ priority: ['HIGH'], type: ['BUG'] }, issues)).toEqual(['1']);
  });

  it('matches estimates by their points, and "No estimate" for none', () => {
    const issues = [
      issue({ id: '1', columnId: '10', position: 0, estimate: 3 }),
      issue({ id: '2', columnId: '10', position: 1, estimate: 8 }),
      issue({ id: '3', columnId: '10', position: 2, estimate: null }),
    ];
    expect(kept({ estimate: ['3'] }, issues)).toEqual(['1']);
    expect(kept({ estimate: ['8', 'none'] }, issues)).toEqual(['2', '3']);
    expect(kept({ estimate: ['5'] }, issues)).toEqual([]);
    expect(narrows({ ...emptyFilter, estimate: ['3'] }, { ...emptyFilter, estimate: ['3', '5'] })).toBe(false);
  });

  it('matches cycles: the current and next by their ids, any cycle, no cycle', () => {
    const issues = [
      issue({ id: '1', columnId: '10', position: 0, cycleId: '41' }),
      issue({ id: '2', columnId: '10', position: 1, cycleId: '42' }),
      issue({ id: '3', columnId: '10', position: 2, cycleId: '40' }),
      issue({ id: '4', columnId: '10', position: 3, cycleId: null }),
    ];
    const cycles: MatchContext['cycles'] = { current: '41', next: '42' };
    const inCycles = (cycle: BoardFilter['cycle'], known: MatchContext['cycles'] = cycles) => {
      const matches = issueMatcher({ ...emptyFilter, cycle }, { ...context, cycles: known });
      return issues.filter((i) => matches!(i)).map((i) => i.id);
    };
    expect(inCycles(['current'])).toEqual(['1']);
    expect(inCycles(['next'])).toEqual(['2']);
    expect(inCycles(['current', 'none'])).toEqual(['1', '4']);
    expect(inCycles(['any'])).toEqual(['1', '2', '3']);
    expect(inCycles(['none'])).toEqual(['4']);
    // No cycle planned after the current one: "next" keeps nothing.
    expect(inCycles(['next'], { current: '41', next: null })).toEqual([]);
    // While the cycles are not known, "current" and "next" keep nothing; "any" and "none" need no list.
    expect(inCycles(['current', 'next'], null)).toEqual([]);
    expect(inCycles(['current', 'none'], null)).toEqual(['4']);
    expect(inCycles(['any'], null)).toEqual(['1', '2', '3']);
    expect(narrows({ ...emptyFilter, cycle: ['current'] }, { ...emptyFilter, cycle: ['current', 'next'] })).toBe(false);
    expect(narrows({ ...emptyFilter, cycle: ['next'] }, { ...emptyFilter, cycle: ['next'], q: 'a' })).toBe(true);
  });

  it('sorts due dates into overdue, this week (to Sunday) and no date, with today given', () => {
    expect(endOfWeek(today)).toBe('2025-03-16');
    expect(endOfWeek('2025-03-16')).toBe('2025-03-16');
    expect(endOfWeek('2025-03-17')).toBe('2025-03-23');
    const at = (dueDate: string | null, status: IssueDto['status'] = 'TODO') => dueBucketOf({ dueDate, status }, today);
    expect([at('2025-03-11'), at('2025-03-12'), at('2025-03-16'), at('2025-03-17'), at(null)]).toEqual([
      'overdue',
      'week',
      'week',
      null,
      'none',
    ]);
    // Done late is not overdue, as its card shows it.
    expect(at('2025-03-01', 'DONE')).toBeNull();
    const issues = [
      issue({ id: '1', columnId: '10', position: 0, dueDate: '2025-03-01' }),
      issue({ id: '2', columnId: '10', position: 1, dueDate: '2025-03-14' }),
      issue({ id: '3', columnId: '10', position: 2, dueDate: null }),
      issue({ id: '4', columnId: '10', position: 3, dueDate: '2025-04-01' }),
    ];
    expect(kept({ due: ['overdue', 'none'] }, issues)).toEqual(['1', '3']);
    expect(kept({ due: ['week'] }, issues)).toEqual(['2']);
  });

  it('filters columns in their order and counts what is shown', () => {
    const columns = [
      { id: '10', issues: [issue({ id: '1', columnId: '10', position: 0, title: 'red' })] },
      {
        id: '11',
        issues: [
          issue({ id: '2', columnId: '11', position: 0, title: 'blue' }),
          issue({ id: '3', columnId: '11', position: 1, title: 'blue sky' }),
        ],
      },
    ];
    const view = filterColumns(columns, issueMatcher({ ...emptyFilter, q: 'blue' }, context));
    expect(view.columns.map((c) => c.issues.map((i) => i.id))).toEqual([[], ['2', '3']]);
    expect([view.shown, view.total, [...view.totals]]).toEqual([
      2,
      3,
      [
        ['10', 1],
        ['11', 2],
      ],
    ]);
    expect(filterColumns(columns, null).columns).toBe(columns);

    // Filtering again from the same columns: what did not change keeps its identity.
    const again = filterColumns(columns, issueMatcher({ ...emptyFilter, q: 'blue' }, context), view);
    expect(again.columns).toBe(view.columns);
    const narrower = filterColumns(columns, issueMatcher({ ...emptyFilter, q: 'sky' }, context), again);
    expect(narrower.columns).not.toBe(view.columns);
    expect(narrower.columns[0]).toBe(view.columns[0]);
    expect(narrower.columns[1]!.issues.map((i) => i.id)).toEqual(['3']);
  });

  it('knows when a filter only narrows the last one, and then looks only among what it showed', () => {
    const text = (q: string) => ({ ...emptyFilter, q });
    expect(narrows(text('issue 2'), text('Issue 2-1'))).toBe(true);
    expect(narrows(text('cafe'), text('Café au'))).toBe(true);
    expect(narrows(text('issue 2-1'), text('issue 2'))).toBe(false);
    expect(narrows(text('a'), { ...text('ab'), type: ['BUG'] })).toBe(false);

    const columns = [
      {
        id: '10',
        issues: [
          issue({ id: '1', columnId: '10', position: 0, title: 'blue sky' }),
          issue({ id: '2', columnId: '10', position: 1, title: 'blue sea' }),
        ],
      },
    ];
    const blue = filterColumns(columns, issueMatcher(text('blue'), context));
    // Narrowing reads only the last view's cards: one taken out of it stays out.
    const trimmed = { ...blue, columns: [{ ...blue.columns[0]!, issues: [blue.columns[0]!.issues[1]!] }] };
    const narrowed = filterColumns(columns, issueMatcher(text('blue s'), context), trimmed, true);
    expect(narrowed.columns[0]!.issues.map((i) => i.id)).toEqual(['2']);
    expect(filterColumns(columns, issueMatcher(text('blue s'), context), trimmed).columns[0]!.issues).toHaveLength(2);
  });
});
