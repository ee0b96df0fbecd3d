import { Hono } from 'hono';
import { DeleteColumnQuery, IdParam, UpdateColumnRequest } from '@trackboard/contracts';
import { validate, type AppEnv } from '@trackboard/server-kit';
import type { Columns } from '../domain/columns';
import { originOf } from './origin';

/** Spec §7.4: /columns/:id. */
export const columnRoutes = (columns: Columns) =>
  new Hono<AppEnv>()
    .put('/:id', validate('param', IdParam), validate('json', UpdateColumnRequest), async (c) =>
      c.json(await columns.update(c.var.user, c.req.valid('param').id, c.req.valid('json'), originOf(c))),
    )
    .delete('/:id', validate('param', IdParam), validate('query', DeleteColumnQuery), async (c) => {
      await columns.remove(c.var.user, c.req.valid('param').id, c.req.valid('query').targetColumnId, originOf(c));
      return c.body(null, 204);
    });
