import { Hono } from 'hono';
import {
  CreatedWebhookDto,
  CreateWebhookRequest,
  IdParam,
  KeyParam,
  WEBHOOK_DELIVERIES_KEPT,
  WEBHOOK_DELIVERIES_PAGE,
  WEBHOOK_DELIVERIES_PAGE_MAX,
  WebhookDeliveriesQuery,
  WebhookDeliveryDto,
  WebhookDeliveryList,
  WebhookList,
} from '@trackboard/contracts';
import { documented, validate, type AppEnv } from '@trackboard/server-kit';
import type { Webhooks } from '../domain/webhooks';

/** `POST`/`GET /api/projects/:key/webhooks`: a project's webhooks (routed here before `/api/projects/*`). */
export const projectWebhookRoutes = (webhooks: Webhooks) =>
  new Hono<AppEnv>()
    .post(
      '/:key/webhooks',
      documented({
        summary: 'Add a webhook to a project (its lead or an admin); the secret is answered this once',
        responses: { 201: CreatedWebhookDto },
        errors: [404, 409],
      }),
      validate('param', KeyParam),
      validate('json', CreateWebhookRequest),
      async (c) => c.json(await webhooks.create(c.var.user, c.req.valid('param').key, c.req.valid('json')), 201),
    )
    .get(
      '/:key/webhooks',
      documented({
        summary: "A project's webhooks, each with its last delivery",
        responses: { 200: WebhookList },
        errors: [404],
      }),
      validate('param', KeyParam),
      async (c) => c.json({ webhooks: await webhooks.list(c.var.user, c.req.valid('param').key) }),
    );

/** `DELETE /api/webhooks/:id`, `GET /api/webhooks/:id/deliveries`, `POST /api/webhooks/:id/test`. */
export const webhookRoutes = (webhooks: Webhooks) =>
  new Hono<AppEnv>()
    .delete(
      '/:id',
      documented({ summary: 'Delete a webhook and its delivery log', responses: { 204: null }, errors: [404] }),
      validate('param', IdParam),
      async (c) => {
        await webhooks.remove(c.var.user, c.req.valid('param').id);
        return c.body(null, 204);
      },
    )
    .get(
      '/:id/deliveries',
      documented({
        summary: "A page of a webhook's delivery log, newest first",
        description:
          `${WEBHOOK_DELIVERIES_PAGE} a page unless \`limit\` asks for another number (at most ${WEBHOOK_DELIVERIES_PAGE_MAX}); ` +
          "the answer's `nextCursor`, sent as `before`, gives the next (older) page, and is null on the last one. " +
          `The log keeps a webhook's newest ${WEBHOOK_DELIVERIES_KEPT} finished deliveries.`,
        responses: { 200: WebhookDeliveryList },
        errors: [404],
      }),
      validate('param', IdParam),
      validate('query', WebhookDeliveriesQuery),
      async (c) => c.json(await webhooks.deliveries(c.var.user, c.req.valid('param').id, c.req.valid('query'))),
    )
    .post(
      '/:id/test',
      documented({
        summary: 'Send a test delivery now (not retried); one that succeeds enables a disabled webhook',
        responses: { 200: WebhookDeliveryDto },
        errors: [404],
      }),
      validate('param', IdParam),
      async (c) => c.json(await webhooks.test(c.var.user, c.req.valid('param').id)),
    );
