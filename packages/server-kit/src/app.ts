import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { ZodError } from 'zod';
import { messages } from '@trackboard/contracts';
import { compressResponses } from './compression';
import { HttpError } from './errors';
import type { Logger } from './logger';
import type { AuthUser } from './tokens';

export type AppEnv = {
  /** `user` and `token` are set by requireUser: who is asking, and the bearer token they sent (for calls to other services on their behalf). */
  Variables: { requestId: string; log: Logger; user: AuthUser; token: string };
};

export type ServiceAppOptions = {
  service: string;
  log: Logger;
  /** Readiness: throws when a dependency (the database) is unreachable. */
  ready?: () => Promise<void>;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes?: number;
};

/** The first field a zod error names, for "400 with a message naming the field". */
export function describeZodError(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/**
 * Every service starts from this: request id, request logging, compressed answers, security
 * headers, a body limit, and the one error path (typed domain errors → status + `{ message }`).
 */
export function createServiceApp({ service, log, ready, maxBodyBytes = 1024 * 1024 }: ServiceAppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use(requestId());
  app.use(async (c, next) => {
    const started = performance.now();
    c.set('log', log.child({ reqId: c.var.requestId }));
    await next();
    c.var.log.debug(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: +(performance.now() - started).toFixed(1) },
      'request',
    );
  });
  // Every service compresses its own answers (the gateway passes them on untouched), so the
  // cost is spread over the replicas rather than paid again at the edge.
  app.use(compressResponses());
  // API answers are JSON: they load nothing and are framed nowhere. HSTS is the gateway's
  // call (only behind HTTPS), so a service never sends it.
  app.use(
    secureHeaders({
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      strictTransportSecurity: false,
    }),
  );
  app.use(bodyLimit({ maxSize: maxBodyBytes, onError: (c) => c.json({ message: messages.bodyTooLarge }, 413) }));

  app.get('/health', (c) => c.json({ status: 'ok' as const, service }));
  app.get('/ready', async (c) => {
    try {
      await ready?.();
      return c.json({ status: 'ready' as const, service });
    } catch (err) {
      c.var.log.warn({ err }, 'not ready');
      return c.json({ status: 'unavailable' as const, service }, 503);
    }
  });

  app.notFound((c) => c.json({ message: messages.notFound }, 404));
  app.onError((error, c) => {
    if (error instanceof HttpError) return c.json({ ...error.body, message: error.message }, error.status);
    if (error instanceof ZodError) return c.json({ message: describeZodError(error) }, 400);
    if (error instanceof HTTPException) {
      // hono's own validators and parsers: malformed JSON bodies land here.
      const message = error.status === 400 ? messages.malformedJson : error.message || messages.internal;
      return c.json({ message }, error.status);
    }
    (c.var.log ?? log).error({ err: error, path: c.req.path }, 'unhandled error');
    return c.json({ message: messages.internal }, 500);
  });
  return app;
}
