import { Hono } from 'hono';
import { IdParam, LabelDto, UpdateLabelRequest } from '@trackboard/contracts';
import { documented, validate, type AppEnv } from '@trackboard/server-kit';
import type { Labels } from '../domain/labels';
import { originOf } from './origin';

/** /labels/:id (a board's list and new labels are under /boards/:id/labels). */
export const labelRoutes = (labels: Labels) =>
  new Hono<AppEnv>()
    .patch(
      '/:id',
      documented({ summary: 'Rename or recolour a label', responses: { 200: LabelDto }, errors: [404, 409] }),
      validate('param', IdParam),
      validate('json', UpdateLabelRequest),
      async (c) => c.json(await labels.update(c.var.user, c.req.valid('param').id, c.req.valid('json'), originOf(c))),
    )
    .delete(
      '/:id',
      documented({ summary: 'Delete a label (issues lose it)', responses: { 204: null }, errors: [404, 409] }),
      validate('param', IdParam),
      async (c) => {
        await labels.remove(c.var.user, c.req.valid('param').id, originOf(c));
        return c.body(null, 204);
      },
    );
