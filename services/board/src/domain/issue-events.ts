import {
  mentionedUserIds,
  plainExcerpt,
  newMentions,
  type DomainEventPayload,
  type IssueChanges,
  type IssueDto,
  type IssueEventRef,
  type IssueStatusChange,
} from '@trackboard/contracts';
import type { IssueSnapshot } from './history';
import type { EventDetails } from './issue-details';

// The events an issue change records (contracts/src/events.ts), one per change, in
// the change's transaction (board-writes.ts). A move's event is made in SQL instead, inside
// `board.place_issue_at` (migrations 0008, 0015, 0023). The notification service decides who is told;
// webhooks deliver each event's `issue`, `actor` and `changes` (EventDetails, issue-details.ts).

/** What an event says of the issue, from its answer row after the change. */
export type IssueFacts = Pick<IssueDto, 'id' | 'key' | 'projectId' | 'boardId' | 'title' | 'reporterId' | 'assigneeId'>;

/** How long an excerpt may be: a line of a notification or an e-mail's preview. */
export const EXCERPT_MAX_LENGTH = 200;

/** Plain text (Markdown's marks left out, mentions as `@Name`) on one line, cut at EXCERPT_MAX_LENGTH with an ellipsis. */
export const excerptOf = (text: string): string => plainExcerpt(text, EXCERPT_MAX_LENGTH);

/** An issue key is `{PROJECT_KEY}-{number}`, written once (a project's key never changes). */
export const projectKeyOf = (issueKey: string) => issueKey.slice(0, issueKey.lastIndexOf('-'));

/** `bulkId`: the bulk edit the change is part of (bulk-edits.ts). */
export const issueRef = (issue: IssueFacts, actorId: string, bulkId?: string): IssueEventRef => ({
  issueId: issue.id,
  issueKey: issue.key,
  projectId: issue.projectId,
  projectKey: projectKeyOf(issue.key),
  boardId: issue.boardId,
  title: issue.title,
  actorId,
  reporterId: issue.reporterId,
  assigneeId: issue.assigneeId,
  ...(bulkId && { bulkId }),
});

export const issueCreated = (
  issue: IssueFacts & { description: string },
  actorId: string,
  details: EventDetails,
): DomainEventPayload => ({
  type: 'issue.created',
  ...issueRef(issue, actorId),
  ...details,
  mentionedIds: mentionedUserIds(issue.description),
  excerpt: excerptOf(issue.description),
});

/** The fields a PATCH can change, by their IssueDto names, as the snapshot holds them. */
export const EDITABLE = [
  'title',
  'description',
  'assigneeId',
  'labelIds',
  'dueDate',
  'estimate',
  'cycleId',
  'priority',
  'type',
  'columnId',
  'status',
  'relatedCode',
  'links',
  'instructions',
] as const satisfies readonly (keyof IssueSnapshot & keyof IssueDto)[];

export type EditableField = (typeof EDITABLE)[number];

/** A field's value as compared (ids as text, as the snapshot holds them): labels are a set (their order is the board's); links a list. */
export const comparableValue = (field: EditableField, value: unknown): string => {
  const text = (v: unknown) => (typeof v === 'number' ? String(v) : v);
  if (field === 'labelIds') return JSON.stringify((value as unknown[]).map(text).sort());
  return JSON.stringify(text(value) ?? null);
};

export const changedFields = (before: IssueSnapshot, after: IssueSnapshot): string[] =>
  EDITABLE.filter((field) => comparableValue(field, before[field]) !== comparableValue(field, after[field]));

const statusChangeOf = (before: IssueSnapshot, after: IssueSnapshot): IssueStatusChange | null =>
  before.status === after.status ? null : { fromStatus: before.status, toStatus: after.status };

/**
 * A PATCH's one event: `issue.assigned` when the assignee changed (the rest folded in),
 * otherwise `issue.updated` naming the fields that changed; null when nothing did. Only
 * mentions the description did not have before are told.
 */
export function issueEdited(
  before: IssueSnapshot,
  after: IssueSnapshot,
  issue: IssueFacts,
  actorId: string,
  details: EventDetails & { changes: IssueChanges },
  bulkId?: string,
): DomainEventPayload | null {
  const fields = changedFields(before, after);
  if (fields.length === 0) return null;
  const common = {
    ...issueRef(issue, actorId, bulkId),
    ...details,
    mentionedIds: newMentions(before.description, after.description),
    statusChange: statusChangeOf(before, after),
  };
  if (fields.includes('assigneeId'))
    return { type: 'issue.assigned', ...common, previousAssigneeId: before.assigneeId };
  return { type: 'issue.updated', ...common, fields };
}

/** A comment the actor wrote: `comment` also carries it whole, for webhooks. */
export const commentCreated = (
  issue: IssueFacts,
  actorId: string,
  comment: { id: number; parentId: number | null; parentAuthorId: number | null; body: string; createdAt: Date },
  details: EventDetails,
): DomainEventPayload => ({
  type: 'comment.created',
  ...issueRef(issue, actorId),
  ...details,
  commentId: String(comment.id),
  parentId: comment.parentId === null ? null : String(comment.parentId),
  parentAuthorId: comment.parentAuthorId === null ? null : String(comment.parentAuthorId),
  mentionedIds: mentionedUserIds(comment.body),
  excerpt: excerptOf(comment.body),
  comment: {
    id: String(comment.id),
    parentId: comment.parentId === null ? null : String(comment.parentId),
    author: details.actor,
    body: comment.body,
    createdAt: comment.createdAt.toISOString(),
  },
});

/** A deleted issue, as it stood when it went (`details` read before the delete): webhooks tell their receivers. */
export const issueDeleted = (
  issue: IssueFacts,
  actorId: string,
  details: EventDetails,
  bulkId?: string,
): DomainEventPayload => ({
  type: 'issue.deleted',
  ...issueRef(issue, actorId, bulkId),
  ...details,
});
