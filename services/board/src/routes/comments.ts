import { Hono } from 'hono';
import { IdParam, ReactionRequest, UpdateCommentRequest } from '@trackboard/contracts';
import { validate, type AppEnv } from '@trackboard/server-kit';
import type { Comments } from '../domain/comments';
import { originOf } from './origin';

/** Spec §7.4: /comments/:id. */
export const commentRoutes = (comments: Comments) =>
  new Hono<AppEnv>()
    .put('/:id', validate('param', IdParam), validate('json', UpdateCommentRequest), async (c) =>
      c.json(await comments.edit(c.var.user, c.req.valid('param').id, c.req.valid('json').body, originOf(c))),
    )
    .delete('/:id', validate('param', IdParam), async (c) => {
      await comments.remove(c.var.user, c.req.valid('param').id, originOf(c));
      return c.body(null, 204);
    })
    .post('/:id/reactions', validate('param', IdParam), validate('json', ReactionRequest), async (c) =>
      c.json(await comments.react(c.var.user, c.req.valid('param').id, c.req.valid('json').type, originOf(c))),
    );
