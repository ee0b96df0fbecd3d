// Issue estimates, which the browser needs too: kept free of zod (like issue-rules.ts), so the
// board and the issue dialog importing them pull no schemas into their chunks.

/**
 * A project's estimate scale: none (no estimates), story points, or T-shirt sizes. Sizes are
 * stored as the points they stand for (XS 1 … XL 8), so a column's sum means the same on both.
 */
export const estimateScales = ['none', 'points', 'tshirt'] as const;
export type EstimateScale = (typeof estimateScales)[number];

/** The values an estimate may take on a scale that has estimates, smallest first. */
export const estimateValues = [1, 2, 3, 5, 8] as const;
export type EstimateValue = (typeof estimateValues)[number];

const tshirtSizes: Record<EstimateValue, string> = { 1: 'XS', 2: 'S', 3: 'M', 5: 'L', 8: 'XL' };

/** Whether `value` is an estimate `scale` allows (no scale allows one when it is 'none'). */
export const isEstimateOn = (scale: EstimateScale, value: number): value is EstimateValue =>
  scale !== 'none' && (estimateValues as readonly number[]).includes(value);

/** An estimate as a card or a field shows it: "3" in points, "M" in T-shirt sizes. */
export const estimateLabel = (scale: EstimateScale, value: number): string =>
  scale === 'tshirt' && isEstimateOn(scale, value) ? tshirtSizes[value] : String(value);

/** A sum of estimates as a column header shows it: points on either scale ("13 pts"). */
export const estimateTotalLabel = (total: number): string => `${total} ${total === 1 ? 'pt' : 'pts'}`;
