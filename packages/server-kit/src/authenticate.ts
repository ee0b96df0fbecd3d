import { and, eq, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { messages, parseId, type AccountStatus } from '@trackboard/contracts';
import type { AppEnv } from './app';
import type { Db } from './db';
import { Forbidden, Unauthorized } from './errors';
import { liveSessions } from './published-views';
import type { AuthUser, TokenClaims, TokenVerifier } from './tokens';

/** The live state of a token's session, or null when it was revoked or has expired. */
export type LiveSession = { status: AccountStatus; role: string; isAdmin: boolean };
export type SessionLookup = (claims: TokenClaims) => Promise<LiveSession | null>;

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads the view the auth service publishes (`auth.live_sessions`): logout, rejection and
 * suspension take effect on the next request in every service, and so does an approval.
 */
export function createSqlSessionLookup(db: Db): SessionLookup {
  // Prepared once: every request of every service runs it, and building it cost more than running it.
  const lookup = db
    .select({ status: liveSessions.status, role: liveSessions.role, isAdmin: liveSessions.isAdmin })
    .from(liveSessions)
    .where(
      and(eq(liveSessions.sessionId, sql.placeholder('sessionId')), eq(liveSessions.userId, sql.placeholder('userId'))),
    )
    .prepare('live_session');
  return async (claims) => {
    // PostgreSQL refuses a malformed uuid or bigint with an error: such a token has no session.
    const userId = parseId(claims.id);
    if (!userId || !uuidShape.test(claims.sessionId)) return null;
    const [row] = await lookup.execute({ sessionId: claims.sessionId, userId });
    return row ?? null;
  };
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

/** Resolves a token to a user, or null: shared by HTTP middleware and the socket handshake. */
export function createAuthenticator(verify: TokenVerifier, lookup: SessionLookup) {
  return async (token: string | null | undefined): Promise<AuthUser | null> => {
    if (!token) return null;
    const claims = await verify(token);
    const live = claims && (await lookup(claims));
    return claims && live ? { ...claims, ...live } : null;
  };
}
export type Authenticator = ReturnType<typeof createAuthenticator>;

/**
 * Every protected route: a valid bearer token or 401, and an ACTIVE account or 403 —
 * unless the route lists the other statuses it serves (e.g. the own profile while pending).
 */
export const requireUser = (authenticate: Authenticator, statuses: readonly AccountStatus[] = ['ACTIVE']) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw new Unauthorized(messages.unauthorized);
    const user = await authenticate(token);
    if (!user) throw new Unauthorized(messages.invalidToken);
    if (!statuses.includes(user.status)) throw new Forbidden(messages.accountNotActive);
    c.set('user', user);
    c.set('token', token);
    await next();
  });
