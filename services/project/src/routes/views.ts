import { Hono } from 'hono';
import { z } from 'zod';
import { CreateSavedViewRequest, IdParam, KeyParam, SavedViewDto, UpdateSavedViewRequest } from '@trackboard/contracts';
import { documented, validate, type AppEnv } from '@trackboard/server-kit';
import type { SavedViews } from '../domain/saved-views';

/** /projects/:key/views: a project's saved views (mounted beside the project routes). */
export const projectViewRoutes = (views: SavedViews) =>
  new Hono<AppEnv>()
    .get(
      '/:key/views',
      documented({
        summary: "The caller's saved views of a project and the project's shared ones",
        responses: { 200: z.array(SavedViewDto) },
        errors: [404],
      }),
      validate('param', KeyParam),
      async (c) => c.json(await views.list(c.var.user, c.req.valid('param').key)),
    )
    .post(
      '/:key/views',
      documented({
        summary: 'Save a board address (its query: filters, view, sort, grouping) as a named view',
        responses: { 201: SavedViewDto },
        errors: [404, 409],
      }),
      validate('param', KeyParam),
      validate('json', CreateSavedViewRequest),
      async (c) => c.json(await views.create(c.var.user, c.req.valid('param').key, c.req.valid('json')), 201),
    );

/** /views: the caller's views across their projects, and one view by id. */
export const viewRoutes = (views: SavedViews) =>
  new Hono<AppEnv>()
    .get(
      '/',
      documented({
        summary: "The caller's saved views and the shared views of the projects they belong to",
        responses: { 200: z.array(SavedViewDto) },
      }),
      async (c) => c.json(await views.listMine(c.var.user)),
    )
    .patch(
      '/:id',
      documented({
        summary: "Rename a saved view, change its query or whether it's shared",
        responses: { 200: SavedViewDto },
        errors: [403, 404, 409],
      }),
      validate('param', IdParam),
      validate('json', UpdateSavedViewRequest),
      async (c) => c.json(await views.update(c.var.user, c.req.valid('param').id, c.req.valid('json'))),
    )
    .delete(
      '/:id',
      documented({ summary: 'Delete a saved view', responses: { 204: null }, errors: [403, 404, 409] }),
      validate('param', IdParam),
      async (c) => {
        await views.remove(c.var.user, c.req.valid('param').id);
        return c.body(null, 204);
      },
    );
