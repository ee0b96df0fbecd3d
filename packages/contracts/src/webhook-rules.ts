// Webhooks, the zod-free parts: what the browser and the services share.

/** The events a webhook can ask for. `issue.assigned` is delivered as `issue.updated`. */
export const WEBHOOK_EVENTS = [
  'issue.created',
  'issue.updated',
  'issue.moved',
  'issue.deleted',
  'comment.created',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The event `POST /api/webhooks/:id/test` sends (never subscribed to: always delivered). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_URL_MAX_LENGTH = 2000;
export const WEBHOOK_SECRET_MIN_LENGTH = 16;
export const WEBHOOK_SECRET_MAX_LENGTH = 200;
/** Finished deliveries kept per webhook, newest first (one still under way is never dropped). */
export const WEBHOOK_DELIVERIES_KEPT = 500;
/** Deliveries per page of the log (`GET /api/webhooks/:id/deliveries`), unless `limit` asks for another number. */
export const WEBHOOK_DELIVERIES_PAGE = 50;
/** The most `limit` may ask for. */
export const WEBHOOK_DELIVERIES_PAGE_MAX = 100;

export type WebhookDeliveryStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'RETRYING';
