import { Hono } from 'hono';
import { IdParam, UpdateLabelRequest } from '@trackboard/contracts';
import { validate, type AppEnv } from '@trackboard/server-kit';
import type { Labels } from '../domain/labels';
import { originOf } from './origin';

/** Issue #12: /labels/:id (a board's list and new labels are under /boards/:id/labels). */
export const labelRoutes = (labels: Labels) =>
  new Hono<AppEnv>()
    .patch('/:id', validate('param', IdParam), validate('json', UpdateLabelRequest), async (c) =>
      c.json(await labels.update(c.var.user, c.req.valid('param').id, c.req.valid('json'), originOf(c))),
    )
    .delete('/:id', validate('param', IdParam), async (c) => {
      await labels.remove(c.var.user, c.req.valid('param').id, originOf(c));
      return c.body(null, 204);
    });
