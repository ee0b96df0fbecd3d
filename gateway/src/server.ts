import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import {
  createMetricsEndpoint,
  httpServerOptions,
  inFlightCounter,
  isMetricsPath,
  processLifecycle,
  requestDuration,
  requestTimeouts,
  trackRequests,
  wellFormedRequestId,
  type Lifecycle,
  type RequestTimeouts,
  type TrackedServer,
} from '@trackboard/server-kit';
import { setForwardedHeaders, trustNoProxy, type ProxyTrust } from './client-address';
import { applyCors } from './cors';
import type { Forwarder } from './forwarders';
import { isGatewayRoute, routeFor } from './route-table';

export type GatewayServerOptions = {
  forwarder: Forwarder;
  web: Hono;
  corsOrigins: string[];
  /** Which proxies in front may name the client (TRUST_PROXY); none by default. */
  trustProxy?: ProxyTrust;
  /** Headers every response starts with (HSTS behind HTTPS). */
  responseHeaders?: Record<string, string>;
  timeouts?: RequestTimeouts;
  /** METRICS_TOKEN: GET /metrics answers only with it, when set. */
  metricsToken?: string;
  lifecycle?: Lifecycle;
};

export type GatewayServer = Server & {
  /** Graceful stop: stops accepting, waits for the requests in flight (up to 10 s), then closes websockets. */
  drain(graceMs?: number): Promise<void>;
  /** Closes every connection left. */
  closeAll(): Promise<void>;
};

// Set on each response for the metrics, read back by one shared listener: no closure per request.
const kStarted = Symbol('started');
const kRoute = Symbol('route');
type Timed = ServerResponse & { [kStarted]: number; [kRoute]: string };
const inFlight = inFlightCounter('gateway');

function observe(this: ServerResponse) {
  const res = this as Timed;
  if (!res.writableFinished) return; // the client went away before the answer ended
  requestDuration.observe(
    { service: 'gateway', method: res.req.method, route: res[kRoute], status: res.statusCode },
    (performance.now() - res[kStarted]) / 1000,
  );
}

/** The client's X-Request-Id when it is well formed, else a new one. */
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && wellFormedRequestId.test(given) ? given : randomUUID();
}

/**
 * The gateway's HTTP server. Routed requests bypass Hono and go straight to the
 * forwarder (the hot path); everything else is the web host (static files, /remotes.json).
 * Every request gets an id (the client's, when well formed), passed to the service and
 * returned on the answer; /metrics is the gateway's own, never a service's through /api.
 */
export function createGatewayServer({
  forwarder,
  web,
  corsOrigins,
  trustProxy = trustNoProxy,
  responseHeaders = {},
  timeouts = requestTimeouts,
  metricsToken,
  lifecycle = processLifecycle,
}: GatewayServerOptions): GatewayServer {
  const allowed = new Set(corsOrigins);
  const webListener = getRequestListener(web.fetch);
  const metrics = createMetricsEndpoint(metricsToken);
  // The services (login throttling per client address) believe X-Forwarded-For because the
  // gateway, the edge, replaces whatever the client sent with the one address it worked out.
  const server = createServer(httpServerOptions(timeouts, responseHeaders), (req, res) => {
    (res as Timed)[kStarted] = performance.now();
    tracked.onRequest(req, res);
    const requestId = requestIdOf(req);
    res.setHeader('X-Request-Id', requestId);
    if (applyCors(req, res, allowed) === 'preflight-done') return void ((res as Timed)[kRoute] = 'preflight');
    const route = routeFor(req.method ?? 'GET', req.url ?? '/');
    if (!route) {
      (res as Timed)[kRoute] = isMetricsPath(req.url) ? '/metrics' : 'web';
      // The gateway's own API (the release table) limits failure reports per client address too.
      if (isGatewayRoute(req.method ?? 'GET', req.url ?? '/')) setForwardedHeaders(req, trustProxy, requestId);
      return isMetricsPath(req.url) ? metrics(req, res) : void webListener(req, res);
    }
    (res as Timed)[kRoute] = route.template;
    req.url = route.url;
    setForwardedHeaders(req, trustProxy, requestId);
    forwarder.web(req, res, route.service);
  }) as GatewayServer;
  const tracked: TrackedServer = trackRequests(server, { lifecycle, gauge: inFlight, onAnswered: observe });
  // Websockets the gateway carries to a board replica: closed last on shutdown, so their clients reconnect.
  const upgraded = new Set<Duplex>();
  // Registered before Socket.IO attaches (embedded mode), so its handshake sees the same address.
  server.on('upgrade', (req, socket, head) => {
    setForwardedHeaders(req, trustProxy, requestIdOf(req));
    if (!forwarder.ws) return;
    if (routeFor('GET', req.url ?? '/')?.service !== 'board') return void socket.destroy();
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    forwarder.ws(req, socket, head);
  });
  server.drain = async (graceMs) => {
    await tracked.drain(graceMs);
    for (const socket of upgraded) socket.destroy();
  };
  server.closeAll = () => tracked.close();
  return server;
}
