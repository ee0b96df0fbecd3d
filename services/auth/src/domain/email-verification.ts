import { and, eq, isNull } from 'drizzle-orm';
import { messages } from '@trackboard/contracts';
import { Conflict, Invalid, hashSecretToken, type AuthUser, type Clock, type Db } from '@trackboard/server-kit';
import { users, verificationTokens } from '../db/schema';
import type { AccountMail } from './account-mail';
import { administered, byEmail } from './account-rows';
import type { Throttles } from './throttles';
import { newLinkToken } from './tokens';

const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

/** The e-mail verification links: issued, opened once, and sent again on request. */
export function createEmailVerification(db: Db, clock: Clock, mail: AccountMail, throttles: Throttles) {
  /** A new link for the account, stored as its hash (in the caller's transaction, if any). */
  async function issue(tx: Db, userId: number): Promise<string> {
    const { token, hash } = newLinkToken();
    await tx
      .insert(verificationTokens)
      .values({ userId, tokenHash: hash, expiresAt: new Date(clock.now().getTime() + VERIFICATION_TTL_MS) });
    return token;
  }

  return {
    issue,

    /**
     * Used tokens stay stored (as their hash, with used_at), so a link opened again, even after
     * it expired, is told apart from an unknown one: its account is past verification (every
     * status after PENDING_VERIFICATION is, by the state machine), and a 409 says so.
     */
    async verifyEmail(token: string): Promise<{ message: string }> {
      const [found] = await db
        .select({
          id: verificationTokens.id,
          userId: verificationTokens.userId,
          expiresAt: verificationTokens.expiresAt,
          usedAt: verificationTokens.usedAt,
          accountStatus: users.status,
        })
        .from(verificationTokens)
        .innerJoin(users, eq(users.id, verificationTokens.userId))
        .where(eq(verificationTokens.tokenHash, hashSecretToken(token)));
      if (!found) throw new Invalid(messages.verificationInvalid);
      if (found.accountStatus !== 'PENDING_VERIFICATION') throw new Conflict(messages.emailAlreadyVerified);
      if (found.usedAt) throw new Invalid(messages.verificationInvalid);
      if (found.expiresAt.getTime() <= clock.now().getTime()) throw new Invalid(messages.verificationExpired);
      const verified = await db.transaction(async (tx) => {
        // Single use, also when two requests race with the same token: the loser finds it used
        // by the request that verified the account.
        const marked = await tx
          .update(verificationTokens)
          .set({ usedAt: clock.now() })
          .where(and(eq(verificationTokens.id, found.id), isNull(verificationTokens.usedAt)))
          .returning({ id: verificationTokens.id });
        if (marked.length === 0) return false;
        const moved = await tx
          .update(users)
          .set({ status: 'PENDING_APPROVAL', updatedAt: clock.now() })
          .where(and(eq(users.id, found.userId), eq(users.status, 'PENDING_VERIFICATION')))
          .returning({ id: users.id });
        // None moved: another link of the same account verified it meanwhile.
        return moved.length > 0;
      });
      if (!verified) throw new Conflict(messages.emailAlreadyVerified);
      return { message: messages.emailVerified };
    },

    /**
     * The same answer whether or not the address has an account (no account discovery);
     * `acceptLanguage`: the request's, for the mail when the account chose no language.
     */
    async resendVerification(email: string, clientIp: string, acceptLanguage?: string): Promise<{ message: string }> {
      await throttles.resend(clientIp);
      const [user] = await db.select().from(users).where(byEmail(email));
      if (user?.status === 'PENDING_VERIFICATION')
        await mail.verification(user, await issue(db, user.id), acceptLanguage);
      return { message: messages.verificationSent };
    },

    /** A new verification link for an account that still awaits it (an administrator's request). */
    async resendFor(caller: AuthUser, userId: number): Promise<{ message: string }> {
      const user = await administered(db, caller, userId);
      if (user.status !== 'PENDING_VERIFICATION') throw new Conflict(messages.onlyPendingVerification);
      await mail.verification(user, await issue(db, user.id));
      return { message: messages.verificationResent };
    },
  };
}
export type EmailVerification = ReturnType<typeof createEmailVerification>;
