import { Hono } from 'hono';
import { CreateWebhookRequest, IdParam, KeyParam } from '@trackboard/contracts';
import { validate, type AppEnv } from '@trackboard/server-kit';
import type { Webhooks } from '../domain/webhooks';

/** `POST`/`GET /api/projects/:key/webhooks`: a project's webhooks (routed here before `/api/projects/*`). */
export const projectWebhookRoutes = (webhooks: Webhooks) =>
  new Hono<AppEnv>()
    .post('/:key/webhooks', validate('param', KeyParam), validate('json', CreateWebhookRequest), async (c) =>
      c.json(await webhooks.create(c.var.user, c.req.valid('param').key, c.req.valid('json')), 201),
    )
    .get('/:key/webhooks', validate('param', KeyParam), async (c) =>
      c.json({ webhooks: await webhooks.list(c.var.user, c.req.valid('param').key) }),
    );

/** `DELETE /api/webhooks/:id`, `GET /api/webhooks/:id/deliveries`, `POST /api/webhooks/:id/test`. */
export const webhookRoutes = (webhooks: Webhooks) =>
  new Hono<AppEnv>()
    .delete('/:id', validate('param', IdParam), async (c) => {
      await webhooks.remove(c.var.user, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .get('/:id/deliveries', validate('param', IdParam), async (c) =>
      c.json({ deliveries: await webhooks.deliveries(c.var.user, c.req.valid('param').id) }),
    )
    .post('/:id/test', validate('param', IdParam), async (c) =>
      c.json(await webhooks.test(c.var.user, c.req.valid('param').id)),
    );
