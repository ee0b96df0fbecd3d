import { eq } from 'drizzle-orm';
import {
  issuePath,
  parseId,
  type EventOf,
  type FormerIssueFields,
  type WebhookData,
  type WebhookEvent,
} from '@trackboard/contracts';
import type { Db, EventHandlers, Logger } from '@trackboard/server-kit';
import { webhooks } from '../db/schema';
import type { WebhookDispatch } from './webhook-dispatch';

type IssueEvent = EventOf<
  'issue.created' | 'issue.assigned' | 'issue.updated' | 'issue.moved' | 'issue.deleted' | 'comment.created'
>;

/**
 * The webhook event a domain event is delivered as: a change of assignee is an update like any
 * other, and an edit that put the issue in another column is a move, as a drag on the board is.
 */
function webhookEventOf(event: IssueEvent): WebhookEvent {
  if (event.type === 'issue.assigned' || event.type === 'issue.updated')
    return event.changes?.column ? 'issue.moved' : 'issue.updated';
  return event.type;
}

/**
 * What a delivery's `data` holds (contracts' webhookPayloads): the board's details of the issue
 * with its address in the app, who made the change and, by event, its changes or the comment;
 * beside them, deprecated, the fields deliveries carried before. Null for an event recorded
 * before events carried the details (a backlog across an upgrade).
 */
function dataOf(event: IssueEvent, publicUrl: string): WebhookData<WebhookEvent> | null {
  if (!event.issue || !event.actor) return null;
  const former: FormerIssueFields = {
    issueId: event.issueId,
    issueKey: event.issueKey,
    projectId: event.projectId,
    projectKey: event.projectKey,
    boardId: event.boardId,
    title: event.title,
    actorId: event.actorId,
    reporterId: event.reporterId,
    assigneeId: event.assigneeId,
  };
  const issue = { ...event.issue, url: `${publicUrl}${issuePath(event.issue.boardId, event.issue.key)}` };
  const common = { ...former, issue, actor: event.actor };
  switch (event.type) {
    case 'issue.created':
    case 'issue.deleted':
      return common;
    case 'issue.assigned':
    case 'issue.updated':
    case 'issue.moved':
      return event.changes ? { ...common, changes: event.changes } : null;
    case 'comment.created':
      return event.comment ? { ...common, comment: event.comment } : null;
  }
}

/**
 * The webhooks' consumer of the board's issue events (its own group, so the notifications'
 * consumer and this one each get every event). Idempotent by event id: a delivery row is unique
 * per webhook and event, so a redelivered event queues nothing twice. Queued deliveries are
 * sent by the dispatch's pass, kicked at once.
 */
export function createWebhookFeed({
  db,
  dispatch,
  publicUrl,
  log,
}: {
  db: Db;
  dispatch: WebhookDispatch;
  /** Where users reach the app: each delivered issue's `url`. */
  publicUrl: string;
  log: Logger;
}) {
  async function onIssueEvent(event: IssueEvent) {
    const projectId = parseId(event.projectId);
    if (!projectId) return;
    const data = dataOf(event, publicUrl);
    if (!data) {
      // Delivering it without the issue would break the payload's documented shape.
      log.warn({ eventId: event.id, type: event.type }, 'event without the issue details webhooks send: not delivered');
      return;
    }
    const queued = await dispatch.enqueue(event, projectId, event.projectKey, webhookEventOf(event), data);
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
