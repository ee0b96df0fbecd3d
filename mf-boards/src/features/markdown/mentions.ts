import { mentionMarkup } from '@trackboard/contracts';

// The `@` member picker's rules (issue #14), as pure functions: what is being typed, who
// matches it, and the text once a member is picked.

/** Someone the picker offers: a member of the project. */
export type Mentionable = { id: string; name: string; email?: string; avatarUrl?: string | null };

/** What may come right before the `@`: an e-mail address (ada@example.com) is not a mention. */
const OPENS_MENTION = /[\s([{"'>*_~]/;
const MAX_QUERY = 50;

/** The mention being typed just before the caret (`@` and what follows it), or null. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('@');
  if (start < 0) return null;
  if (start > 0 && !OPENS_MENTION.test(before[start - 1]!)) return null;
  const query = before.slice(start + 1);
  if (query.length > MAX_QUERY || /^\s|[\n@[\]()]/.test(query)) return null;
  return { start, query };
}

/**
 * The members matching what was typed, best first: the name starting with it, then a word of
 * the name, then the e-mail, then the name containing it anywhere (case ignored).
 */
export function matchMembers<M extends Mentionable>(members: readonly M[], query: string, limit = 8): M[] {
  const wanted = query.trim().toLowerCase();
  const rank = (member: M) => {
    if (!wanted) return 0;
    const name = member.name.toLowerCase();
    if (name.startsWith(wanted)) return 0;
    if (name.split(/\s+/).some((word) => word.startsWith(wanted))) return 1;
    if (member.email?.toLowerCase().startsWith(wanted)) return 2;
    return name.includes(wanted) ? 3 : -1;
  };
  return members
    .map((member) => ({ member, rank: rank(member) }))
    .filter(({ rank }) => rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.member.name.localeCompare(b.member.name))
    .slice(0, limit)
    .map(({ member }) => member);
}

/** The text with `@query` (from `start` to the caret) replaced by the member's mention, and the caret after it. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  member: Mentionable,
): { text: string; caret: number } {
  const mention = mentionMarkup(member.name, member.id);
  const after = text.slice(caret);
  // A space to go on typing, unless a space or a punctuation mark follows already.
  const gap = /^[\s.,;:!?)\]]/.test(after) ? '' : ' ';
  return { text: text.slice(0, start) + mention + gap + after, caret: start + mention.length + gap.length };
}
