// The board's view in the address: `?view=list` or `?view=calendar`, nothing for the columns. The
// one part of the views' parameters the cold board reads (list-params.ts has the list's sort and
// grouping, in its own chunk).

export const boardViews = ['board', 'list', 'calendar'] as const;
export type BoardView = (typeof boardViews)[number];

export function viewOf(search: string): BoardView {
  const view = new URLSearchParams(search).get('view')?.trim().toLowerCase();
  return view === 'list' || view === 'calendar' ? view : 'board';
}

/**
 * The query with `view` in it, the other parameters kept as they are written (the filter's
 * readable commas stay commas): `view=…` last, or no `view` for the columns.
 */
export function withView(search: string, view: BoardView): string {
  const others = search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && !/^view(=|$)/i.test(part));
  if (view !== 'board') others.push(`view=${view}`);
  return others.length ? `?${others.join('&')}` : '';
}
