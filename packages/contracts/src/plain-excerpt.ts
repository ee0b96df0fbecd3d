import { mentionsAsText } from './notification-rules';
import { truncateText } from './text-cut';

// A line of an issue's or comment's text for a notification, an e-mail or an event: what a
// reader sees of the Markdown, not its marks ("**bold**" → "bold", "[docs](https://…)" → "docs",
// "- [x] ship" → "ship"), mentions as "@Name", on one line, cut between whole characters.

/** Line-level marks: headings, quotes, list bullets and numbers, task boxes, rules, table rows. */
const lineMarks: [RegExp, string][] = [
  [/^ {0,3}(`{3,}|~{3,}).*$/gm, ''], // code fences (their content stays)
  [/^ {0,3}#{1,6}\s+/gm, ''],
  [/^ {0,3}>\s?/gm, ''],
  [/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/gm, ''],
  [/^ {0,3}(?:[-*_]\s*){3,}$/gm, ''],
  [/^\s*\|?(?:\s*:?-+:?\s*\|)+\s*:?-*:?\s*$/gm, ''], // a table's separator row
  [/\s*\|\s*/g, ' '],
];
/** Inline marks, in order: images before links, strong before emphasis. */
const inlineMarks: [RegExp, string][] = [
  [/!\[([^\]]*)\]\([^)]*\)/g, '$1'],
  [/\[([^\]]+)\]\([^)]*\)/g, '$1'],
  [/<((?:https?|mailto):[^>\s]+)>/g, '$1'],
  [/`+([^`]+)`+/g, '$1'],
  [/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2'],
  [/(^|[^\w*])\*(?=\S)(.+?)(?<=\S)\*(?!\w)/g, '$1$2'],
  [/(^|\W)_(?=\S)(.+?)(?<=\S)_(?!\w)/g, '$1$2'],
  [/~~(?=\S)(.+?)(?<=\S)~~/g, '$1'],
];

/** The text without its Markdown marks (a reader's view), mentions as "@Name". */
export function markdownAsText(text: string): string {
  let out = mentionsAsText(text);
  for (const [pattern, replacement] of [...lineMarks, ...inlineMarks]) out = out.replace(pattern, replacement);
  return out;
}

/** Plain text on one line, cut at `max` (UTF-16 units, as the limits count) with an ellipsis. */
export const plainExcerpt = (text: string, max: number): string =>
  truncateText(markdownAsText(text).replace(/\s+/g, ' ').trim(), max, { ellipsis: '…' });
