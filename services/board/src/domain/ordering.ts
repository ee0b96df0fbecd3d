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

/**
 * Several issues placed in one column at once (a bulk edit): `others` are the column's other
 * issues in order; each of `placed`, in turn, goes to its index there (counting those placed
 * before it; undefined: the end). Answers the keys of the placed issues, and of any others the
 * column re-keys (when the new keys would grow too long, or old keys leave no gap).
 */
export function placeAll(
  others: { id: number; rank: string }[],
  placed: { id: number; index?: number }[],
): { ranks: Map<number, string>; rekeyed: Map<number, string> } {
  const order: { id: number; rank: string | null }[] = [...others];
  for (const { id, index } of placed)
    order.splice(index === undefined ? order.length : clampIndex(index, order.length), 0, { id, rank: null });
  const ranks = new Map<number, string>();
  try {
    for (let at = 0; at < order.length;) {
      if (order[at]!.rank !== null) {
        at++;
        continue;
      }
      let end = at;
      while (end < order.length && order[end]!.rank === null) end++;
      const keys = generateNKeysBetween(order[at - 1]?.rank ?? null, order[end]?.rank ?? null, end - at);
      if (keys.some(needsRebalance)) throw new RangeError('keys too long');
      keys.forEach((key, i) => ranks.set(order[at + i]!.id, key));
      at = end;
    }
    return { ranks, rekeyed: new Map() };
  } catch {
    // Too long, or no gap between equal old keys: the whole column gets fresh keys.
    const fresh = evenRanks(order.length);
    const placedIds = new Set(placed.map((p) => p.id));
    const all = new Map(order.map((entry, i) => [entry.id, fresh[i]!]));
    return {
      ranks: new Map([...all].filter(([id]) => placedIds.has(id))),
      rekeyed: new Map([...all].filter(([id]) => !placedIds.has(id))),
    };
  }
}
