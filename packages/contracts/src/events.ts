// Domain events: what one service records in its outbox, in the same transaction as the change,
// and other services act on after commit. Each event is a zod schema the bus parses every event
// with as it takes it off the stream, since an event may come from another version of a service
// or from SQL (`issue.moved`, board.place_issue). Server side only: the package's index exports
// the types of this module, never its values (the browser never sees an event); services import
// the schemas from `@trackboard/contracts/events`. See docs/decisions/0010-domain-event-schemas.md.
import { z } from 'zod';
import { accountStatuses } from './account';
import { CommentDetails, IssueChanges, IssueDetails, PersonDetails } from './issue-details';
import { NotificationDto } from './notifications';

export { CommentDetails, IssueChanges, IssueDetails, PersonDetails };

/**
 * What every issue event says about the issue, as it stood after the change: enough for the
 * notification service to decide who is told and to word it without asking the board service.
 * Ids are decimal strings; `actorId` made the change (never told about it). `issue` and `actor`
 * are what webhooks deliver (issue-details.ts); optional only so that an event recorded before
 * they existed (an outbox or stream backlog across an upgrade) still reaches its consumers.
 */
export const IssueEventRef = z.object({
  issueId: z.string(),
  issueKey: z.string(),
  projectId: z.string(),
  projectKey: z.string(),
  boardId: z.string(),
  title: z.string(),
  actorId: z.string(),
  reporterId: z.string(),
  assigneeId: z.string().nullable(),
  issue: IssueDetails.optional(),
  actor: PersonDetails.optional(),
  /**
   * The bulk edit the change was part of: webhooks deliver it like any change, while people are
   * told once for the whole edit, by its `issues.bulk_updated`.
   */
  bulkId: z.string().optional(),
});
export type IssueEventRef = z.infer<typeof IssueEventRef>;

/** A status change carried by an issue event (a move across columns, or a status edit). */
export const IssueStatusChange = z.object({ fromStatus: z.string(), toStatus: z.string() });
export type IssueStatusChange = z.infer<typeof IssueStatusChange>;

/** The users mentioned (`@[Name](user:ID)`) in text the change added, not yet checked for membership. */
const mentionedIds = z.array(z.string());
/** Each field the change changed, from what to what (optional like `issue`, IssueEventRef). */
const changes = IssueChanges.optional();

/** What happened, without the envelope the outbox gives it. */
export const DomainEventPayload = z.discriminatedUnion('type', [
  /**
   * Membership ended: the user's sockets leave that project's board rooms, on every replica, and
   * their issues are unassigned (`actorId`, who removed them, is named in the issues' history).
   */
  z.object({
    type: z.literal('membership.removed'),
    projectId: z.string(),
    userId: z.string(),
    actorId: z.string().optional(),
  }),
  /** The project is gone: the board service removes its boards, issues, comments and activity. */
  z.object({ type: z.literal('project.deleted'), projectId: z.string() }),
  /** One session ended (logout): its sockets are disconnected, on every replica. */
  z.object({ type: z.literal('session.revoked'), userId: z.string(), sessionId: z.string() }),
  /** Every session of the account ended (a locked-out status, deletion, a password reset): its sockets are disconnected. */
  z.object({
    type: z.literal('account.revoked'),
    userId: z.string(),
    reason: z.enum([...accountStatuses, 'DELETED', 'PASSWORD_RESET']),
  }),
  /**
   * Issue events (board service). One change records one event, so a change that matches
   * several notification rules still tells each person once. `mentionedIds`: the description's
   * new mentions, a comment's body.
   */
  IssueEventRef.extend({ type: z.literal('issue.created'), mentionedIds, excerpt: z.string() }),
  /** The assignee changed (alone or with other fields): `assigneeId` is the new one, or null. */
  IssueEventRef.extend({
    type: z.literal('issue.assigned'),
    previousAssigneeId: z.string().nullable(),
    mentionedIds,
    statusChange: IssueStatusChange.nullable(),
    changes,
  }),
  /** Other fields changed (`fields`: the DTO names, e.g. `title`, `description`, `status`). */
  IssueEventRef.extend({
    type: z.literal('issue.updated'),
    fields: z.array(z.string()),
    mentionedIds,
    statusChange: IssueStatusChange.nullable(),
    changes,
  }),
  /** Moved to another column (reorders within a column record nothing). Built in SQL by board.place_issue. */
  IssueEventRef.extend({
    type: z.literal('issue.moved'),
    fromColumnId: z.string(),
    toColumnId: z.string(),
    statusChange: IssueStatusChange.nullable(),
    changes,
  }),
  /** Deleted: the issue as it stood before it went, for webhooks. */
  IssueEventRef.extend({ type: z.literal('issue.deleted') }),
  /** `parentAuthorId`: the author of the comment this one replies to (null for a top-level comment). */
  IssueEventRef.extend({
    type: z.literal('comment.created'),
    commentId: z.string(),
    parentId: z.string().nullable(),
    parentAuthorId: z.string().nullable(),
    mentionedIds,
    excerpt: z.string(),
    comment: CommentDetails.optional(),
  }),
  /**
   * Several issues of one board changed in one step (recorded after their own events): whom it
   * concerns is told once, about all of the issues that concern them.
   */
  z.object({
    type: z.literal('issues.bulk_updated'),
    bulkId: z.string(),
    projectId: z.string(),
    projectKey: z.string(),
    boardId: z.string(),
    actorId: z.string(),
    issues: z.array(
      z.object({
        issueId: z.string(),
        issueKey: z.string(),
        title: z.string(),
        reporterId: z.string(),
        assigneeId: z.string().nullable(),
        /** Set when the assignee changed: who it was before. */
        assigneeChanged: z.boolean(),
        statusChange: IssueStatusChange.nullable(),
      }),
    ),
  }),
  /** A user joined a project (project service). */
  z.object({
    type: z.literal('member.added'),
    projectId: z.string(),
    projectKey: z.string(),
    projectName: z.string(),
    userId: z.string(),
    actorId: z.string(),
  }),
  /**
   * A notification was stored (notification service): every board replica hears it and pushes
   * it to that user's sockets (the `user_<id>` room) as the `notification` socket event.
   */
  z.object({
    type: z.literal('notification.created'),
    userId: z.string(),
    notification: NotificationDto,
    unreadCount: z.number(),
  }),
]);
export type DomainEventPayload = z.infer<typeof DomainEventPayload>;

/** The envelope: the id is the key idempotent handlers deduplicate on. */
export const EventEnvelope = z.object({ id: z.string(), occurredAt: z.string() });
export type EventEnvelope = z.infer<typeof EventEnvelope>;

export const DomainEvent = z.intersection(DomainEventPayload, EventEnvelope);
export type DomainEvent = z.infer<typeof DomainEvent>;
export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

export const domainEventTypes: readonly DomainEventType[] = DomainEventPayload.options.map((o) => o.shape.type.value);
