import { IssueKeyParam } from '@trackboard/contracts';

// What a search's text asks for, worked out before any SQL. The text itself goes to
// PostgreSQL only as a parameter of websearch_to_tsquery, which takes any text without error.

export type SearchTerms = {
  /** The text as an issue key (`web-12` → `WEB-12`), or null when it is not shaped like one. */
  key: string | null;
  /** Whether the last word is searched as a prefix (its lexeme gets `:*`). */
  prefix: boolean;
};

/**
 * A word typed last is searched by its beginning ("deplo" finds "deployment"), as results show
 * while someone types. Not when it is web-search syntax: a negation (`-word`), the `or`
 * operator, inside a quoted phrase, or with no letter or digit (no lexeme of its own).
 */
function prefixable(last: string, q: string): boolean {
  const quotes = q.split('"').length - 1;
  return (
    /[\p{L}\p{N}]/u.test(last) &&
    !last.startsWith('-') &&
    !last.includes('"') &&
    !/^or$/i.test(last) &&
    quotes % 2 === 0
  );
}

/** `q` as SearchQuery left it: trimmed, 2 to 200 characters, no control characters. */
export function searchTerms(q: string): SearchTerms {
  const key = IssueKeyParam.shape.key.safeParse(q);
  return { key: key.success ? key.data : null, prefix: prefixable(q.split(/\s+/).at(-1) ?? '', q) };
}
