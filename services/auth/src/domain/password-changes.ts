import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  lockedOutStatuses,
  messages,
  type AccessTokenRevocationReason,
  type Language,
  type MessageResponse,
} from '@trackboard/contracts';
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
import { countLiveAccessTokens, revokeAllAccessTokens } from './access-tokens';
import { assertPasswordAllowed } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';
import { mailText, recipientLanguage, type MailRecipient } from './mail-text';
import { createThrottles } from './throttles';
import { newLinkToken } from './tokens';

// A forgotten password is reset through a mailed single-use link; a known one is
// changed while signed in. Either way the old password's sessions end and the owner is told.
// Its personal access tokens end too (always on a reset, on a change unless the owner keeps
// them): a token minted by whoever knew the old password must not outlive the recovery.

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
  /** False with OIDC_ONLY: no reset links are mailed or taken (a password would sign no one in). */
  passwords: boolean;
};

type Owner = MailRecipient & { id: number };
/** What became of the account's personal access tokens, for the answer and the mail. */
type TokensOutcome = { revoked: number } | { kept: number };

export function createPasswordChanges({
  db,
  mailer,
  limiter,
  publicUrl,
  appName,
  log,
  clock,
  outbox,
  passwords,
}: PasswordChangesDeps) {
  const throttles = createThrottles(limiter);
  const assertPasswordsOn = () => {
    if (!passwords) throw new Forbidden(messages.passwordsTurnedOff);
  };
  const expired = (at: Date) => at.getTime() <= clock.now().getTime();

  /**
   * The new password, in the caller's transaction: every session but `keepSessionId` ends (its
   * sockets with it, on every replica), the access tokens are revoked for `revokeTokens` unless
   * it is null (kept), and the account's open reset links are spent, since the password they
   * would replace is gone.
   */
  async function replacePassword(
    tx: Db,
    userId: number,
    passwordHash: string,
    { keepSessionId, revokeTokens }: { keepSessionId?: string; revokeTokens: AccessTokenRevocationReason | null },
  ): Promise<TokensOutcome> {
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
    return revokeTokens
      ? { revoked: await revokeAllAccessTokens(tx, userId, revokeTokens, now) }
      : { kept: await countLiveAccessTokens(tx, userId, now) };
  }

  // Like the verification mail: a failed send is logged, not answered (the request already
  // gave its one answer, and the owner can ask again).
  function mail(to: Owner, subject: string, text: string): Promise<void> {
    return mailer
      .send({ to: to.email, subject, text })
      .catch((err) => log.error({ err, to: to.email }, `${subject}: mail failed`));
  }

  /** `acceptLanguage`: the request's, used when the owner chose no language. */
  const mailResetLink = (owner: Owner, token: string, acceptLanguage?: string) => {
    const language = recipientLanguage(owner, acceptLanguage);
    return mail(
      owner,
      mailText(language, 'resetSubject', { appName }),
      mailText(language, 'resetText', {
        name: owner.name,
        appName,
        link: `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
      }),
    );
  };

  /** Said only to an account that has tokens: one without them is not told about a feature it does not use. */
  const tokensLine = (language: Language, tokens: TokensOutcome) =>
    'revoked' in tokens
      ? tokens.revoked > 0
        ? mailText(language, 'tokensRevoked')
        : ''
      : tokens.kept > 0
        ? mailText(language, 'tokensKept')
        : '';

  const mailPasswordChanged = (owner: Owner, tokens: TokensOutcome) => {
    const language = recipientLanguage(owner);
    return mail(
      owner,
      mailText(language, 'passwordChangedSubject', { appName }),
      mailText(language, 'passwordChangedText', {
        name: owner.name,
        appName,
        tokens: tokensLine(language, tokens),
        link: `${publicUrl}/forgot-password`,
      }),
    );
  };
  const tokensRevoked = (tokens: TokensOutcome) => 'revoked' in tokens && tokens.revoked > 0;

  return {
    /**
     * The same answer for every address (no account discovery). Only an account that could sign
     * in gets a link: rejected and suspended ones are told nothing, and an unverified one gets
     * its link too (owning the mailbox is what the link proves), staying unverified after.
     */
    async requestReset(email: string, clientIp: string, acceptLanguage?: string): Promise<MessageResponse> {
      assertPasswordsOn();
      await throttles.passwordResetRequest(email, clientIp);
      const [owner] = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          status: users.status,
          profileSettings: users.profileSettings,
        })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      if (owner && !lockedOutStatuses.includes(owner.status)) {
        const { token, hash } = newLinkToken();
        await db
          .insert(passwordResetTokens)
          .values({ userId: owner.id, tokenHash: hash, expiresAt: new Date(clock.now().getTime() + RESET_TTL_MS) });
        // Not awaited: an SMTP round trip would make a known address answer measurably later.
        void mailResetLink(owner, token, acceptLanguage);
      }
      return { message: messages.passwordResetSent };
    },

    /**
     * The link's new password, under the registration policy; checked before the link is spent,
     * so a refused password can be retried with the same link.
     */
    async confirmReset(token: string, password: string): Promise<MessageResponse> {
      assertPasswordsOn();
      const [found] = await db
        .select({
          id: passwordResetTokens.id,
          expiresAt: passwordResetTokens.expiresAt,
          usedAt: passwordResetTokens.usedAt,
          owner: {
            id: users.id,
            name: users.name,
            email: users.email,
            status: users.status,
            profileSettings: users.profileSettings,
          },
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
      const tokens = await outbox.transaction(async (tx) => {
        // Single use, also when two requests race with one link: the loser finds it spent.
        const spent = await tx
          .update(passwordResetTokens)
          .set({ usedAt: clock.now() })
          .where(and(eq(passwordResetTokens.id, found.id), isNull(passwordResetTokens.usedAt)))
          .returning({ id: passwordResetTokens.id });
        if (spent.length === 0) return null;
        return replacePassword(tx, found.owner.id, passwordHash, { revokeTokens: 'PASSWORD_RESET' });
      });
      if (!tokens) throw new Invalid(messages.passwordResetUsed);
      await mailPasswordChanged(found.owner, tokens);
      return { message: tokensRevoked(tokens) ? messages.passwordResetDoneTokensRevoked : messages.passwordResetDone };
    },

    /**
     * Signed in: the current password proves it is the owner; this session stays, the others end,
     * and so do the access tokens unless the owner keeps them.
     */
    async change(
      user: AuthUser,
      input: { currentPassword: string; password: string; keepAccessTokens: boolean },
    ): Promise<MessageResponse> {
      if (user.via !== 'session') throw new Forbidden(messages.personalTokenRefused);
      const { sessionId } = user;
      const [owner] = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          passwordHash: users.passwordHash,
          profileSettings: users.profileSettings,
        })
        .from(users)
        .where(eq(users.id, Number(user.id)));
      if (!owner) throw new NotFound(messages.userNotFound);
      const check = await throttles.passwordCheck(user.id);
      if (!(await verifyPassword(owner.passwordHash, input.currentPassword)))
        throw new Invalid(messages.currentPasswordWrong);
      await check.succeeded();
      assertPasswordAllowed(input.password, { email: owner.email, name: owner.name, appName });
      const passwordHash = await hashPassword(input.password);
      const tokens = await outbox.transaction((tx) =>
        replacePassword(tx, owner.id, passwordHash, {
          keepSessionId: sessionId,
          revokeTokens: input.keepAccessTokens ? null : 'PASSWORD_CHANGE',
        }),
      );
      await mailPasswordChanged(owner, tokens);
      return { message: tokensRevoked(tokens) ? messages.passwordChangedTokensRevoked : messages.passwordChanged };
    },
  };
}
export type PasswordChanges = ReturnType<typeof createPasswordChanges>;
