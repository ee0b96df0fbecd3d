import { Hono } from 'hono';
import { IdParam, WatchState } from '@trackboard/contracts';
import { documented, validate, type AppEnv } from '@trackboard/server-kit';
import type { Watching } from '../domain/watches';

/** `GET`/`PUT`/`DELETE /api/issues/:id/watch`: the caller's own watch of an issue. */
export const watchRoutes = (watching: Watching) =>
  new Hono<AppEnv>()
    .get(
      '/:id/watch',
      documented({ summary: 'Whether the caller watches an issue', responses: { 200: WatchState }, errors: [404] }),
      validate('param', IdParam),
      async (c) => c.json(await watching.get(c.var.user, c.req.valid('param').id)),
    )
    .put(
      '/:id/watch',
      documented({ summary: 'Watch an issue', responses: { 200: WatchState }, errors: [404] }),
      validate('param', IdParam),
      async (c) => c.json(await watching.watch(c.var.user, c.req.valid('param').id)),
    )
    .delete(
      '/:id/watch',
      documented({ summary: 'Stop watching an issue', responses: { 200: WatchState }, errors: [404] }),
      validate('param', IdParam),
      async (c) => c.json(await watching.unwatch(c.var.user, c.req.valid('param').id)),
    );
