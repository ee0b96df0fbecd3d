import { Hono } from 'hono';
import { ColumnDto, DeleteColumnQuery, IdParam, UpdateColumnRequest } from '@trackboard/contracts';
import { documented, validate, type AppEnv } from '@trackboard/server-kit';
import type { Columns } from '../domain/columns';
import { originOf } from './origin';

/** Spec §7.4: /columns/:id. */
export const columnRoutes = (columns: Columns) =>
  new Hono<AppEnv>()
    .put(
      '/:id',
      documented({
        summary: 'Rename or move a column, or set its WIP limit',
        responses: { 200: ColumnDto },
        errors: [404, 409],
      }),
      validate('param', IdParam),
      validate('json', UpdateColumnRequest),
      async (c) => c.json(await columns.update(c.var.user, c.req.valid('param').id, c.req.valid('json'), originOf(c))),
    )
    .delete(
      '/:id',
      documented({
        summary: 'Delete a column (its issues move to targetColumnId)',
        responses: { 204: null },
        errors: [404, 409],
      }),
      validate('param', IdParam),
      validate('query', DeleteColumnQuery),
      async (c) => {
        await columns.remove(c.var.user, c.req.valid('param').id, c.req.valid('query').targetColumnId, originOf(c));
        return c.body(null, 204);
      },
    );
