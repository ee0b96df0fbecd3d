import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { ACCESS_TOKEN_PREFIX, messages, parseId, type AccountStatus } from '@trackboard/contracts';
import type { AppEnv } from './app';
import type { Db } from './db';
import { Forbidden, Unauthorized } from './errors';
import type { Logger } from './logger';
import { liveAccessTokens, liveSessions } from './published-views';
import type { AuthUser, TokenClaims, TokenVerifier } from './tokens';
import { bearerToken } from './bearer-token';

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

/** A personal access token that is neither revoked nor expired, with its account's live state. */
export type LiveAccessToken = {
  tokenId: string;
  userId: string;
  email: string;
  status: AccountStatus;
  role: string;
  isAdmin: boolean;
};
export type AccessTokenLookup = (token: string) => Promise<LiveAccessToken | null>;

/**
 * The only form of a random secret token a service stores (personal access tokens, the links
 * mailed: verification, password reset, invitations): 256 random bits need no slow hash, and
 * every service can look one up.
 */
export const hashSecretToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 32 random bytes after an optional prefix, and the only form of it to store. */
export function newSecretToken(prefix = ''): { token: string; hash: string } {
  const token = prefix + randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

/**
 * Reads `auth.live_access_tokens` by the token's hash. A token's last use is noted
 * through `auth.touch_access_token`, the one write auth lets other services make, and only when
 * the view says the last note is over a minute old: a script calling in a loop costs one write a
 * minute, not one per request. That write is awaited (once a minute, so the cost is small) so
 * the next request reads it; a failure only loses the note and is logged.
 */
export function createSqlAccessTokenLookup(db: Db, log?: Logger): AccessTokenLookup {
  const lookup = db
    .select({
      tokenId: liveAccessTokens.tokenId,
      userId: liveAccessTokens.userId,
      email: liveAccessTokens.email,
      status: liveAccessTokens.status,
      role: liveAccessTokens.role,
      isAdmin: liveAccessTokens.isAdmin,
      touchDue: liveAccessTokens.touchDue,
    })
    .from(liveAccessTokens)
    .where(eq(liveAccessTokens.tokenHash, sql.placeholder('tokenHash')))
    .prepare('live_access_token');
  return async (token) => {
    if (!token.startsWith(ACCESS_TOKEN_PREFIX)) return null;
    const [row] = await lookup.execute({ tokenHash: hashSecretToken(token) });
    if (!row) return null;
    if (row.touchDue)
      await db
        .execute(sql`select auth.touch_access_token(${row.tokenId})`)
        .catch((err: unknown) => log?.warn({ err, tokenId: row.tokenId }, 'noting an access token use failed'));
    return {
      tokenId: String(row.tokenId),
      userId: String(row.userId),
      email: row.email,
      status: row.status,
      role: row.role,
      isAdmin: row.isAdmin,
    };
  };
}

/**
 * Resolves a token to a user, or null: shared by HTTP middleware and the socket handshake. A
 * bearer with the `tb_pat_` prefix is a personal access token, looked up by its hash;
 * anything else is a JWT naming its session. Without `accessTokens`, personal tokens are refused.
 */
export function createAuthenticator(verify: TokenVerifier, lookup: SessionLookup, accessTokens?: AccessTokenLookup) {
  return async (token: string | null | undefined): Promise<AuthUser | null> => {
    if (!token) return null;
    if (token.startsWith(ACCESS_TOKEN_PREFIX)) {
      const live = accessTokens ? await accessTokens(token) : null;
      if (!live) return null;
      const { tokenId, userId, ...account } = live;
      return { id: userId, ...account, via: 'token', accessTokenId: tokenId };
    }
    const claims = await verify(token);
    const live = claims && (await lookup(claims));
    return claims && live ? { ...claims, ...live, via: 'session' } : null;
  };
}
export type Authenticator = ReturnType<typeof createAuthenticator>;

export type RequireUserOptions = {
  /**
   * Refuse personal access tokens (403): managing tokens, changing the password and logging out
   * need a signed-in session, so a leaked token cannot make itself permanent or take the account.
   */
  sessionOnly?: boolean;
};

/**
 * Every protected route: a valid bearer token or 401, and an ACTIVE account or 403 —
 * unless the route lists the other statuses it serves (e.g. the own profile while pending).
 */
export const requireUser = (
  authenticate: Authenticator,
  statuses: readonly AccountStatus[] = ['ACTIVE'],
  { sessionOnly = false }: RequireUserOptions = {},
) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw new Unauthorized(messages.unauthorized);
    const user = await authenticate(token);
    if (!user) throw new Unauthorized(messages.invalidToken);
    if (!statuses.includes(user.status)) throw new Forbidden(messages.accountNotActive);
    if (sessionOnly && user.via !== 'session') throw new Forbidden(messages.personalTokenRefused);
    c.set('user', user);
    c.set('token', token);
    await next();
  });
