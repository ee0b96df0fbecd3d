import { mentionMarkup, splitMentions } from '@trackboard/contracts';

// The `@` member picker's rules, as pure functions: what is being typed, who matches it, and
// the text once a member is picked. While editing, a mention reads `@Name` (its chip) instead of
// its stored form `@[Name](user:ID)`; the editor turns one into the other both ways.

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

/** The shown text with `@query` (from `start` to the caret) replaced by `@Name`, and the caret after it. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  member: Mentionable,
): { text: string; caret: number } {
  const mention = shownMention(member);
  const after = text.slice(caret);
  // A space to go on typing, unless a space or a punctuation mark follows already.
  const gap = /^[\s.,;:!?)\]]/.test(after) ? '' : ' ';
  return { text: text.slice(0, start) + mention + gap + after, caret: start + mention.length + gap.length };
}

/** A mention as the editor shows it: `@` and the name as it is stored (brackets dropped, cut to length). */
const shownMention = (member: Pick<Mentionable, 'id' | 'name'>) =>
  shownMentions(mentionMarkup(member.name, member.id)).text;

/** Names the editor knows to be mentions, each with its user id. */
export type KnownMentions = ReadonlyMap<string, string>;

/** Whether the `@` query is a mention already made (the caret at or after its name): nothing to offer. */
export const isMadeMention = (query: string, known: KnownMentions): boolean =>
  [...known.keys()].some((name) => query.startsWith(name) && !/^[\p{L}\p{N}_]/u.test(query.slice(name.length)));

/** The stored text as the editor shows it (`@Name`), and the mentions it holds. */
export function shownMentions(stored: string): { text: string; known: Map<string, string> } {
  const known = new Map<string, string>();
  const text = splitMentions(stored)
    .map((part) => {
      if ('text' in part) return part.text;
      if (!known.has(part.name)) known.set(part.name, part.userId);
      return `@${part.name}`;
    })
    .join('');
  return { text, known };
}

/** The known member picked last joins the known mentions (a picked name wins over an older one). */
export const withPicked = (known: KnownMentions, member: Pick<Mentionable, 'id' | 'name'>): Map<string, string> =>
  new Map(known).set(shownMention(member).slice(1), member.id);

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The shown text cut into plain runs and known mentions (`@Name` not followed by more of a word). */
export function shownParts(
  text: string,
  known: KnownMentions,
): ({ text: string } | { name: string; userId: string })[] {
  if (known.size === 0) return text ? [{ text }] : [];
  // The longest name first, so "@Ada Lovelace" is not read as "@Ada" followed by " Lovelace".
  const names = [...known.keys()].sort((a, b) => b.length - a.length).map(escapeForPattern);
  const pattern = new RegExp(`@(${names.join('|')})(?![\\p{L}\\p{N}_])`, 'gu');
  const parts: ({ text: string } | { name: string; userId: string })[] = [];
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ name: match[1]!, userId: known.get(match[1]!)! });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/** The shown text back in its stored form: every known `@Name` becomes `@[Name](user:ID)`. */
export const storedMentions = (text: string, known: KnownMentions): string =>
  shownParts(text, known)
    .map((part) => ('text' in part ? part.text : mentionMarkup(part.name, part.userId)))
    .join('');
