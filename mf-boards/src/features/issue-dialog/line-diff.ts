import { applyPatch, diffLines, structuredPatch } from 'diff';

// Two texts side by side, line by line (jsdiff's Myers diff), and a first merge of them for the
// conflict view. Every text gets a final newline while compared, so a last line without one
// still compares as a whole line.

export type DiffLine = { text: string; changed: boolean };

const lines = (text: string) => text.slice(0, -1).split('\n');

/** Their lines and yours, each with the lines the other text lacks marked as changed. */
export function sideBySide(theirs: string, yours: string): { theirs: DiffLine[]; yours: DiffLine[] } {
  const sides = { theirs: [] as DiffLine[], yours: [] as DiffLine[] };
  for (const part of diffLines(`${theirs}\n`, `${yours}\n`)) {
    const changed = part.added || part.removed;
    const shown = lines(part.value).map((text) => ({ text, changed }));
    if (!part.added) sides.theirs.push(...shown);
    if (!part.removed) sides.yours.push(...shown);
  }
  return sides;
}

/**
 * A merge to start from: their text with your changes since the edit began (`began`) applied
 * where they still fit. Where they do not, every line of both texts, common ones once and theirs
 * before yours where they differ, for the person to edit down.
 */
export function mergeSeed(began: string, theirs: string, yours: string): string {
  const mine = structuredPatch('began', 'yours', `${began}\n`, `${yours}\n`, undefined, undefined, { context: 2 });
  const merged = applyPatch(`${theirs}\n`, mine);
  // A change to an empty text can land after the final newline: that is no fit.
  if (merged !== false && merged.endsWith('\n')) return merged.slice(0, -1);
  return diffLines(`${theirs}\n`, `${yours}\n`)
    .map((part) => part.value)
    .join('')
    .slice(0, -1);
}
