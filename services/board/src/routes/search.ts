import { Hono } from 'hono';
import { SearchQuery } from '@trackboard/contracts';
import { validate, type AppEnv } from '@trackboard/server-kit';
import type { Search } from '../domain/search';

/** Issue #13: GET /search?q=&limit= (the board service owns issues, so it answers). */
export const searchRoutes = (search: Search) =>
  new Hono<AppEnv>().get('/', validate('query', SearchQuery), async (c) =>
    c.json(await search.search(c.var.user, c.req.valid('query'))),
  );
