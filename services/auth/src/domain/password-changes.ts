import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { lockedOutStatuses, messages, type MessageResponse } from '@trackboard/contracts';
import {
  Forbidden,
  Invalid,
  NotFound,
  type AuthUser,
  type Clock,
  type Db,
  type Logger,
  type Mailer,
  type Outbox,
  type RateLimiter,
  hashSecretToken,
} from '@trackboard/server-kit';
import { passwordResetTokens, sessions, users } from '../db/schema';
import { assertPasswordAllowed } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';
import { createThrottles } from './throttles';
import { newLinkToken } from './tokens';

// Issue 15: a forgotten password is reset through a mailed single-use link; a known one is
// changed while signed in. Either way the old password's sessions end and the owner is told.

const RESET_TTL_MS = 60 * 60 * 1000;

export type PasswordChangesDeps = {
  db: Db;
  mailer: Mailer;
  limiter: RateLimiter;
  /** Where users reach the app, for the links in e-mails. */
  publicUrl: string;
  appName: string;
  log: Logger;
  clock: Clock;
  /** Session revocations are recorded with the change and relayed to every board replica. */
  outbox: Outbox;
};

type Owner = { id: number; name: string; email: string };

export function createPasswordChanges({
  db,
  mailer,
  limiter,
  publicUrl,
  appName,
  log,
  clock,
  outbox,
}: PasswordChangesDeps) {
  const throttles = createThrottles(limiter);
  const expired = (at: Date) => at.getTime() <= clock.now().getTime();

  /**
   * The new password, in the caller's transaction: every session but `keepSessionId` ends (its
   * sockets with it, on every replica), and the account's open reset links are spent, since the
   * password they would replace is gone.
   */
  async function replacePassword(tx: Db, userId: number, passwordHash: string, keepSessionId?: string) {
    const now = clock.now();
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
        ),
      )
      .returning({ id: sessions.id });
    if (keepSessionId) {
      // The session that changed the password stays: only the others' sockets are dropped.
      for (const { id } of ended)
        await outbox.recordEvent(tx, { type: 'session.revoked', userId: String(userId), sessionId: id });
    } else if (ended.length) {
      await outbox.recordEvent(tx, { type: 'account.revoked', userId: String(userId), reason: 'PASSWORD_RESET' });
    }
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  }

  // Like the verification mail: a failed send is logged, not answered (the request already
  // gave its one answer, and the owner can ask again).
  function mail(to: Owner, subject: string, text: string): Promise<void> {
    return mailer
      .send({ to: to.email, subject, text })
      .catch((err) => log.error({ err, to: to.email }, `${subject}: mail failed`));
  }

  const mailResetLink = (owner: Owner, token: string) =>
    mail(
      owner,
      `Reset your password for ${appName}`,
      `Hello ${owner.name},\n\nsomeone asked to reset the password of your ${appName} account. To choose a new one, open this link:\n\n${publicUrl}/reset-password?token=${encodeURIComponent(token)}\n\nThe link works once and expires in 1 hour. If you did not ask for this, ignore this e-mail: your password stays as it is.\n`,
    );

  const mailPasswordChanged = (owner: Owner) =>
    mail(
      owner,
      `Your ${appName} password was changed`,
      `Hello ${owner.name},\n\nthe password of your ${appName} account was just changed, and the sessions signed in with the old one were signed out.\n\nIf this was not you, reset your password now at ${publicUrl}/forgot-password and contact support.\n`,
    );

  return {
    /**
     * The same answer for every address (no account discovery). Only an account that could sign
     * in gets a link: rejected and suspended ones are told nothing, and an unverified one gets
     * its link too (owning the mailbox is what the link proves), staying unverified after.
     */
    async requestReset(email: string, clientIp: string): Promise<MessageResponse> {
      await throttles.passwordResetRequest(email, clientIp);
      const [owner] = await db
        .select({ id: users.id, name: users.name, email: users.email, status: users.status })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      if (owner && !lockedOutStatuses.includes(owner.status)) {
        const { token, hash } = newLinkToken();
        await db
          .insert(passwordResetTokens)
          .values({ userId: owner.id, tokenHash: hash, expiresAt: new Date(clock.now().getTime() + RESET_TTL_MS) });
        // Not awaited: an SMTP round trip would make a known address answer measurably later.
        void mailResetLink(owner, token);
      }
      return { message: messages.passwordResetSent };
    },

    /**
     * The link's new password, under the registration policy; checked before the link is spent,
     * so a refused password can be retried with the same link.
     */
    async confirmReset(token: string, password: string): Promise<MessageResponse> {
      const [found] = await db
        .select({
          id: passwordResetTokens.id,
          expiresAt: passwordResetTokens.expiresAt,
          usedAt: passwordResetTokens.usedAt,
          owner: { id: users.id, name: users.name, email: users.email, status: users.status },
        })
        .from(passwordResetTokens)
        .innerJoin(users, eq(users.id, passwordResetTokens.userId))
        .where(eq(passwordResetTokens.tokenHash, hashSecretToken(token)));
      if (!found) throw new Invalid(messages.passwordResetInvalid);
      if (found.usedAt) throw new Invalid(messages.passwordResetUsed);
      if (expired(found.expiresAt)) throw new Invalid(messages.passwordResetExpired);
      // Locked out since the link was mailed: the link no longer opens anything.
      if (lockedOutStatuses.includes(found.owner.status)) throw new Invalid(messages.passwordResetInvalid);
      assertPasswordAllowed(password, { email: found.owner.email, name: found.owner.name, appName });
      const passwordHash = await hashPassword(password);
      const reset = await outbox.transaction(async (tx) => {
        // Single use, also when two requests race with one link: the loser finds it spent.
        const spent = await tx
          .update(passwordResetTokens)
          .set({ usedAt: clock.now() })
          .where(and(eq(passwordResetTokens.id, found.id), isNull(passwordResetTokens.usedAt)))
          .returning({ id: passwordResetTokens.id });
        if (spent.length === 0) return false;
        await replacePassword(tx, found.owner.id, passwordHash);
        return true;
      });
      if (!reset) throw new Invalid(messages.passwordResetUsed);
      await mailPasswordChanged(found.owner);
      return { message: messages.passwordResetDone };
    },

    /** Signed in: the current password proves it is the owner; this session stays, the others end. */
    async change(user: AuthUser, input: { currentPassword: string; password: string }): Promise<MessageResponse> {
      if (user.via !== 'session') throw new Forbidden(messages.personalTokenRefused);
      const { sessionId } = user;
      const [owner] = await db
        .select({ id: users.id, name: users.name, email: users.email, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, Number(user.id)));
      if (!owner) throw new NotFound(messages.userNotFound);
      const check = await throttles.passwordCheck(user.id);
      if (!(await verifyPassword(owner.passwordHash, input.currentPassword)))
        throw new Invalid(messages.currentPasswordWrong);
      await check.succeeded();
      assertPasswordAllowed(input.password, { email: owner.email, name: owner.name, appName });
      const passwordHash = await hashPassword(input.password);
      await outbox.transaction((tx) => replacePassword(tx, owner.id, passwordHash, sessionId));
      await mailPasswordChanged(owner);
      return { message: messages.passwordChanged };
    },
  };
}
export type PasswordChanges = ReturnType<typeof createPasswordChanges>;
