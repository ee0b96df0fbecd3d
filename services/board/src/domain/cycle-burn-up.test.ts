import { burnUp, type BurnUpChange, type BurnUpIssue } from './cycle-burn-up';

// The burn-up told by history: each issue's cycle and column on a day is its state now with the
// later changes undone.

const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
const range = { startsOn: '2031-03-03', lastDay: '2031-03-09' };

describe('a cycle’s burn-up', () => {
  const issues: BurnUpIssue[] = [
    // In the cycle from its first day, finished on Wednesday.
    { id: 1, createdAt: at('2031-03-01'), cycle: 'Cycle 4', status: 'DONE', estimate: 3 },
    // Added on Tuesday, still open.
    { id: 2, createdAt: at('2031-03-01'), cycle: 'Cycle 4', status: 'IN_PROGRESS', estimate: 5 },
    // In it until Thursday, then moved to the next cycle.
    { id: 3, createdAt: at('2031-03-02'), cycle: 'Cycle 5', status: 'TODO', estimate: null },
    // Made on Friday, already in it, finished at once, reopened on Saturday into a column no status names.
    { id: 4, createdAt: at('2031-03-07'), cycle: 'Cycle 4', status: 'TODO', estimate: 1 },
  ];
  const changes: BurnUpChange[] = [
    { issueId: 1, at: at('2031-03-02'), field: 'cycle', fromValue: null },
    { issueId: 1, at: at('2031-03-05'), field: 'status', fromValue: 'In Progress' },
    { issueId: 2, at: at('2031-03-04'), field: 'cycle', fromValue: 'Cycle 3' },
    { issueId: 3, at: at('2031-03-02'), field: 'cycle', fromValue: null },
    { issueId: 3, at: at('2031-03-06'), field: 'cycle', fromValue: 'Cycle 4' },
    { issueId: 4, at: at('2031-03-07', 13), field: 'status', fromValue: 'To Do' },
    { issueId: 4, at: at('2031-03-08'), field: 'status', fromValue: 'Done' },
  ];

  it('counts, at the end of each day, the issues and points in the cycle and those finished', () => {
    const days = burnUp('Cycle 4', range, issues, changes, at('2031-03-08', 18));
    expect(days.map((d) => [d.date, d.scope.issues, d.scope.points, d.done.issues, d.done.points])).toEqual([
      ['2031-03-03', 2, 3, 0, 0],
      ['2031-03-04', 3, 8, 0, 0],
      ['2031-03-05', 3, 8, 1, 3],
      ['2031-03-06', 2, 8, 1, 3],
      ['2031-03-07', 3, 9, 2, 4],
      // Today, as it stands now: issue 4 reopened.
      ['2031-03-08', 3, 9, 1, 3],
    ]);
  });

  it('stops at the cycle’s last day, and has no days before the cycle starts', () => {
    expect(burnUp('Cycle 4', range, issues, changes, at('2031-04-01')).map((d) => d.date)).toHaveLength(7);
    expect(burnUp('Cycle 4', range, issues, changes, at('2031-03-02'))).toEqual([]);
  });
});
