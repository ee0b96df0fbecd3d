import { Hono } from 'hono';
import { z } from 'zod';
import { CreateColumnRequest } from '@trackboard/contracts';
import { validate, type AppEnv } from '@trackboard/server-kit';
import type { Boards } from '../domain/boards';
import type { Columns } from '../domain/columns';
import { originOf } from './origin';

const BoardName = z.string({ error: 'is required' }).trim().min(1, 'is required').max(200, 'is too long');
const RenameBoard = z.object({ name: BoardName }).strict();
const NewBoard = z
  .object({ name: BoardName, columns: z.array(z.string().trim().min(1, 'is required').max(100, 'is too long')).max(20, 'has too many columns').optional() })
  .strict();
const ProjectParam = z.object({ projectId: z.coerce.number().int().positive() });

/** Spec §7.4: /boards and POST /projects/:id/boards. */
export const boardRoutes = (boards: Boards, columns: Columns) =>
  new Hono<AppEnv>()
    .get('/boards/:id', async (c) => c.json(await boards.get(c.var.user, c.req.param('id'))))
    .put('/boards/:id', validate('json', RenameBoard), async (c) => c.json(await boards.rename(c.var.user, c.req.param('id'), c.req.valid('json'), originOf(c))))
    .delete('/boards/:id', async (c) => {
      await boards.remove(c.var.user, c.req.param('id'));
      return c.body(null, 204);
    })
    .post('/boards/:id/columns', validate('json', CreateColumnRequest), async (c) =>
      c.json(await columns.create(c.var.user, c.req.param('id'), c.req.valid('json'), originOf(c)), 201),
    )
    .post('/projects/:projectId/boards', validate('param', ProjectParam), validate('json', NewBoard), async (c) =>
      c.json(await boards.create(c.var.user, c.req.valid('param').projectId, c.req.valid('json')), 201),
    );
