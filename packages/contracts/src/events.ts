// Domain events (blueprint §2): what one service records in its outbox, in the same transaction
// as the change, and other services act on after commit. Zod-free: only types, shared by the
// services; the browser never sees them.
import type { AccountStatus } from './account';

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
  /** Every session of the account ended (a locked-out status, or deletion): its sockets are disconnected. */
  | { type: 'account.revoked'; userId: string; reason: AccountStatus | 'DELETED' };

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
];
