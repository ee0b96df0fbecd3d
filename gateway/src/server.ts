import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { httpServerOptions, requestTimeouts, type RequestTimeouts } from '@trackboard/server-kit';
import { setForwardedHeaders, trustNoProxy, type ProxyTrust } from './client-address';
import { applyCors } from './cors';
import type { Forwarder } from './forwarders';
import { routeFor } from './route-table';

export type GatewayServerOptions = {
  forwarder: Forwarder;
  web: Hono;
  corsOrigins: string[];
  /** Which proxies in front may name the client (TRUST_PROXY); none by default. */
  trustProxy?: ProxyTrust;
  /** Headers every response starts with (HSTS behind HTTPS). */
  responseHeaders?: Record<string, string>;
  timeouts?: RequestTimeouts;
};

/**
 * The gateway's HTTP server. Routed requests bypass Hono and go straight to the
 * forwarder (the hot path); everything else is the web host (static files, /remotes.json).
 */
export function createGatewayServer({
  forwarder,
  web,
  corsOrigins,
  trustProxy = trustNoProxy,
  responseHeaders = {},
  timeouts = requestTimeouts,
}: GatewayServerOptions): Server {
  const allowed = new Set(corsOrigins);
  const webListener = getRequestListener(web.fetch);
  // The services (login throttling per client address) believe X-Forwarded-For because the
  // gateway, the edge, replaces whatever the client sent with the one address it worked out.
  const server = createServer(httpServerOptions(timeouts, responseHeaders), (req, res) => {
    if (applyCors(req, res, allowed) === 'preflight-done') return;
    const route = routeFor(req.method ?? 'GET', req.url ?? '/');
    if (!route) return void webListener(req, res);
    req.url = route.url;
    setForwardedHeaders(req, trustProxy);
    forwarder.web(req, res, route.service);
  });
  // Registered before Socket.IO attaches (embedded mode), so its handshake sees the same address.
  server.on('upgrade', (req, socket, head) => {
    setForwardedHeaders(req, trustProxy);
    if (!forwarder.ws) return;
    if (routeFor('GET', req.url ?? '/')?.service === 'board') forwarder.ws(req, socket, head);
    else socket.destroy();
  });
  return server;
}
