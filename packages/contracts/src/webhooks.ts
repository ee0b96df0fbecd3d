import { z } from 'zod';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_SECRET_MAX_LENGTH,
  WEBHOOK_SECRET_MIN_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
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
export const WebhookDeliveryList = z.object({ deliveries: z.array(WebhookDeliveryDto) });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;
