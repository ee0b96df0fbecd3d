// Cutting user text short (excerpts, mention names, log lines): the one way, for every service
// and the browser. Zod-free, so a browser bundle importing it carries no zod.
//
// Lengths are counted as the schemas count them, in UTF-16 units (JavaScript's `length`), so a
// cut text always fits where its limit applies. The cut lands between graphemes, what a reader
// takes for one character: an emoji or 𝔘 is two units, a flag four, a family of four eleven
// (joined by U+200D). A cut inside a pair of units left half a character, which PostgreSQL's
// jsonb refuses (a 500, and the text was lost); a cut inside a grapheme shows what nobody wrote.

let segmenter: Intl.Segmenter | undefined;

/** The text's graphemes; its code points where the runtime has no Intl.Segmenter (older browsers). */
function* graphemesOf(text: string): Generator<string> {
  if (typeof Intl.Segmenter !== 'function') {
    yield* text;
    return;
  }
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const { segment } of segmenter.segment(text)) yield segment;
}

/** How many units of `pieces`, taken whole from the start, fit in `room`. */
function fitting(pieces: Iterable<string>, room: number): number {
  let kept = 0;
  for (const piece of pieces) {
    if (kept + piece.length > room) break;
    kept += piece.length;
  }
  return kept;
}

/**
 * `text` when it is at most `maxLength` UTF-16 units long; otherwise its longest start of whole
 * graphemes that fits in `maxLength` with `ellipsis` after it (trailing spaces dropped before
 * an ellipsis). A first grapheme longer than all the room (a letter under hundreds of accents)
 * is cut between its code points rather than leaving nothing.
 */
export function truncateText(text: string, maxLength: number, { ellipsis = '' }: { ellipsis?: string } = {}): string {
  if (text.length <= maxLength) return text;
  const room = Math.max(0, maxLength - ellipsis.length);
  const kept = fitting(graphemesOf(text), room) || fitting(text, room);
  return ellipsis ? `${text.slice(0, kept).trimEnd()}${ellipsis}` : text.slice(0, kept);
}
