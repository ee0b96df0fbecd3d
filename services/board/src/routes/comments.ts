import { Hono } from 'hono';
import { CommentDto, IdParam, ReactionRequest, Reactions, UpdateCommentRequest } from '@trackboard/contracts';
import { documented, validate, type AppEnv } from '@trackboard/server-kit';
import type { Comments } from '../domain/comments';
import { originOf } from './origin';

/** Spec §7.4: /comments/:id. */
export const commentRoutes = (comments: Comments) =>
  new Hono<AppEnv>()
    .put(
      '/:id',
      documented({ summary: 'Edit a comment (its author only)', responses: { 200: CommentDto }, errors: [404, 409] }),
      validate('param', IdParam),
      validate('json', UpdateCommentRequest),
      async (c) =>
        c.json(await comments.edit(c.var.user, c.req.valid('param').id, c.req.valid('json').body, originOf(c))),
    )
    .delete(
      '/:id',
      documented({ summary: 'Delete a comment', responses: { 204: null }, errors: [404, 409] }),
      validate('param', IdParam),
      async (c) => {
        await comments.remove(c.var.user, c.req.valid('param').id, originOf(c));
        return c.body(null, 204);
      },
    )
    .post(
      '/:id/restore',
      documented({
        summary: 'Undo the delete of a comment: it is back with its replies (until purged: 404)',
        responses: { 200: CommentDto },
        errors: [404, 409],
      }),
      validate('param', IdParam),
      async (c) => c.json(await comments.restore(c.var.user, c.req.valid('param').id, originOf(c))),
    )
    .post(
      '/:id/reactions',
      documented({
        summary: "Toggle the caller's reaction; answers the comment's reactions",
        responses: { 200: Reactions },
        errors: [404, 409],
      }),
      validate('param', IdParam),
      validate('json', ReactionRequest),
      async (c) =>
        c.json(await comments.react(c.var.user, c.req.valid('param').id, c.req.valid('json').type, originOf(c))),
    );
