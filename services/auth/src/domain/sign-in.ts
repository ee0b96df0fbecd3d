import { and, eq, isNull } from 'drizzle-orm';
import { messages, type SessionResponse } from '@trackboard/contracts';
import {
  Conflict,
  Forbidden,
  NotFound,
  Unauthorized,
  hashSecretToken,
  invitationDirectory,
  isUniqueViolation,
  type AuthUser,
  type Clock,
  type Db,
  type Outbox,
} from '@trackboard/server-kit';
import { sessions, users } from '../db/schema';
import type { AccountMail } from './account-mail';
import { byEmail } from './account-rows';
import type { EmailVerification } from './email-verification';
import { createRegistrationSettings } from './registration-settings';
import { assertMaySignIn, type SessionOrigin, type StartSession } from './sessions';
import { assertPasswordAllowed } from './password-policy';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import type { Throttles } from './throttles';

export type SignInDeps = {
  db: Db;
  appName: string;
  clock: Clock;
  /** Session revocations are recorded with the change and relayed to every board replica. */
  outbox: Outbox;
  throttles: Throttles;
  mail: AccountMail;
  verification: Pick<EmailVerification, 'issue'>;
  startSession: StartSession;
  /** False with OIDC_ONLY: accounts sign in through the identity provider, never with a password. */
  passwords: boolean;
};

/** Registering, signing in with a password and signing out. */
export function createSignIn({
  db,
  appName,
  clock,
  outbox,
  throttles,
  mail,
  verification,
  startSession,
  passwords,
}: SignInDeps) {
  const registration = createRegistrationSettings(db);
  const assertPasswordsOn = () => {
    if (!passwords) throw new Forbidden(messages.passwordsTurnedOff);
  };

  return {
    /** `acceptLanguage`: the request's, for the verification mail (a new account has no language chosen). */
    async register(
      input: { name: string; email: string; password: string },
      origin: SessionOrigin,
      acceptLanguage?: string,
    ): Promise<SessionResponse> {
      assertPasswordsOn();
      assertPasswordAllowed(input.password, { email: input.email, name: input.name, appName });
      await throttles.registration(input.email, origin.ipAddress);
      const passwordHash = await hashPassword(input.password);
      try {
        const { user, token } = await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({ name: input.name, email: input.email, passwordHash })
            .returning();
          return { user: user!, token: await verification.issue(tx, user!.id) };
        });
        await mail.verification(user, token, acceptLanguage);
        return await startSession(user, origin, 'password');
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(messages.emailTaken);
        throw error;
      }
    },

    /**
     * Someone new registers through a project's invitation link: the address is the invitation's
     * (the mailed link proves it) and the lead who invited them vouches for them, so the account
     * is verified and active at once — unless an administrator wants invited people approved too,
     * then it waits for approval like any other. Joining the project is the project service's
     * (accepting, which a pending account may do: it is on the team once approved).
     */
    async registerInvited(
      input: { token: string; name: string; password: string },
      origin: SessionOrigin,
    ): Promise<SessionResponse> {
      assertPasswordsOn();
      const [invitation] = await db
        .select()
        .from(invitationDirectory)
        .where(eq(invitationDirectory.tokenHash, hashSecretToken(input.token)));
      if (!invitation) throw new NotFound(messages.invitationNotFound);
      if (invitation.expiresAt.getTime() <= clock.now().getTime()) throw new Conflict(messages.invitationExpired);
      const email = invitation.email.toLowerCase();
      assertPasswordAllowed(input.password, { email, name: input.name, appName });
      await throttles.registration(email, origin.ipAddress);
      const passwordHash = await hashPassword(input.password);
      const { invitedNeedApproval } = await registration.current();
      try {
        const [user] = await db
          .insert(users)
          .values({
            name: input.name,
            email,
            passwordHash,
            status: invitedNeedApproval ? 'PENDING_APPROVAL' : 'ACTIVE',
          })
          .returning();
        return await startSession(user!, origin, 'invitation');
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(messages.invitationAccountExists);
        throw error;
      }
    },

    async login(input: { email: string; password: string }, origin: SessionOrigin): Promise<SessionResponse> {
      assertPasswordsOn();
      const attempt = await throttles.loginAttempt(input.email, origin.ipAddress);
      const [user] = await db.select().from(users).where(byEmail(input.email));
      const matches = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await burnPasswordCheck(input.password).then(() => false);
      if (!user || !matches) {
        await attempt.failed();
        throw new Unauthorized(messages.invalidCredentials);
      }
      await attempt.succeeded();
      assertMaySignIn(user);
      return startSession(user, origin, 'password');
    },

    async logout(user: AuthUser): Promise<void> {
      if (user.via !== 'session') throw new Forbidden(messages.personalTokenRefused);
      const { sessionId } = user;
      await outbox.transaction(async (tx) => {
        const ended = await tx
          .update(sessions)
          .set({ revokedAt: clock.now() })
          .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id });
        if (ended.length) await outbox.recordEvent(tx, { type: 'session.revoked', userId: user.id, sessionId });
      });
    },
  };
}
