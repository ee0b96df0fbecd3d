import { Hono } from 'hono';
import { z } from 'zod';
import { validate, type AppEnv } from '@trackboard/server-kit';
import type { Boards } from '../domain/boards';

const BoardName = z.string().trim().min(1, 'is required').max(200, 'is too long');
const BoardInput = z.object({ name: BoardName }).strict();
const NewBoard = z.object({ name: BoardName, columns: z.array(z.string().trim().min(1, 'is required').max(100, 'is too long')).max(20, 'has too many columns').optional() }).strict();
const ProjectParam = z.object({ projectId: z.coerce.number().int().positive() });

export const boardRoutes = (boards: Boards) =>
  new Hono<AppEnv>()
    .get('/boards/:id', async (c) => c.json(await boards.get(c.var.user, c.req.param('id'))))
    .put('/boards/:id', validate('json', BoardInput), async (c) => c.json(await boards.rename(c.var.user, c.req.param('id'), c.req.valid('json'))))
    .post('/projects/:projectId/boards', validate('param', ProjectParam), validate('json', NewBoard), async (c) =>
      c.json(await boards.create(c.var.user, c.req.valid('param').projectId, c.req.valid('json')), 201),
    );
