// Domain events (blueprint §2): what one service records in its outbox, in the same transaction
// as the change, and other services act on after commit. Zod-free: only types, shared by the
// services; the browser never sees them.
import type { AccountStatus } from './account';
import type { NotificationDto } from './notifications';

/**
 * What every issue event says about the issue, as it stood after the change: enough for the
 * notification service to decide who is told and to word it without asking the board service.
 * Ids are decimal strings; `actorId` made the change (never told about it).
 */
export type IssueEventRef = {
  issueId: string;
  issueKey: string;
  projectId: string;
  projectKey: string;
  boardId: string;
  title: string;
  actorId: string;
  reporterId: string;
  assigneeId: string | null;
};

/** A status change carried by an issue event (a move across columns, or a status edit). */
export type IssueStatusChange = { fromStatus: string; toStatus: string };

/** What happened, without the envelope the outbox gives it. */
export type DomainEventPayload =
  /**
   * Membership ended: the user's sockets leave that project's board rooms, on every replica, and
   * their issues are unassigned (`actorId`, who removed them, is named in the issues' history).
   */
  | { type: 'membership.removed'; projectId: string; userId: string; actorId?: string }
  /** The project is gone: the board service removes its boards, issues, comments and activity. */
  | { type: 'project.deleted'; projectId: string }
  /** One session ended (logout): its sockets are disconnected, on every replica. */
  | { type: 'session.revoked'; userId: string; sessionId: string }
  /** Every session of the account ended (a locked-out status, deletion, a password reset): its sockets are disconnected. */
  | { type: 'account.revoked'; userId: string; reason: AccountStatus | 'DELETED' | 'PASSWORD_RESET' }
  /**
   * Issue events (board service, issue #14). One change records one event, so a change that
   * matches several notification rules still tells each person once. `mentionedIds` are the
   * users mentioned (`@[Name](user:ID)`) in text this change added (the description's new
   * mentions, a comment's body), not yet checked for membership.
   */
  | ({ type: 'issue.created'; mentionedIds: string[]; excerpt: string } & IssueEventRef)
  /** The assignee changed (alone or with other fields): `assigneeId` is the new one, or null. */
  | ({
      type: 'issue.assigned';
      previousAssigneeId: string | null;
      mentionedIds: string[];
      statusChange: IssueStatusChange | null;
    } & IssueEventRef)
  /** Other fields changed (`fields`: the DTO names, e.g. `title`, `description`, `status`). */
  | ({
      type: 'issue.updated';
      fields: string[];
      mentionedIds: string[];
      statusChange: IssueStatusChange | null;
    } & IssueEventRef)
  /** Moved to another column (reorders within a column record nothing). */
  | ({
      type: 'issue.moved';
      fromColumnId: string;
      toColumnId: string;
      statusChange: IssueStatusChange | null;
    } & IssueEventRef)
  /** Deleted (issue 17, for webhooks): the issue as it stood before it went. */
  | ({ type: 'issue.deleted' } & IssueEventRef)
  /** `parentAuthorId`: the author of the comment this one replies to (null for a top-level comment). */
  | ({
      type: 'comment.created';
      commentId: string;
      parentId: string | null;
      parentAuthorId: string | null;
      mentionedIds: string[];
      excerpt: string;
    } & IssueEventRef)
  /** A user joined a project (project service). */
  | {
      type: 'member.added';
      projectId: string;
      projectKey: string;
      projectName: string;
      userId: string;
      actorId: string;
    }
  /**
   * A notification was stored (notification service): every board replica hears it and pushes
   * it to that user's sockets (the `user_<id>` room) as the `notification` socket event.
   */
  | { type: 'notification.created'; userId: string; notification: NotificationDto; unreadCount: number };

/** The envelope: the id is the key idempotent handlers deduplicate on. */
export type EventEnvelope = { id: string; occurredAt: string };

export type DomainEvent = DomainEventPayload & EventEnvelope;
export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

export const domainEventTypes: readonly DomainEventType[] = [
  'membership.removed',
  'project.deleted',
  'session.revoked',
  'account.revoked',
  'issue.created',
  'issue.assigned',
  'issue.updated',
  'issue.moved',
  'issue.deleted',
  'comment.created',
  'member.added',
  'notification.created',
];
