import { z } from 'zod';
import { IssueKeyParam } from './boards';
import { issueStatuses } from './column-status';
import { Id } from './ids';

/** How deep sub-issues go: an issue, its sub-issues, and theirs. */
export const SUB_ISSUE_MAX_DEPTH = 3;

/**
 * A relation as the issue it is seen from tells it: `blocks` and `blocked_by`, `duplicates` and
 * `duplicated_by` are each one stored link read from either end; `relates` reads the same from both.
 */
export const relationTypes = ['blocks', 'blocked_by', 'relates', 'duplicates', 'duplicated_by'] as const;
export type RelationType = (typeof relationTypes)[number];

/** The other issue of a link, when the viewer may see it. */
export const LinkedIssueDto = z.object({
  id: z.string(),
  key: z.string(),
  title: z.string(),
  status: z.enum(issueStatuses),
  boardId: z.string(),
});
export type LinkedIssueDto = z.infer<typeof LinkedIssueDto>;

export const RelationDto = z
  .object({
    id: z.string(),
    type: z.enum(relationTypes),
    issue: LinkedIssueDto,
  })
  .meta({ id: 'Relation' });
export type RelationDto = z.infer<typeof RelationDto>;

/** GET /issues/:id/relations: the links the viewer may see, and how many lead to issues they may not. */
export const RelationListDto = z.object({
  relations: z.array(RelationDto),
  /** Links to issues of projects the viewer is not in: counted, never named. */
  hidden: z.number().int().nonnegative(),
});
export type RelationListDto = z.infer<typeof RelationListDto>;

/** GET /issues/:id/sub-issues: its direct sub-issues in board order, with how many are finished. */
export const SubIssuesDto = z.object({
  parent: LinkedIssueDto.nullable(),
  subIssues: z.array(LinkedIssueDto),
  done: z.number().int().nonnegative(),
});
export type SubIssuesDto = z.infer<typeof SubIssuesDto>;

export const CreateRelationRequest = z
  .object({
    type: z.enum(relationTypes),
    issueKey: IssueKeyParam.shape.key,
    /** With `duplicates`: the issue is closed too (its board's Closed column, or else Done). */
    close: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .strict()
  .refine((request) => !request.close || request.type === 'duplicates', {
    path: ['close'],
    message: 'only an issue marked as a duplicate is closed with its link',
  });
export const SetParentRequest = z.object({ parentId: Id.nullable() }).strict();
export const RelationParam = z.object({ id: Id, relationId: Id });
