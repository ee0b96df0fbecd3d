// The board's swimlanes in the address, beside the filter and the view, so a board in lanes can be
// bookmarked, shared and reloaded: `?groupBy=assignee|priority|label`. No `groupBy` (or a word it
// does not know): the columns as they always are. Read by the cold board, so kept tiny; the lanes
// themselves are a chunk of their own.

export const laneFields = ['assignee', 'priority', 'label'] as const;
export type LaneField = (typeof laneFields)[number];

export function groupByOf(search: string): LaneField | null {
  const word = new URLSearchParams(search).get('groupBy')?.trim().toLowerCase();
  return laneFields.find((field) => field === word) ?? null;
}

/**
 * The query with `groupBy` in it (or without it for none), the other parameters kept as they are
 * written: re-encoding them through URLSearchParams would turn the filter's readable commas into `%2C`.
 */
export function withGroupBy(search: string, field: LaneField | null): string {
  const others = search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && !/^groupBy(=|$)/i.test(part));
  if (field) others.push(`groupBy=${field}`);
  return others.length ? `?${others.join('&')}` : '';
}
