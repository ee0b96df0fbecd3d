import { Hono } from 'hono';
import { z } from 'zod';
import {
  BulkEditRequest,
  BulkEditResult,
  CommentDto,
  CreateCommentRequest,
  CreateIssueRequest,
  IdParam,
  IssueActivityDto,
  IssueDto,
  IssueKeyParam,
  IssueWriteResult,
  MoveIssueRequest,
  MoveResult,
  TaskParam,
  TickTaskRequest,
  UpdateIssueRequest,
} from '@trackboard/contracts';
import { documented, validate, type AppEnv } from '@trackboard/server-kit';
import type { BulkEdits } from '../domain/bulk-edits';
import type { Comments } from '../domain/comments';
import type { Issues } from '../domain/issues';
import { originOf } from './origin';

/** Spec §7.4: /issues; by key and the history. */
export const issueRoutes = (issues: Issues, bulkEdits: BulkEdits, comments: Comments) =>
  new Hono<AppEnv>()
    // Before `/:id/…`, which would take `by-key` for an id.
    .get(
      '/by-key/:key',
      documented({ summary: 'An issue by its key (WEB-12), in any case', responses: { 200: IssueDto }, errors: [404] }),
      validate('param', IssueKeyParam),
      async (c) => c.json(await issues.byKey(c.var.user, c.req.valid('param').key)),
    )
    .post(
      '/',
      documented({
        summary: 'Create an issue in a column',
        responses: { 201: IssueWriteResult },
        errors: [404, 409],
      }),
      validate('json', CreateIssueRequest),
      async (c) => c.json(await issues.create(c.var.user, c.req.valid('json'), originOf(c)), 201),
    )
    .post(
      '/bulk',
      documented({
        summary:
          'Change or delete several issues of one board in one step (at most 500), all or none: `set` the same ' +
          'fields on each, `labels` to add or remove, `each` for values of their own, or `delete`. An issue changed ' +
          'since the version sent in `versions` is a 409 listing those issues as they are now',
        responses: { 200: BulkEditResult },
        errors: [403, 404, 409],
      }),
      validate('json', BulkEditRequest),
      async (c) => c.json(await bulkEdits.apply(c.var.user, c.req.valid('json'), originOf(c))),
    )
    .get(
      '/:id',
      documented({ summary: 'An issue with its comments', responses: { 200: IssueDto }, errors: [404] }),
      validate('param', IdParam),
      async (c) => c.json(await issues.get(c.var.user, c.req.valid('param').id)),
    )
    .patch(
      '/:id',
      documented({
        summary: "Change an issue's fields (send the version seen: an older one is a 409 with the current issue)",
        responses: { 200: IssueWriteResult },
        errors: [404, 409],
      }),
      validate('param', IdParam),
      validate('json', UpdateIssueRequest),
      async (c) => {
        const { status: _ignored, ...changes } = c.req.valid('json');
        return c.json(await issues.update(c.var.user, c.req.valid('param').id, changes, originOf(c)));
      },
    )
    .delete(
      '/:id',
      documented({ summary: 'Delete an issue', responses: { 204: null }, errors: [404, 409] }),
      validate('param', IdParam),
      async (c) => {
        await issues.remove(c.var.user, c.req.valid('param').id, originOf(c));
        return c.body(null, 204);
      },
    )
    .post(
      '/:id/restore',
      documented({
        summary: 'Undo the delete of an issue: it is back where it was, with its comments (until purged: 404)',
        responses: { 200: IssueWriteResult },
        errors: [404, 409],
      }),
      validate('param', IdParam),
      async (c) => c.json(await issues.restore(c.var.user, c.req.valid('param').id, originOf(c))),
    )
    .put(
      '/:id/position',
      documented({
        summary: 'Move an issue (within its column or to another)',
        responses: { 200: MoveResult },
        errors: [404, 409],
      }),
      validate('param', IdParam),
      validate('json', MoveIssueRequest),
      async (c) => c.json(await issues.move(c.var.user, c.req.valid('param').id, c.req.valid('json'), originOf(c))),
    )
    .put(
      '/:id/tasks/:index',
      documented({
        summary:
          "Tick or untick a task of an issue's description: the index-th task list item (from 0, in document order, " +
          'none in code or HTML counted), with its text as you saw it; a task that is gone or reads otherwise is a ' +
          '409 with the current issue',
        responses: { 200: IssueWriteResult },
        errors: [404, 409],
      }),
      validate('param', TaskParam),
      validate('json', TickTaskRequest),
      async (c) => {
        const { id, index } = c.req.valid('param');
        return c.json(await issues.tick(c.var.user, id, index, c.req.valid('json'), originOf(c)));
      },
    )
    .get(
      '/:id/comments',
      documented({
        summary: "An issue's comments, with replies",
        responses: { 200: z.array(CommentDto) },
        errors: [404],
      }),
      validate('param', IdParam),
      async (c) => c.json(await comments.list(c.var.user, c.req.valid('param').id)),
    )
    .post(
      '/:id/comments',
      documented({ summary: 'Comment on an issue, or reply', responses: { 201: CommentDto }, errors: [404, 409] }),
      validate('param', IdParam),
      validate('json', CreateCommentRequest),
      async (c) =>
        c.json(await comments.add(c.var.user, c.req.valid('param').id, c.req.valid('json'), originOf(c)), 201),
    )
    .get(
      '/:id/activity',
      documented({
        summary: "An issue's history, newest first",
        responses: { 200: z.array(IssueActivityDto) },
        errors: [404],
      }),
      validate('param', IdParam),
      async (c) => c.json(await issues.history(c.var.user, c.req.valid('param').id)),
    );
