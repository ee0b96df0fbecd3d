import { Hono } from 'hono';
import { z } from 'zod';
import { idPattern, UpdateColumnRequest } from '@trackboard/contracts';
import { validate, type AppEnv } from '@trackboard/server-kit';
import type { Columns } from '../domain/columns';
import { originOf } from './origin';

const DeleteQuery = z.object({ targetColumnId: z.string().regex(idPattern, 'must be a column id').optional() });

/** Spec §7.4: /columns/:id. */
export const columnRoutes = (columns: Columns) =>
  new Hono<AppEnv>()
    .put('/:id', validate('json', UpdateColumnRequest), async (c) => c.json(await columns.update(c.var.user, c.req.param('id'), c.req.valid('json'), originOf(c))))
    .delete('/:id', validate('query', DeleteQuery), async (c) => {
      await columns.remove(c.var.user, c.req.param('id'), c.req.valid('query').targetColumnId, originOf(c));
      return c.body(null, 204);
    });
