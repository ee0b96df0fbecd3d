import { and, count, desc, eq, gt, isNull, or } from 'drizzle-orm';
import {
  ACCESS_TOKEN_PREFIX,
  ACCESS_TOKENS_PER_USER,
  messages,
  type AccessTokenCreate,
  type AccessTokenDto,
  type CreatedAccessTokenDto,
} from '@trackboard/contracts';
import { Conflict, Invalid, NotFound, type AuthUser, type Clock, type Db } from '@trackboard/server-kit';
import { accessTokens, users } from '../db/schema';
import { newSecretToken } from './tokens';

// Personal access tokens (issue 17). The token is shown once, in the answer to the create; only
// its SHA-256 hash is stored, which is what every service looks it up by (server-kit's
// authenticate.ts, through the view auth.live_access_tokens).

export type AccessTokensDeps = { db: Db; clock: Clock };

/** `tb_pat_` and 32 random bytes (256 bits): guessing one is out of the question, so a fast hash is enough. */
export const newAccessToken = () => newSecretToken(ACCESS_TOKEN_PREFIX);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function createAccessTokens({ db, clock }: AccessTokensDeps) {
  /** Not revoked and not expired: the tokens that count towards the limit. */
  const live = (userId: number) =>
    and(
      eq(accessTokens.userId, userId),
      isNull(accessTokens.revokedAt),
      or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, clock.now())),
    );

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
        const [held] = await tx.select({ n: count() }).from(accessTokens).where(live(userId));
        if (held!.n >= ACCESS_TOKENS_PER_USER) throw new Conflict(messages.tooManyAccessTokens);
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

    /** The caller's tokens that are not revoked, expired ones included (the list says so), newest first. */
    async list(user: AuthUser): Promise<AccessTokenDto[]> {
      const rows = await db
        .select()
        .from(accessTokens)
        .where(and(eq(accessTokens.userId, Number(user.id)), isNull(accessTokens.revokedAt)))
        .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id));
      return rows.map((row) => ({
        id: String(row.id),
        name: row.name,
        createdAt: iso(row.createdAt)!,
        lastUsedAt: iso(row.lastUsedAt),
        expiresAt: iso(row.expiresAt),
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
