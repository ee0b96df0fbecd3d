import { z } from 'zod';
import { IssueKeyParam } from './boards';
import { issueStatuses } from './column-status';
import { Id } from './ids';
import { ProjectKey } from './projects';
import { commaList } from './query-lists';
import { SEARCH_RECENT_MAX } from './rules';
import { lineText } from './text';

// GET /api/search: issues and projects the caller may see, best first.

export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;
/** The results page goes this far into a broad search's matches. */
export const SEARCH_OFFSET_MAX = 10_000;

const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

export const SearchQuery = z.object({
  q: lineText({ error: 'is required' })
    .trim()
    .min(2, 'must be at least 2 characters')
    .max(200, 'must be at most 200 characters'),
  limit: wholeNumber(1, SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
  /** How many of the best matches to skip (the results page's further pages). */
  offset: wholeNumber(0, SEARCH_OFFSET_MAX).default(0),
  /** The project the caller is looking at, by key: its issues rank first among equal matches. */
  project: ProjectKey.optional(),
  /** The board the caller is looking at: its project's issues rank first among equal matches. */
  board: Id.optional(),
  /** Issue keys the caller viewed lately, comma-separated: they rank first among equal matches. */
  recent: commaList(IssueKeyParam.shape.key, SEARCH_RECENT_MAX).optional(),
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
export const SearchResult = z.object({
  issues: z.array(SearchIssueHit),
  /** How many issues match in all (`issues` holds the page asked for). */
  total: z.number().int(),
  projects: z.array(SearchProjectHit),
});
export type SearchResult = z.infer<typeof SearchResult>;
