import type { SearchResult } from '@trackboard/contracts';
import { api } from '@trackboard/web-kit';
import { contextParams, type SearchContext } from './search-context';

export interface SearchRequest {
  q: string;
  limit: number;
  offset?: number;
  context?: SearchContext;
  /** Issue keys viewed lately, newest first. */
  recent?: string[];
}

/** GET /search's query: only what is set, so a plain search asks ?q=&limit= alone. */
export function searchQuery({ q, limit, offset = 0, context = {}, recent = [] }: SearchRequest): string {
  return new URLSearchParams({
    q,
    limit: String(limit),
    ...(offset ? { offset: String(offset) } : {}),
    ...contextParams(context),
    ...(recent.length ? { recent: recent.join(',') } : {}),
  }).toString();
}

export const searchApi = {
  find: (request: SearchRequest) => api.get<SearchResult>(`/search?${searchQuery(request)}`),
};

/** The results page for `q` (/search), keeping the context the search began in. */
export function searchPagePath(q: string, context: SearchContext = {}): string {
  return `/search?${new URLSearchParams({ q, ...contextParams(context) })}`;
}
