import { eq } from 'drizzle-orm';
import { parseId, type DomainEvent, type EventOf, type WebhookEvent } from '@trackboard/contracts';
import type { Db, EventHandlers } from '@trackboard/server-kit';
import { webhooks } from '../db/schema';
import type { WebhookDispatch } from './webhook-dispatch';

type IssueEvent = EventOf<
  'issue.created' | 'issue.assigned' | 'issue.updated' | 'issue.moved' | 'issue.deleted' | 'comment.created'
>;

/** The webhook event a domain event is delivered as: a change of assignee is an update like any other. */
const webhookEventOf: Record<IssueEvent['type'], WebhookEvent> = {
  'issue.created': 'issue.created',
  'issue.assigned': 'issue.updated',
  'issue.updated': 'issue.updated',
  'issue.moved': 'issue.moved',
  'issue.deleted': 'issue.deleted',
  'comment.created': 'comment.created',
};

/** What a delivery's `data` holds: the event as recorded, without its envelope and type. */
const dataOf = ({ id: _id, occurredAt: _at, type: _type, ...data }: DomainEvent) => data;

/**
 * The webhooks' consumer of the board's issue events (its own group, so the notifications'
 * consumer and this one each get every event). Idempotent by event id: a delivery row is unique
 * per webhook and event, so a redelivered event queues nothing twice. Queued deliveries are
 * sent by the dispatch's pass, kicked at once.
 */
export function createWebhookFeed(db: Db, dispatch: WebhookDispatch) {
  async function onIssueEvent(event: IssueEvent) {
    const projectId = parseId(event.projectId);
    if (!projectId) return;
    const queued = await dispatch.enqueue(
      event,
      projectId,
      event.projectKey,
      webhookEventOf[event.type],
      dataOf(event),
    );
    if (queued) dispatch.kick();
  }

  /** A deleted project's webhooks go with it (their deliveries by the foreign key). */
  async function onProjectDeleted(event: EventOf<'project.deleted'>) {
    const projectId = parseId(event.projectId);
    if (projectId) await db.delete(webhooks).where(eq(webhooks.projectId, projectId));
  }

  const handlers: EventHandlers = {
    'issue.created': onIssueEvent,
    'issue.assigned': onIssueEvent,
    'issue.updated': onIssueEvent,
    'issue.moved': onIssueEvent,
    'issue.deleted': onIssueEvent,
    'comment.created': onIssueEvent,
    'project.deleted': onProjectDeleted,
  };
  return { handlers };
}
