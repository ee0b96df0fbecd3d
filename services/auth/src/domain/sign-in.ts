import { and, eq, isNull } from 'drizzle-orm';
import { messages, type SessionResponse } from '@trackboard/contracts';
import {
  Conflict,
  Forbidden,
  HttpError,
  Unauthorized,
  isUniqueViolation,
  toUserDto,
  type AuthUser,
  type Clock,
  type Db,
  type Outbox,
  type TokenSigner,
} from '@trackboard/server-kit';
import { sessions, users } from '../db/schema';
import type { AccountMail } from './account-mail';
import { byEmail, type UserRow } from './account-rows';
import type { EmailVerification } from './email-verification';
import { assertPasswordAllowed } from './password-policy';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import type { Throttles } from './throttles';

const SESSION_TTL_SECONDS = 12 * 60 * 60;

export type SignInDeps = {
  db: Db;
  sign: TokenSigner;
  appName: string;
  clock: Clock;
  /** Session revocations are recorded with the change and relayed to every board replica. */
  outbox: Outbox;
  throttles: Throttles;
  mail: AccountMail;
  verification: Pick<EmailVerification, 'issue'>;
};

/** Registering, signing in and out: each start of a session is a stored row and a signed token. */
export function createSignIn({ db, sign, appName, clock, outbox, throttles, mail, verification }: SignInDeps) {
  async function startSession(user: UserRow): Promise<SessionResponse> {
    const [session] = await db
      .insert(sessions)
      .values({ userId: user.id, expiresAt: new Date(clock.now().getTime() + SESSION_TTL_SECONDS * 1000) })
      .returning({ id: sessions.id });
    const token = await sign(
      { id: String(user.id), email: user.email, role: user.role, isAdmin: user.isAdmin, sessionId: session!.id },
      SESSION_TTL_SECONDS,
    );
    return { token, user: toUserDto(user) };
  }

  return {
    async register(
      input: { name: string; email: string; password: string },
      clientIp: string,
    ): Promise<SessionResponse> {
      assertPasswordAllowed(input.password, { email: input.email, name: input.name, appName });
      await throttles.registration(input.email, clientIp);
      const passwordHash = await hashPassword(input.password);
      try {
        const { user, token } = await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({ name: input.name, email: input.email, passwordHash })
            .returning();
          return { user: user!, token: await verification.issue(tx, user!.id) };
        });
        await mail.verification(user, token);
        return await startSession(user);
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(messages.emailTaken);
        throw error;
      }
    },

    async login(input: { email: string; password: string }, clientIp: string): Promise<SessionResponse> {
      const attempt = await throttles.loginAttempt(input.email, clientIp);
      const [user] = await db.select().from(users).where(byEmail(input.email));
      const matches = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await burnPasswordCheck(input.password).then(() => false);
      if (!user || !matches) {
        await attempt.failed();
        throw new Unauthorized(messages.invalidCredentials);
      }
      await attempt.succeeded();
      if (user.status === 'REJECTED') throw new HttpError(403, messages.accountRejected, { status: user.status });
      if (user.status === 'SUSPENDED') throw new HttpError(403, messages.accountSuspended, { status: user.status });
      return startSession(user);
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
