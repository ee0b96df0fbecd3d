import type { Context } from 'hono';
import { clientIp, type AppEnv } from '@trackboard/server-kit';
import type { SessionOrigin } from '../domain/sessions';

/** Where a sign-in comes from: the browser's User-Agent and the client's address (throttles use it too). */
export const sessionOrigin = (c: Context<AppEnv>): SessionOrigin => ({
  userAgent: c.req.header('user-agent') ?? '',
  ipAddress: clientIp(c),
});
