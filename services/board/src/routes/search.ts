import { Hono } from 'hono';
import { SearchQuery, SearchResult } from '@trackboard/contracts';
import { documented, validate, type AppEnv } from '@trackboard/server-kit';
import type { Search } from '../domain/search';

/** GET /search?q=&limit= (the board service owns issues, so it answers). */
export const searchRoutes = (search: Search) =>
  new Hono<AppEnv>().get(
    '/',
    documented({ summary: 'Issues and projects the caller may see, best first', responses: { 200: SearchResult } }),
    validate('query', SearchQuery),
    async (c) => c.json(await search.search(c.var.user, c.req.valid('query'))),
  );
