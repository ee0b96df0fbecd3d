import { webhookPayloads } from '@trackboard/contracts';
import type { WebhookDescriptions } from '@trackboard/server-kit';
import { WEBHOOK_TIMEOUT_MS } from './webhook-sender';

// The deliveries as the API description tells them (OpenAPI 3.1 `webhooks`, one per event): the
// body is contracts' payload schema, the same the feed's data is typed by.

type Header = NonNullable<WebhookDescriptions[string]['headers']>[number];
const header = (name: string, description: string): Header => ({
  in: 'header',
  name,
  required: true,
  description,
  schema: { type: 'string' },
});

const headers = [
  header('X-Trackboard-Event', 'The event, as in the body'),
  header('X-Trackboard-Delivery', "The delivery's id, as in the body: the same on every retry"),
  header(
    'X-Trackboard-Signature',
    '`sha256=` and the hex HMAC-SHA256 of the raw body under the webhook’s secret: check it before parsing the body',
  ),
];

const delivery =
  "POSTed to the webhook's URL when it asked for this event. Answer with a 2xx within " +
  `${WEBHOOK_TIMEOUT_MS / 1000} s: anything else is retried after 1 min, 5 min, 30 min, 2 h and 6 h, ` +
  "and a webhook's deliveries arrive one at a time, in order.";

export const webhookDescriptions: WebhookDescriptions = Object.fromEntries(
  Object.entries(webhookPayloads).map(([event, { summary, payload }]) => [
    event,
    { summary, description: delivery, payload, headers },
  ]),
);
