import { z } from 'zod';
import { issueStatuses } from './column-status';
import { issuePriorities, issueTypes, labelColors } from './issue-rules';

// An issue as the board's events tell it to other services, and as webhooks deliver it: built
// in one place, the board's SQL function `board.issue_details` (migration 0015), so the events
// made in TypeScript and the move's event made inside `board.place_issue` have one shape.

/** Someone the issue names: `name` and `email` are null once the account is deleted. */
export const PersonDetails = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
});
export type PersonDetails = z.infer<typeof PersonDetails>;

/** The issue as it stood after the change (before it, for a deletion). Ids are decimal strings. */
export const IssueDetails = z.object({
  id: z.string(),
  /** `{PROJECT_KEY}-{number}`, e.g. `WEB-12`. */
  key: z.string(),
  number: z.number().int(),
  boardId: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(issueStatuses),
  /** The column it is in; null once it is deleted. */
  column: z.object({ id: z.string(), name: z.string() }).nullable(),
  assignee: PersonDetails.nullable(),
  reporter: PersonDetails,
  /** In the board's label order (by name). */
  labels: z.array(z.object({ id: z.string(), name: z.string(), color: z.enum(labelColors) })),
  priority: z.enum(issuePriorities),
  type: z.enum(issueTypes),
  /** `YYYY-MM-DD`, or null. */
  dueDate: z.string().nullable(),
  // The estimate, parent, attachment count, tasks and cycle came later: an event recorded before them
  // (an outbox or stream backlog across an upgrade) reads with their defaults.
  /** Points (T-shirt sizes are stored as the points they stand for: estimates.ts), or null. */
  estimate: z.number().int().nullable().default(null),
  /** The issue this is a sub-issue of, or null. */
  parent: z.object({ id: z.string(), key: z.string() }).nullable().default(null),
  /** How many files are attached. */
  attachmentCount: z.number().int().default(0),
  /** The description's task list items: how many are ticked, of how many. */
  tasks: z.object({ done: z.number().int(), total: z.number().int() }).default({ done: 0, total: 0 }),
  /**
   * The cycle it is planned in, or null: its number ("Cycle 3"), first day and the day after its
   * last (`YYYY-MM-DD`, UTC), as `GET /api/cycles/:id` gives them.
   */
  cycle: z
    .object({ id: z.string(), number: z.number().int(), startsOn: z.string(), endsOn: z.string() })
    .nullable()
    .default(null),
  relatedCode: z.string(),
  links: z.array(z.string()),
  instructions: z.string(),
  commentCount: z.number().int(),
  /** ISO-8601, UTC. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type IssueDetails = z.infer<typeof IssueDetails>;

const change = <T extends z.ZodType>(value: T) => z.object({ from: value, to: value });

/**
 * What a change did, field by field: `{ field: { from, to } }`, each value in the form
 * IssueDetails gives that field, and only the fields that changed. `board.issue_changes` makes it
 * (from the issue's details before and after), for edits and moves alike.
 */
export const IssueChanges = z
  .object({
    title: change(IssueDetails.shape.title),
    description: change(IssueDetails.shape.description),
    status: change(IssueDetails.shape.status),
    column: change(IssueDetails.shape.column),
    assignee: change(IssueDetails.shape.assignee),
    labels: change(IssueDetails.shape.labels),
    priority: change(IssueDetails.shape.priority),
    type: change(IssueDetails.shape.type),
    dueDate: change(IssueDetails.shape.dueDate),
    estimate: change(IssueDetails.shape.estimate),
    cycle: change(IssueDetails.shape.cycle),
    relatedCode: change(IssueDetails.shape.relatedCode),
    links: change(IssueDetails.shape.links),
    instructions: change(IssueDetails.shape.instructions),
  })
  .partial();
export type IssueChanges = z.infer<typeof IssueChanges>;
export type IssueChangeField = keyof IssueChanges;

/** A comment as it was added. */
export const CommentDetails = z.object({
  id: z.string(),
  /** The comment it replies to; null for a top-level comment. */
  parentId: z.string().nullable(),
  author: PersonDetails,
  body: z.string(),
  createdAt: z.string(),
});
export type CommentDetails = z.infer<typeof CommentDetails>;
