import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { matchedRoutes } from 'hono/route';
import { secureHeaders } from 'hono/secure-headers';
import { ZodError } from 'zod';
import { messages, REMOTE_VERSIONS_HEADER } from '@trackboard/contracts';
import { compressResponses } from './compression';
import { HttpError } from './errors';
import { Draining, processLifecycle } from './lifecycle';
import { replicaProbeHeader } from './replicas';
import type { Logger } from './logger';
import { serviceDocument, type OpenApiDocument, type WebhookDescriptions } from './openapi';
import { inFlightCounter, requestDuration } from './metrics';
import { withRequestId } from './request-context';
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
  /**
   * Requests whose route reads its body as a stream and counts it itself (an upload): the body
   * limit, which holds a body without a length in memory to count it, leaves them alone.
   */
  streamsBody?: (c: Context) => boolean;
  /** What the service POSTs to its users' URLs, described in its OpenAPI document's `webhooks`. */
  webhooks?: WebhookDescriptions;
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

/** The route a request matched, as registered (`/api/issues/:id`): a metric label of bounded cardinality. */
function routeTemplate(c: Context): string {
  const routes = matchedRoutes(c);
  // Middleware (method ALL) matches every path; the endpoint is the last route with a method.
  for (let i = routes.length - 1; i >= 0; i--) if (routes[i]!.method !== 'ALL') return routes[i]!.path;
  return 'unmatched';
}

/**
 * Every service starts from this: request id, request logging and metrics, compressed answers,
 * security headers, a body limit, and the one error path (typed domain errors → status +
 * `{ message }`; answers of 500 and above also carry `requestId`, for a user to quote).
 */
export function createServiceApp({
  service,
  log,
  ready,
  maxBodyBytes = 1024 * 1024,
  streamsBody = () => false,
  webhooks,
}: ServiceAppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const inFlight = inFlightCounter(service);
  // The gateway's id (it checked or made one), or a new one when the service is called directly.
  app.use(requestId({ limitLength: 128, headerName: 'X-Request-Id' }));
  app.use(async (c, next) => {
    const started = performance.now();
    c.set('log', log);
    inFlight.value++;
    // Every line logged while this request is answered carries its id (request-context.ts).
    await withRequestId(c.var.requestId, async () => {
      try {
        await next();
      } finally {
        inFlight.value--;
      }
      const seconds = (performance.now() - started) / 1000;
      const { status } = c.res;
      requestDuration.observe({ service, method: c.req.method, route: routeTemplate(c), status }, seconds);
      // Answers that went wrong are logged at the default level, so the id a user quotes is found.
      const line = {
        method: c.req.method,
        path: c.req.path,
        status,
        ms: +(seconds * 1000).toFixed(1),
        // Which release of each remote the page that called runs: an error traced to a release.
        remoteVersions: c.req.header(REMOTE_VERSIONS_HEADER),
      };
      if (status >= 400) log.info(line, 'request answered with an error');
      else log.debug(line, 'request');
    });
  });
  // Every service compresses its own answers (the gateway passes them on untouched), so the
  // cost is spread over the replicas rather than paid again at the edge.
  app.use(compressResponses());
  // API answers are JSON: they load nothing and are framed nowhere. HSTS is the gateway's
  // call (only behind HTTPS), so a service never sends it.
  app.use(
    secureHeaders({
      // sandbox: an answer a browser renders anyway (an attached file opened in a tab) gets a unique
      // origin, no scripts, no forms: it can never act in the app's own origin.
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], sandbox: [] },
      strictTransportSecurity: false,
    }),
  );
  const limitBody = bodyLimit({
    maxSize: maxBodyBytes,
    onError: (c) => c.json({ message: messages.bodyTooLarge }, 413),
  });
  app.use((c, next) => (streamsBody(c) ? next() : limitBody(c, next)));
  // API answers are someone's projects, issues and tokens: no shared cache (a proxy, a CDN) may
  // keep one, nor the browser's disk. A route that chose its caching (an ETag revalidated with
  // `private, no-cache`, where no-store would rule out the 304) keeps its own header.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });

  app.get('/health', (c) => c.json({ status: 'ok' as const, service }));
  // Readiness, "can serve requests": not while shutting down, nor while the database is away.
  // Redis away (split mode) leaves the replica ready, degraded: the body and a metric say so.
  app.get('/ready', async (c) => {
    try {
      const dependencies = await processLifecycle.checkReady(c.req.header(replicaProbeHeader));
      await ready?.();
      return c.json({ status: 'ready' as const, service, ...dependencies });
    } catch (err) {
      if (err instanceof Draining) return c.json({ status: 'draining' as const, service }, 503);
      c.var.log.warn({ err }, 'not ready');
      return c.json({ status: 'unavailable' as const, service }, 503);
    }
  });

  // This service's OpenAPI document, made from its routes on first request (all are registered by then).
  let document: Promise<OpenApiDocument> | undefined;
  app.get('/openapi.json', async (c) => {
    document ??= serviceDocument(app as unknown as Hono<never>, service, webhooks).catch((err: unknown) => {
      document = undefined;
      throw err;
    });
    return c.json(await document);
  });

  app.notFound((c) => c.json({ message: messages.notFound }, 404));
  app.onError((error, c) => {
    if (error instanceof HttpError)
      return c.json(
        { ...error.body, message: error.message, ...(error.status >= 500 && { requestId: c.var.requestId }) },
        error.status,
      );
    if (error instanceof ZodError) return c.json({ message: describeZodError(error) }, 400);
    if (error instanceof HTTPException) {
      // hono's own validators and parsers: malformed JSON bodies land here.
      const message = error.status === 400 ? messages.malformedJson : error.message || messages.internal;
      return c.json({ message }, error.status);
    }
    (c.var.log ?? log).error({ err: error, path: c.req.path }, 'unhandled error');
    return c.json({ message: messages.internal, requestId: c.var.requestId }, 500);
  });
  return app;
}
