import type { Context } from 'hono';

/**
 * The caller's address. The gateway replaces any X-Forwarded-For a client sent with the
 * address it saw, so behind the gateway the header can be trusted; without it, 'direct'.
 */
export function clientIp(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for');
  const last = forwarded?.split(',').pop()?.trim();
  return last || 'direct';
}
