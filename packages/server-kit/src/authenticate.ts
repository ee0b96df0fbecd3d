import { createMiddleware } from 'hono/factory';
import { messages } from '@trackboard/contracts';
import type { AppEnv } from './app';
import { Unauthorized } from './errors';
import type { AuthUser, TokenVerifier } from './tokens';

/** Is this still a live session? (Logout, rejection and suspension revoke sessions.) */
export type SessionCheck = (user: AuthUser) => Promise<boolean>;

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

/** Resolves a token to a user, or null: shared by HTTP middleware and the socket handshake. */
export function createAuthenticator(verify: TokenVerifier, isLive: SessionCheck = async () => true) {
  return async (token: string | null | undefined): Promise<AuthUser | null> => {
    if (!token) return null;
    const user = await verify(token);
    return user && (await isLive(user)) ? user : null;
  };
}
export type Authenticator = ReturnType<typeof createAuthenticator>;

/** Every protected route: a valid bearer token or 401. */
export const requireUser = (authenticate: Authenticator) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw new Unauthorized(messages.unauthorized);
    const user = await authenticate(token);
    if (!user) throw new Unauthorized(messages.invalidToken);
    c.set('user', user);
    await next();
  });
