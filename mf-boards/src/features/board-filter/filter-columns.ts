import type { IssueDto } from '@trackboard/contracts';

type Column = { id: string; issues: IssueDto[] };

export interface FilteredColumns<C> {
  columns: C[];
  /** The columns these were filtered from (a later pass reuses what did not change). */
  sources: C[];
  /** Issues shown, and issues on the board's columns. */
  shown: number;
  total: number;
  /** Each column's full count, by column id. */
  totals: Map<string, number>;
}

const sameIssues = (a: IssueDto[], b: IssueDto[]) => a.length === b.length && a.every((issue, i) => issue === b[i]);

/**
 * The columns with only the issues `matches` keeps, in their order; untouched when nothing is
 * filtered. A column that shows the same cards as in `previous` (filtered from the same column)
 * is that very object again, and so is the list when no column changed: a keystroke that changes
 * nothing on screen redraws no column (they are memoised on their props).
 */
export function filterColumns<C extends Column>(
  columns: C[],
  matches: ((issue: IssueDto) => boolean) | null,
  previous?: FilteredColumns<C>,
  /** The filter only narrows `previous`'s (a letter typed on): look only among what it showed. */
  narrowing = false,
): FilteredColumns<C> {
  const totals = new Map(columns.map((column) => [column.id, column.issues.length]));
  const total = columns.reduce((sum, column) => sum + column.issues.length, 0);
  if (!matches) return { columns, sources: columns, shown: total, total, totals };
  const before = new Map(previous?.sources.map((source, i) => [source, previous.columns[i]!]));
  let shown = 0;
  const pools = narrowing && previous?.sources === columns ? previous.columns : columns;
  const kept = columns.map((column, i) => {
    const issues = pools[i]!.issues.filter(matches);
    shown += issues.length;
    const earlier = before.get(column);
    return earlier && sameIssues(earlier.issues, issues) ? earlier : { ...column, issues };
  });
  const unchanged =
    previous !== undefined &&
    kept.length === previous.columns.length &&
    kept.every((column, i) => column === previous.columns[i]);
  return { columns: unchanged ? previous.columns : kept, sources: columns, shown, total, totals };
}
