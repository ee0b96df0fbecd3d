import { Hono } from 'hono';
import {
  CreateRelationRequest,
  IdParam,
  IssueWriteResult,
  RelationDto,
  RelationListDto,
  RelationParam,
  SetParentRequest,
  SubIssuesDto,
} from '@trackboard/contracts';
import { documented, validate, type AppEnv } from '@trackboard/server-kit';
import type { IssueLinks } from '../domain/issue-links';
import type { Issues } from '../domain/issues';
import { originOf } from './origin';

/** An issue's parent and sub-issues, and its relations to other issues. */
export const issueLinkRoutes = (links: IssueLinks, issues: Pick<Issues, 'closing'>) =>
  new Hono<AppEnv>()
    .put(
      '/:id/parent',
      documented({
        summary: 'Make the issue a sub-issue of another in its project, or a top-level issue (null)',
        responses: { 200: IssueWriteResult },
        errors: [404, 409],
      }),
      validate('param', IdParam),
      validate('json', SetParentRequest),
      async (c) =>
        c.json(await links.setParent(c.var.user, c.req.valid('param').id, c.req.valid('json').parentId, originOf(c))),
    )
    .get(
      '/:id/sub-issues',
      documented({
        summary: "An issue's parent and its direct sub-issues, with how many are finished",
        responses: { 200: SubIssuesDto },
        errors: [404],
      }),
      validate('param', IdParam),
      async (c) => c.json(await links.subIssues(c.var.user, c.req.valid('param').id)),
    )
    .get(
      '/:id/relations',
      documented({
        summary: "An issue's links to other issues (those to issues you can't see are only counted)",
        responses: { 200: RelationListDto },
        errors: [404],
      }),
      validate('param', IdParam),
      async (c) => c.json(await links.relations(c.var.user, c.req.valid('param').id)),
    )
    .post(
      '/:id/relations',
      documented({
        summary:
          'Link the issue to another by its key: blocks, blocked_by, relates, duplicates, duplicated_by; a duplicate may be closed with its link (close: true)',
        responses: { 201: RelationDto },
        errors: [404, 409],
      }),
      validate('param', IdParam),
      validate('json', CreateRelationRequest),
      async (c) => {
        const { id } = c.req.valid('param');
        const { close, ...link } = c.req.valid('json');
        // Checked before the link is made, so a board that cannot close it refuses both.
        const closeIt = close ? await issues.closing(c.var.user, id, originOf(c)) : null;
        const made = await links.relate(c.var.user, id, link, originOf(c));
        await closeIt?.();
        return c.json(made, 201);
      },
    )
    .delete(
      '/:id/relations/:relationId',
      documented({ summary: 'Remove a link', responses: { 204: null }, errors: [404, 409] }),
      validate('param', RelationParam),
      async (c) => {
        const { id, relationId } = c.req.valid('param');
        await links.unrelate(c.var.user, id, relationId, originOf(c));
        return c.body(null, 204);
      },
    );
