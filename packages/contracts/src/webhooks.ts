import { z } from 'zod';
import { CommentDetails, IssueChanges, IssueDetails, PersonDetails } from './issue-details';
import {
  WEBHOOK_DELIVERIES_PAGE,
  WEBHOOK_DELIVERIES_PAGE_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_SECRET_MAX_LENGTH,
  WEBHOOK_SECRET_MIN_LENGTH,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookEvent,
} from './webhook-rules';
import { lineText } from './text';

// Webhooks: a project's subscriptions to its issue events, signed deliveries to a
// URL of the lead's choosing. The zod-free parts (event names, limits) are in webhook-rules.ts.
export * from './webhook-rules';

const WebhookUrl = lineText({ error: 'is required' })
  .trim()
  .max(WEBHOOK_URL_MAX_LENGTH, `must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }));

/** `POST /api/projects/:key/webhooks`. */
export const CreateWebhookRequest = z
  .object({
    url: WebhookUrl,
    secret: lineText({ error: 'is required' })
      .min(WEBHOOK_SECRET_MIN_LENGTH, `must be at least ${WEBHOOK_SECRET_MIN_LENGTH} characters`)
      .max(WEBHOOK_SECRET_MAX_LENGTH, `must be at most ${WEBHOOK_SECRET_MAX_LENGTH} characters`),
    events: z
      .array(z.enum(WEBHOOK_EVENTS, { error: `must be one of ${WEBHOOK_EVENTS.join(', ')}` }), {
        error: 'must be a list of events',
      })
      .min(1, 'must name at least one event')
      .refine((events) => new Set(events).size === events.length, 'must not name an event twice'),
  })
  .strict();
export type CreateWebhookRequest = z.infer<typeof CreateWebhookRequest>;

const WebhookDeliveryStatusSchema = z.enum(['PENDING', 'SUCCEEDED', 'FAILED', 'RETRYING']);

/** One delivery as the log shows it (the payload stays on the server). */
export const WebhookDeliveryDto = z.object({
  /** Also the `X-Trackboard-Delivery` header. */
  id: z.string(),
  event: z.string(),
  status: WebhookDeliveryStatusSchema,
  /** Attempts made so far (1 after the first). */
  attempt: z.number().int(),
  responseCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  deliveredAt: z.iso.datetime().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
});
export type WebhookDeliveryDto = z.infer<typeof WebhookDeliveryDto>;

/** A webhook as listed: its secret is never shown again after creation, only its last four characters. */
export const WebhookDto = z.object({
  id: z.string(),
  projectKey: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  secretHint: z.string(),
  createdAt: z.iso.datetime(),
  /** Set when five deliveries in a row failed: nothing more is sent. */
  disabledAt: z.iso.datetime().nullable(),
  consecutiveFailures: z.number().int(),
  lastDelivery: WebhookDeliveryDto.nullable(),
});
export type WebhookDto = z.infer<typeof WebhookDto>;

/** The creation's answer: the webhook and, this once, its secret. */
export const CreatedWebhookDto = WebhookDto.extend({ secret: z.string() });
export type CreatedWebhookDto = z.infer<typeof CreatedWebhookDto>;

export const WebhookList = z.object({ webhooks: z.array(WebhookDto) });
export type WebhookList = z.infer<typeof WebhookList>;

/** `GET /api/webhooks/:id/deliveries`: a page of the log, newest first. */
export const WebhookDeliveriesQuery = z
  .object({
    before: z
      .uuid({ error: 'must be the id of a delivery (a page’s nextCursor)' })
      .optional()
      .meta({ description: "The deliveries older than this one: the previous page's `nextCursor`" }),
    limit: z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(WEBHOOK_DELIVERIES_PAGE_MAX, `must be ${WEBHOOK_DELIVERIES_PAGE_MAX} or less`)
      .default(WEBHOOK_DELIVERIES_PAGE)
      .meta({ description: 'Deliveries on the page' }),
  })
  .strict();
export type WebhookDeliveriesQuery = z.infer<typeof WebhookDeliveriesQuery>;

export const WebhookDeliveryList = z.object({
  deliveries: z.array(WebhookDeliveryDto),
  /** `before` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;

// What a receiver gets: the body of each delivery, by event. The envelope is the same for every
// event; `data` carries what a receiver needs without calling back.

/** The issue as a delivery carries it: its details (issue-details.ts) and where it is shown in the app. */
const WebhookIssue = IssueDetails.extend({ url: z.string() });
export type WebhookIssue = z.infer<typeof WebhookIssue>;

const deprecated = <T extends z.ZodType>(schema: T, instead: string) =>
  schema.meta({ deprecated: true, description: `Deprecated: read ${instead}` });
/**
 * What every issue delivery's `data` held before `issue` and `actor` (the event's own fields): kept,
 * each as it was, while receivers move to those, and removed in a later release.
 */
const formerIssueFields = {
  issueId: deprecated(z.string(), '`issue.id`'),
  issueKey: deprecated(z.string(), '`issue.key`'),
  projectId: deprecated(z.string(), '`project.key`'),
  projectKey: deprecated(z.string(), '`project.key`'),
  boardId: deprecated(z.string(), '`issue.boardId`'),
  title: deprecated(z.string(), '`issue.title`'),
  actorId: deprecated(z.string(), '`actor.id`'),
  reporterId: deprecated(z.string(), '`issue.reporter.id`'),
  assigneeId: deprecated(z.string().nullable(), '`issue.assignee`'),
};
export type FormerIssueFields = { [K in keyof typeof formerIssueFields]: z.infer<(typeof formerIssueFields)[K]> };

const payload = <E extends string, D extends z.ZodRawShape>(event: E, data: D) =>
  z.object({
    /** The delivery's id, also its `X-Trackboard-Delivery` header: the same on every retry. */
    id: z.string(),
    event: z.literal(event),
    /** When the change was made (ISO-8601, UTC). */
    occurredAt: z.string(),
    project: z.object({ key: z.string() }),
    data: z.object(data),
  });

/** Who made the change. */
const actor = PersonDetails;
/** Every issue delivery's `data`: the issue and who changed it. */
const issueData = { ...formerIssueFields, issue: WebhookIssue, actor };
/** What a webhook delivers for an edit and a move: also every field it changed. */
const changed = { ...issueData, changes: IssueChanges };

/** Each event's delivery body, and what it means (the OpenAPI document's `webhooks`). */
export const webhookPayloads = {
  'issue.created': {
    summary: 'An issue was created',
    payload: payload('issue.created', issueData),
  },
  'issue.updated': {
    summary: 'An issue was edited (its assignee included), but not moved to another column',
    payload: payload('issue.updated', changed),
  },
  'issue.moved': {
    summary:
      'An issue went to another column: dragged on the board, or by an edit (then `changes` holds its other changes too)',
    payload: payload('issue.moved', changed),
  },
  'issue.deleted': {
    summary: 'An issue was deleted: `issue` as it stood before',
    payload: payload('issue.deleted', issueData),
  },
  'comment.created': {
    summary: 'A comment (or a reply) was added to an issue',
    payload: payload('comment.created', { ...issueData, comment: CommentDetails }),
  },
  [WEBHOOK_TEST_EVENT]: {
    summary: '"Send test" on the project page: sent whichever events the webhook asked for',
    payload: payload(WEBHOOK_TEST_EVENT, { webhookId: z.string(), message: z.string() }),
  },
} as const satisfies Record<WebhookEvent | typeof WEBHOOK_TEST_EVENT, { summary: string; payload: z.ZodType }>;

/** The `data` of a delivery of `event`. */
export type WebhookData<E extends WebhookEvent> = z.infer<(typeof webhookPayloads)[E]['payload']>['data'];
