import { Hono } from 'hono';
import {
  CreateCommentRequest,
  CreateIssueRequest,
  IdParam,
  IssueKeyParam,
  MoveIssueRequest,
  UpdateIssueRequest,
} from '@trackboard/contracts';
import { validate, type AppEnv } from '@trackboard/server-kit';
import type { Comments } from '../domain/comments';
import type { Issues } from '../domain/issues';
import { originOf } from './origin';

/** Spec §7.4: /issues; by key and the history (issue #12). */
export const issueRoutes = (issues: Issues, comments: Comments) =>
  new Hono<AppEnv>()
    // Before `/:id/…`, which would take `by-key` for an id.
    .get('/by-key/:key', validate('param', IssueKeyParam), async (c) =>
      c.json(await issues.byKey(c.var.user, c.req.valid('param').key)),
    )
    .post('/', validate('json', CreateIssueRequest), async (c) =>
      c.json(await issues.create(c.var.user, c.req.valid('json'), originOf(c)), 201),
    )
    .get('/:id', validate('param', IdParam), async (c) => c.json(await issues.get(c.var.user, c.req.valid('param').id)))
    .patch('/:id', validate('param', IdParam), validate('json', UpdateIssueRequest), async (c) => {
      const { status: _ignored, ...changes } = c.req.valid('json');
      return c.json(await issues.update(c.var.user, c.req.valid('param').id, changes, originOf(c)));
    })
    .delete('/:id', validate('param', IdParam), async (c) => {
      await issues.remove(c.var.user, c.req.valid('param').id, originOf(c));
      return c.body(null, 204);
    })
    .put('/:id/position', validate('param', IdParam), validate('json', MoveIssueRequest), async (c) =>
      c.json(await issues.move(c.var.user, c.req.valid('param').id, c.req.valid('json'), originOf(c))),
    )
    .get('/:id/comments', validate('param', IdParam), async (c) =>
      c.json(await comments.list(c.var.user, c.req.valid('param').id)),
    )
    .post('/:id/comments', validate('param', IdParam), validate('json', CreateCommentRequest), async (c) =>
      c.json(await comments.add(c.var.user, c.req.valid('param').id, c.req.valid('json'), originOf(c)), 201),
    )
    .get('/:id/activity', validate('param', IdParam), async (c) =>
      c.json(await issues.history(c.var.user, c.req.valid('param').id)),
    );
