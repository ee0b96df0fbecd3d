import { Hono } from 'hono';
import {
  CreateBoardRequest,
  CreateColumnRequest,
  CreateLabelRequest,
  IdParam,
  RenameBoardRequest,
} from '@trackboard/contracts';
import { sendPreparedJson, validate, type AppEnv } from '@trackboard/server-kit';
import type { Boards } from '../domain/boards';
import type { Columns } from '../domain/columns';
import type { Labels } from '../domain/labels';
import { originOf } from './origin';

/** Spec §7.4: /boards and POST /projects/:id/boards; a board's labels (issue #12). */
export const boardRoutes = (boards: Boards, columns: Columns, labels: Labels) =>
  new Hono<AppEnv>()
    .get('/boards/:id', validate('param', IdParam), async (c) =>
      sendPreparedJson(c, await boards.answer(c.var.user, c.req.valid('param').id)),
    )
    .put('/boards/:id', validate('param', IdParam), validate('json', RenameBoardRequest), async (c) =>
      c.json(await boards.rename(c.var.user, c.req.valid('param').id, c.req.valid('json'), originOf(c))),
    )
    .delete('/boards/:id', validate('param', IdParam), async (c) => {
      await boards.remove(c.var.user, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .post('/boards/:id/columns', validate('param', IdParam), validate('json', CreateColumnRequest), async (c) =>
      c.json(await columns.create(c.var.user, c.req.valid('param').id, c.req.valid('json'), originOf(c)), 201),
    )
    .get('/boards/:id/labels', validate('param', IdParam), async (c) =>
      c.json(await labels.list(c.var.user, c.req.valid('param').id)),
    )
    .post('/boards/:id/labels', validate('param', IdParam), validate('json', CreateLabelRequest), async (c) =>
      c.json(await labels.create(c.var.user, c.req.valid('param').id, c.req.valid('json'), originOf(c)), 201),
    )
    .post('/projects/:id/boards', validate('param', IdParam), validate('json', CreateBoardRequest), async (c) =>
      c.json(await boards.create(c.var.user, c.req.valid('param').id, c.req.valid('json')), 201),
    );
