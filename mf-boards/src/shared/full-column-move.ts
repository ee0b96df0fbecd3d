import type { IssueDto } from '@trackboard/contracts';

interface Move {
  issueId: string;
  sourceColumnId: string;
  destinationColumnId: string;
  /** Index in the destination column once the issue has left its old place. */
  newPosition: number;
}
type Column = { id: string; issues: readonly IssueDto[] };

/**
 * A move made among some of a column's cards (the filtered view's, or a swimlane's), as a move in
 * the full column. The move's `newPosition` counts only the cards shown; other cards may sit
 * between them. The card goes right after the shown card it was dropped below (so between two
 * shown cards it lands between them, above any others there), or right before the first shown
 * card when dropped at the top, or at the end of the column when none is shown there.
 */
export function fullColumnMove<M extends Move>(full: readonly Column[], shown: readonly Column[], move: M): M {
  const without = (column: Column | undefined) => (column?.issues ?? []).filter((i) => i.id !== move.issueId);
  const fullOthers = without(full.find((column) => column.id === move.destinationColumnId));
  const shownOthers = without(shown.find((column) => column.id === move.destinationColumnId));
  const index = Math.max(0, Math.min(move.newPosition, shownOthers.length));
  const indexOf = (issue: IssueDto) => fullOthers.findIndex((other) => other.id === issue.id);
  let newPosition: number;
  if (index > 0 && indexOf(shownOthers[index - 1]!) >= 0) newPosition = indexOf(shownOthers[index - 1]!) + 1;
  else if (index === 0 && shownOthers.length > 0 && indexOf(shownOthers[0]!) >= 0)
    newPosition = indexOf(shownOthers[0]!);
  else newPosition = fullOthers.length;
  return { ...move, newPosition };
}
