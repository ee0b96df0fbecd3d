import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';

// Issue order: each issue has a fractional rank key and a column is ordered by
// (rank, id), so a move rewrites one row. Keys grow when issues keep landing in the same
// gap; past this length the column's keys are spread out again.
export const REBALANCE_LENGTH = 40;

/** A key that sorts between two neighbours' keys (null: that end of the column). */
export function rankBetween(before: string | null, after: string | null): string {
  // Equal neighbours (never written by us, but possible in old data) leave no gap: rebalance.
  if (before !== null && after !== null && before >= after) return '';
  return generateKeyBetween(before, after);
}

export const needsRebalance = (rank: string) => rank === '' || rank.length > REBALANCE_LENGTH;

/** `count` evenly spread keys, for a fresh column order. */
export const evenRanks = (count: number): string[] => generateNKeysBetween(null, null, count);

/** `count` keys after `last` (issues appended to a column, in order). */
export const ranksAfter = (last: string | null, count: number): string[] => generateNKeysBetween(last, null, count);

/** Spec position: clamp a requested index into 0..length. */
export const clampIndex = (index: number | undefined, length: number) =>
  index === undefined ? length : Math.max(0, Math.min(index, length));
