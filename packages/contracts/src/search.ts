import { z } from 'zod';
import { issueStatuses } from './column-status';
import { lineText } from './text';

// GET /api/search (issue #13): issues and projects the caller may see, best first.

export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;

export const SearchQuery = z.object({
  q: lineText({ error: 'is required' })
    .trim()
    .min(2, 'must be at least 2 characters')
    .max(200, 'must be at most 200 characters'),
  limit: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(SEARCH_LIMIT_MAX, `must be at most ${SEARCH_LIMIT_MAX}`)
    .default(SEARCH_LIMIT_DEFAULT),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SearchIssueHit = z.object({
  id: z.string(),
  key: z.string(),
  title: z.string(),
  boardId: z.string(),
  projectKey: z.string(),
  status: z.enum(issueStatuses),
  /** A short piece of the title or description around what matched (plain text). */
  snippet: z.string(),
});
export type SearchIssueHit = z.infer<typeof SearchIssueHit>;
export const SearchProjectHit = z.object({ key: z.string(), name: z.string() });
export type SearchProjectHit = z.infer<typeof SearchProjectHit>;
export const SearchResult = z.object({ issues: z.array(SearchIssueHit), projects: z.array(SearchProjectHit) });
export type SearchResult = z.infer<typeof SearchResult>;
