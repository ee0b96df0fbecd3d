import { and, count, desc, eq, gt, isNotNull, isNull, or } from 'drizzle-orm';
import {
  ACCESS_TOKEN_PREFIX,
  ACCESS_TOKENS_PER_USER,
  messages,
  REVOKED_ACCESS_TOKENS_SHOWN_DAYS,
  type AccessTokenCreate,
  type AccessTokenRevocationReason,
  type AccessTokenDto,
  type CreatedAccessTokenDto,
} from '@trackboard/contracts';
import { Conflict, Invalid, NotFound, type AuthUser, type Clock, type Db } from '@trackboard/server-kit';
import { accessTokens, users } from '../db/schema';
import { newSecretToken } from './tokens';

// Personal access tokens. The token is shown once, in the answer to the create; only
// its SHA-256 hash is stored, which is what every service looks it up by (server-kit's
// authenticate.ts, through the view auth.live_access_tokens).

export type AccessTokensDeps = { db: Db; clock: Clock };

/** `tb_pat_` and 32 random bytes (256 bits): guessing one is out of the question, so a fast hash is enough. */
export const newAccessToken = () => newSecretToken(ACCESS_TOKEN_PREFIX);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Not revoked and not expired: the tokens that count towards the limit. */
const liveTokensOf = (userId: number, now: Date) =>
  and(
    eq(accessTokens.userId, userId),
    isNull(accessTokens.revokedAt),
    or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, now)),
  );

export async function countLiveAccessTokens(db: Db, userId: number, now: Date): Promise<number> {
  const [held] = await db.select({ n: count() }).from(accessTokens).where(liveTokensOf(userId, now));
  return held!.n;
}

/**
 * Revokes every token of the account not revoked yet, in the caller's transaction, with the
 * reason the list shows; the count tells whether there was anything to say. Expired ones too:
 * the view compares expiry with the database's clock, so nothing is left to that comparison. No
 * event is needed: every service reads tokens through auth.live_access_tokens on each request,
 * and a token opens no sockets.
 */
export async function revokeAllAccessTokens(
  tx: Db,
  userId: number,
  reason: AccessTokenRevocationReason,
  at: Date,
): Promise<number> {
  const revoked = await tx
    .update(accessTokens)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)))
    .returning({ id: accessTokens.id });
  return revoked.length;
}

export function createAccessTokens({ db, clock }: AccessTokensDeps) {
  return {
    async create(user: AuthUser, input: AccessTokenCreate): Promise<CreatedAccessTokenDto> {
      const expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt);
      if (expiresAt && expiresAt <= clock.now()) throw new Invalid(messages.accessTokenExpiryPast);
      const userId = Number(user.id);
      const { token, hash } = newAccessToken();
      const row = await db.transaction(async (tx) => {
        // The account's row lock makes count-then-insert one step: two creates racing at the
        // limit cannot both get in.
        const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        if (!owner) throw new NotFound(messages.userNotFound);
        if ((await countLiveAccessTokens(tx, userId, clock.now())) >= ACCESS_TOKENS_PER_USER)
          throw new Conflict(messages.tooManyAccessTokens);
        const [created] = await tx
          .insert(accessTokens)
          .values({ userId, name: input.name, tokenHash: hash, expiresAt })
          .returning();
        return created!;
      });
      return {
        id: String(row.id),
        name: row.name,
        token,
        createdAt: iso(row.createdAt)!,
        expiresAt: iso(row.expiresAt),
      };
    },

    /**
     * The caller's tokens that are not revoked, expired ones included (the list says so), and
     * those a new password revoked in the last days (so the owner learns which scripts stopped),
     * newest first.
     */
    async list(user: AuthUser): Promise<AccessTokenDto[]> {
      const shownSince = new Date(clock.now().getTime() - REVOKED_ACCESS_TOKENS_SHOWN_DAYS * 24 * 60 * 60 * 1000);
      const rows = await db
        .select()
        .from(accessTokens)
        .where(
          and(
            eq(accessTokens.userId, Number(user.id)),
            or(
              isNull(accessTokens.revokedAt),
              and(isNotNull(accessTokens.revokedReason), gt(accessTokens.revokedAt, shownSince)),
            ),
          ),
        )
        .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id));
      return rows.map((row) => ({
        id: String(row.id),
        name: row.name,
        createdAt: iso(row.createdAt)!,
        lastUsedAt: iso(row.lastUsedAt),
        expiresAt: iso(row.expiresAt),
        ...(row.revokedAt && row.revokedReason && { revoked: { at: iso(row.revokedAt)!, reason: row.revokedReason } }),
      }));
    },

    /** Someone else's token, or one already revoked, is not found (404), like one that never existed. */
    async revoke(user: AuthUser, id: number): Promise<void> {
      const revoked = await db
        .update(accessTokens)
        .set({ revokedAt: clock.now() })
        .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, Number(user.id)), isNull(accessTokens.revokedAt)))
        .returning({ id: accessTokens.id });
      if (!revoked.length) throw new NotFound(messages.accessTokenNotFound);
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
