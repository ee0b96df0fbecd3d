import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * The caller's address, for limits per client. Behind the gateway X-Forwarded-For holds
 * exactly the address the gateway worked out (its connection, or a hop TRUST_PROXY vouches
 * for); whatever the client sent was replaced there, in both modes. A service's own port is
 * never public, so the header is believed; without it (a direct call), the connection's address.
 */
export function clientIp(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',').pop()?.trim();
  if (forwarded) return forwarded;
  // @hono/node-server passes the Node request as the app's environment; app.request() does not.
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket.remoteAddress ?? 'direct';
}
