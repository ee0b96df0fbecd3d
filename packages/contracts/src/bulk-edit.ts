import { z } from 'zod';
import { DueDate, Estimate, IssueDto, LabelIds } from './boards';
import { Id } from './ids';
import { BULK_EDIT_MAX_ISSUES, issuePriorities, issueTypes } from './issue-rules';

/** A part of the request that takes only the fields it names, saying which one it does not know. */
const only = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys'
      ? `has an unknown field ${(issue.keys ?? []).map((key) => `"${key}"`).join(', ')}`
      : 'must be an object',
};

/** The fields a bulk edit sets, the same on every issue it names (absent: left as it is). */
export const BulkIssueFields = z.strictObject(
  {
    /** Into this column of their board, at its end, each taking the status the column gives it. */
    columnId: Id.optional(),
    assigneeId: Id.nullable().optional(),
    priority: z.enum(issuePriorities, { error: `must be one of ${issuePriorities.join(', ')}` }).optional(),
    type: z.enum(issueTypes, { error: `must be one of ${issueTypes.join(', ')}` }).optional(),
    dueDate: DueDate.nullable().optional(),
    estimate: Estimate.nullable().optional(),
    /** A current or upcoming cycle of the board's project, or null. */
    cycleId: Id.nullable().optional(),
    /** Exactly these labels (an Undo); `labels` adds and removes instead. */
    labelIds: LabelIds.optional(),
  },
  only,
);
export type BulkIssueFields = z.infer<typeof BulkIssueFields>;

/**
 * One issue's own values, over `set` (an Undo puts each issue back as it was). `position` places
 * it at that index of its column (the column it goes to, or its own); `cycleId` may name any cycle
 * of the project, one that has ended too (where the issue was).
 */
export const BulkIssueValues = z.strictObject(
  {
    ...BulkIssueFields.shape,
    position: z.number().int('must be a whole number').min(0, 'must not be negative').optional(),
  },
  only,
);
export type BulkIssueValues = z.infer<typeof BulkIssueValues>;
export type BulkIssueValuesBody = z.input<typeof BulkIssueValues>;

/**
 * POST /issues/bulk: several issues of one board changed in one step, all or none. `versions`
 * (id → the version the selection saw) makes an issue changed since a 409 that names it.
 */
export const BulkEditRequest = z
  .strictObject(
    {
      ids: z
        .array(Id)
        .min(1, 'must name at least one issue')
        .max(BULK_EDIT_MAX_ISSUES, `must name at most ${BULK_EDIT_MAX_ISSUES} issues`)
        .refine((ids) => new Set(ids).size === ids.length, 'must not name an issue twice'),
      versions: z.record(Id, z.number().int().min(0)).optional(),
      set: BulkIssueFields.optional(),
      /** Per issue id, its own values (they win over `set`). */
      each: z.record(Id, BulkIssueValues).optional(),
      labels: z.strictObject({ add: LabelIds.optional(), remove: LabelIds.optional() }, only).optional(),
      /** Delete them (each one can be restored, as a single delete can). */
      delete: z.literal(true).optional(),
    },
    only,
  )
  .refine((r) => Boolean(r.set || r.each || r.labels || r.delete), {
    message: 'set: must name a change (set, each, labels or delete)',
  })
  .refine((r) => !(r.delete && (r.set || r.each || r.labels)), {
    message: 'delete: must not come with other changes',
  });
export type BulkEditRequest = z.infer<typeof BulkEditRequest>;
/** The request as a client writes it (ids as text). */
export type BulkEditBody = z.input<typeof BulkEditRequest>;

/** The answer: the issues as they now are (none after a delete), at the board's new version. */
export const BulkEditResult = z.object({
  boardVersion: z.number().int(),
  updated: z.array(IssueDto),
  /** Other issues of the board that changed with them (a column re-keyed, a parent's sub-issue count). */
  rebalanced: z.array(IssueDto),
  deletedIds: z.array(z.string()),
});
export type BulkEditResult = z.infer<typeof BulkEditResult>;
