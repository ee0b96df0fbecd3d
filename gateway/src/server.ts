import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { applyCors } from './cors';
import type { Forwarder } from './forwarders';
import { routeFor } from './route-table';

/**
 * The gateway's HTTP server. Routed requests bypass Hono and go straight to the
 * forwarder (the hot path); everything else is the web host (static files, /remotes.json).
 */
export function createGatewayServer({
  forwarder,
  web,
  corsOrigins,
}: {
  forwarder: Forwarder;
  web: Hono;
  corsOrigins: string[];
}): Server {
  const allowed = new Set(corsOrigins);
  const webListener = getRequestListener(web.fetch);
  const server = createServer((req, res) => {
    if (applyCors(req, res, allowed) === 'preflight-done') return;
    const route = routeFor(req.method ?? 'GET', req.url ?? '/');
    if (!route) return void webListener(req, res);
    req.url = route.url;
    // Services trust this header (rate limits per client): a client's own value is replaced.
    req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    forwarder.web(req, res, route.service);
  });
  if (forwarder.ws) {
    const ws = forwarder.ws;
    server.on('upgrade', (req, socket, head) => {
      req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
      if (routeFor('GET', req.url ?? '/')?.service === 'board') ws(req, socket, head);
      else socket.destroy();
    });
  }
  return server;
}
