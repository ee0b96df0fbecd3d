// Saved views' rules the browser needs too, kept free of zod so importing them ships no schema code.

export const SAVED_VIEW_NAME_MAX_LENGTH = 80;
export const SAVED_VIEW_QUERY_MAX_LENGTH = 2000;

/**
 * A board address's query as a view keeps it: without the leading `?`, and without `issue=`
 * (an open issue dialog is where someone was, not part of the view). The other parameters stay
 * as written, in their order, so the board reads them back exactly as it wrote them.
 */
export function savedViewQuery(query: string): string {
  return query
    .trim()
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '' && decodeParamName(part.split('=')[0]!) !== 'issue')
    .join('&');
}

function decodeParamName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** Where a view opens: the board with its query. */
export const savedViewPath = (view: { boardId: string; query: string }) =>
  `/boards/${encodeURIComponent(view.boardId)}${view.query ? `?${view.query}` : ''}`;

/** The browser's cache key of the caller's views (swr, one cache for the shell and its remotes): revalidated after a save. */
export const savedViewsKey = (userId: string | number | null) => ['saved-views', userId] as const;
